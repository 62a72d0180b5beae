import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Badge,
  Button,
  ConfirmDialog,
  Group,
  handleError,
  Loader,
  Notice,
  Paper,
  PasswordInput,
  schemaResolver,
  Stack,
  Table,
  Text,
  Title,
  useForm,
} from '@atrium/ui';
import { identity, IDENTITY_MESSAGES, changePasswordSchema, userKeys, type SessionInfo } from '@atrium/domain-identity';
import { PASSWORDS_DIFFER } from '../../auth/reset-password-page';
import { NewPasswordFields } from '../../auth/fields';

export const SECURITY_MESSAGES = {
  passwordChangeFailed: 'Failed to change password',
  sessionsFailed: 'Failed to load sessions',
  sessionRevoked: 'Session signed out',
  sessionRevokeFailed: 'Failed to sign out the session',
  othersRevoked: 'Other sessions signed out',
  othersRevokeFailed: 'Failed to sign out other sessions',
  othersConfirm:
    'Every other browser and device signed in to your account will be signed out. This one stays signed in.',
} as const;

const passwordRule = schemaResolver(changePasswordSchema, { sync: true });
type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
function validatePasswords(values: PasswordValues) {
  const errors: Record<string, string> = { ...(passwordRule(values) as Record<string, string>) };
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validatePasswords,
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setSaving(true);
    setError(null);
    try {
      await identity.changePassword({ currentPassword, newPassword });
      form.reset();
      toast.success(IDENTITY_MESSAGES.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: userKeys.sessions });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      else if (isApiError(e) && e.message === IDENTITY_MESSAGES.currentPasswordWrong)
        form.setFieldError('currentPassword', e.message);
      else setError(isApiError(e) ? e.message : SECURITY_MESSAGES.passwordChangeFailed);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <Title order={3} fz="md">
            Change password
          </Title>
          {error && (
            <Notice tone="error" title={SECURITY_MESSAGES.passwordChangeFailed}>
              {error}
            </Notice>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields form={form} path="newPassword" />
          <Group>
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Firefox on Linux" from a user agent; the raw text when nothing is recognised. */
export function describeAgent(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? null;
  const os =
    [
      [/Windows/, 'Windows'],
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? null;
  if (!browser && !os) return ua.slice(0, 60);
  return [browser ?? 'Browser', os ? `on ${os}` : ''].filter(Boolean).join(' ');
}

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

function SessionsCard() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({ queryKey: userKeys.sessions, queryFn: () => identity.sessions() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.sessions });
  const revoke = useMutation({
    mutationFn: (id: string) => identity.revokeSession(id),
    onSuccess: () => {
      toast.success(SECURITY_MESSAGES.sessionRevoked);
      return refresh();
    },
    onError: (e) => handleError(e, { message: SECURITY_MESSAGES.sessionRevokeFailed }),
  });
  const revokeOthers = useMutation({
    mutationFn: () => identity.revokeOtherSessions(),
    onSuccess: () => {
      setConfirming(false);
      toast.success(SECURITY_MESSAGES.othersRevoked);
      return refresh();
    },
    onError: (e) => {
      setConfirming(false);
      handleError(e, { message: SECURITY_MESSAGES.othersRevokeFailed });
    },
  });
  const list: SessionInfo[] = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} fz="md">
              Active sessions
            </Title>
            <Text size="sm" c="dimmed">
              Browsers and devices signed in to your account.
            </Text>
          </Stack>
          <Button variant="light" color="red" disabled={others === 0} onClick={() => setConfirming(true)}>
            Sign out other sessions
          </Button>
        </Group>
        {sessions.isPending && <Loader size="sm" aria-label="Loading sessions" />}
        {sessions.isError && (
          <Notice tone="error">
            {SECURITY_MESSAGES.sessionsFailed}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Notice>
        )}
        {sessions.isSuccess && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Active sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>IP address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Last active</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.id} data-testid="session-row">
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" title={s.userAgent ?? undefined}>
                          {describeAgent(s.userAgent)}
                        </Text>
                        {s.current && (
                          <Badge size="sm" variant="light" color="green">
                            This device
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.ip ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(s.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(s.lastUsedAt)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {!s.current && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={revoke.isPending && revoke.variables === s.id}
                          onClick={() => revoke.mutate(s.id)}
                          aria-label={`Sign out ${describeAgent(s.userAgent)} (${s.ip ?? 'unknown IP'})`}
                        >
                          Sign out
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Sign out other sessions"
        message={SECURITY_MESSAGES.othersConfirm}
        confirmLabel="Sign out others"
        loading={revokeOthers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => revokeOthers.mutate()}
      />
    </Paper>
  );
}

/** /settings/profile/security: change password, active sessions with sign-out per session and for all others. */
export function SecurityTab() {
  return (
    <Stack gap="lg">
      <ChangePasswordCard />
      <SessionsCard />
    </Stack>
  );
}
