import { useState } from 'react';
import { fieldErrorsOf, sessionView } from '@atrium/api-client';
import { MEMBER_ROLES, type MemberRole } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import {
  BUSINESS_MESSAGES,
  INVITE_TTL_MS,
  inviteMemberSchema,
  type Business,
  type BusinessInvite,
  type BusinessMember,
} from '@atrium/domain-admin';
import { businessError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { useBusinessMutations, useInvites } from './use-business';
import {
  Badge,
  Button,
  ConfirmDialog,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  schemaResolver,
  useForm,
  useNavigate,
  formatInstant,
} from '@atrium/ui';

export const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Roles the caller may hand out: only an owner makes owners. */
export function assignableRoles(callerRole: MemberRole): MemberRole[] {
  return MEMBER_ROLES.filter((r) => r !== 'owner' || callerRole === 'owner');
}

/** An admin cannot change or remove an owner; an owner can do both (the server checks again). */
export function canEditMember(callerRole: MemberRole, member: Pick<BusinessMember, 'role'>): boolean {
  if (callerRole === 'owner') return true;
  return callerRole === 'admin' && member.role !== 'owner';
}

/** The only owner can be neither demoted nor removed, nor leave (BUSINESS_MESSAGES.lastOwner). */
export function isLastOwner(business: Pick<Business, 'members'>, member: Pick<BusinessMember, 'role'>): boolean {
  return member.role === 'owner' && business.members.filter((m) => m.role === 'owner').length <= 1;
}

const roleOptions = (roles: readonly MemberRole[]) => roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

function MembersTable({ business, callerRole }: { business: Business; callerRole: MemberRole }) {
  const me = sessionView.user?.id;
  const navigate = useNavigate();
  const { updateRole, removeMember } = useBusinessMutations(business.id);
  const [removing, setRemoving] = useState<BusinessMember | null>(null);

  const changeRole = async (m: BusinessMember, role: MemberRole) => {
    if (role === m.role) return;
    try {
      await updateRole.mutateAsync({ userId: m.userId, role });
      toast.success(`${fullName(m.user ?? {}) || 'Member'} is now ${ROLE_LABELS[role].toLowerCase()}`);
    } catch (e) {
      businessError(e, BUSINESS_MESSAGES.updateRoleFailed);
    }
  };

  const confirmRemove = async () => {
    const m = removing;
    if (!m) return;
    try {
      await removeMember.mutateAsync(m.userId);
      setRemoving(null);
      if (m.userId === me) {
        toast.success(`You left ${business.name}`);
        navigate('/');
      } else {
        toast.success(`${fullName(m.user ?? {}) || 'Member'} removed`);
      }
    } catch (e) {
      setRemoving(null);
      businessError(e, BUSINESS_MESSAGES.removeMemberFailed);
    }
  };

  const leaving = removing?.userId === me;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th w={170}>Role</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {business.members.map((m) => {
              const name = fullName(m.user ?? {}) || m.userId;
              const lastOwner = isLastOwner(business, m);
              const editable = canEditMember(callerRole, m) && !lastOwner;
              const self = m.userId === me;
              return (
                <Table.Tr key={m.userId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {name}
                      {self && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.user?.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    {editable ? (
                      <Select
                        aria-label={`Role of ${name}`}
                        data={roleOptions(assignableRoles(callerRole))}
                        value={m.role}
                        allowDeselect={false}
                        size="xs"
                        disabled={updateRole.isPending}
                        onChange={(v) => v && void changeRole(m, v as MemberRole)}
                        comboboxProps={{ withinPortal: true }}
                      />
                    ) : (
                      <Tooltip label={BUSINESS_MESSAGES.lastOwner} disabled={!lastOwner}>
                        <Badge variant="light" color={m.role === 'owner' ? 'atrium' : 'gray'}>
                          {ROLE_LABELS[m.role]}
                        </Badge>
                      </Tooltip>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {(editable || (self && !lastOwner)) && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={self ? 'Leave business' : `Remove ${name}`}
                        onClick={() => setRemoving(m)}
                      >
                        {self ? 'Leave' : 'Remove'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        title={leaving ? 'Leave business' : 'Remove member'}
        message={
          leaving
            ? `Leave ${business.name}? You lose access to it until someone invites you again.`
            : `Remove ${fullName(removing?.user ?? {}) || 'this member'} from ${business.name}? They lose access to it.`
        }
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        danger
        loading={removeMember.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </>
  );
}

function InviteForm({ business, callerRole }: { business: Business; callerRole: MemberRole }) {
  const { invite } = useBusinessMutations(business.id);
  const form = useForm({
    initialValues: { email: '', role: business.settings.defaultRole ?? 'member' },
    validate: schemaResolver(inviteMemberSchema, { sync: true }),
    validateInputOnBlur: ['email'],
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync({ email: values.email.trim(), role: values.role as MemberRole });
      toast.success(`Invite sent to ${sent.email}`);
      form.reset();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      businessError(e, BUSINESS_MESSAGES.inviteFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member">
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Email"
          placeholder="name@company.com"
          type="email"
          withAsterisk
          style={{ flex: '1 1 240px' }}
          {...form.getInputProps('email')}
        />
        <Select
          label="Role"
          data={roleOptions(assignableRoles(callerRole))}
          allowDeselect={false}
          w={160}
          {...form.getInputProps('role')}
        />
        <Button type="submit" mt={25} loading={invite.isPending}>
          Send invite
        </Button>
      </Group>
    </form>
  );
}

function PendingInvites({ business }: { business: Business }) {
  const invites = useInvites(business.id, true);
  const { revokeInvite } = useBusinessMutations(business.id);
  const [revoking, setRevoking] = useState<BusinessInvite | null>(null);
  const revoke = async () => {
    const inv = revoking;
    if (!inv) return;
    try {
      await revokeInvite.mutateAsync(inv.id);
      toast.success(`Invite to ${inv.email} revoked`);
    } catch (e) {
      businessError(e, 'Failed to revoke invite');
    } finally {
      setRevoking(null);
    }
  };

  if (invites.isPending) return <Loader size="sm" aria-label="Loading invites" />;
  if (invites.error)
    return (
      <Text size="sm" c="red">
        Pending invites could not be loaded: {invites.error.message}
      </Text>
    );
  if (invites.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No pending invites
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label="Pending invites">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th w={100} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invites.data.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>
                  <Text size="sm">{inv.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ROLE_LABELS[inv.role]}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatInstant(inv.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  {inv.expired ? (
                    <Badge color="gray" variant="light">
                      Expired
                    </Badge>
                  ) : (
                    <Text size="sm">{formatInstant(inv.expiresAt)}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke invite to ${inv.email}`}
                    onClick={() => setRevoking(inv)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke invite"
        message={`Revoke the invite to ${revoking?.email ?? ''}? Its link stops working.`}
        confirmLabel="Revoke"
        danger
        loading={revokeInvite.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </>
  );
}

/** Members with their roles, invites by e-mail and role, pending invites (owner or admin only). */
export function MembersTab({ business, role }: { business: Business; role: MemberRole }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Members
            </Title>
            <Text size="sm" c="dimmed">
              {business.members.length} {business.members.length === 1 ? 'member' : 'members'}
            </Text>
          </Group>
          <MembersTable business={business} callerRole={role} />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="lg">
            Invite a member
          </Title>
          <Text size="sm" c="dimmed">
            They get an e-mail with a link to join {business.name}. The link works for {INVITE_TTL_MS / 86_400_000}{' '}
            days.
          </Text>
          <InviteForm business={business} callerRole={role} />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="lg">
            Pending invites
          </Title>
          <PendingInvites business={business} />
        </Stack>
      </Paper>
    </Stack>
  );
}
