import type { ReactNode } from 'react';
import { isApiError } from '@atrium/api-client';
import { ADMIN_MESSAGES } from '@atrium/domain-admin';
import { AdminRefused } from '../features/admin-users/refused';
import { isRefused, useAdminUser } from '../features/admin-users/use-admin-users';
import { ROLE_LABELS } from '../features/business/members-tab';
import { fullName } from '../lib/format';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Link,
  PageSkeleton,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useParams,
  formatInstant,
} from '@atrium/ui';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

const back = (
  <Anchor component={Link} to="/admin-users" size="sm">
    ← Admin users
  </Anchor>
);

/** /admin-users/{userId}: one user, their businesses and roles, active sessions (company staff only). */
export default function AdminUserPage() {
  const { userId } = useParams();
  const { data: u, isPending, error } = useAdminUser(userId);

  if (isRefused(error)) return <AdminRefused />;
  if (isPending) return <PageSkeleton />;
  if (error || !u) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack>
        {back}
        <Alert
          color={missing ? 'gray' : 'red'}
          title={missing ? ADMIN_MESSAGES.userNotFound : ADMIN_MESSAGES.loadFailed}
        >
          {missing ? 'No user has this id.' : error?.message}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={960}>
      {back}
      <Group gap="sm">
        <Title order={1} fz={26}>
          {fullName(u) || u.email}
        </Title>
        <Badge variant="light" color={u.verified ? 'teal' : 'yellow'}>
          {u.verified ? 'Verified' : 'Not verified'}
        </Badge>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label="Email">{u.email}</Field>
          <Field label="Joined">{formatInstant(u.createdAt)}</Field>
          <Field label="Active sessions">{String(u.activeSessions)}</Field>
          <Field label="Phone">{u.phoneNumber}</Field>
          <Field label="Location">{[u.city, u.country].filter(Boolean).join(', ')}</Field>
          <Field label="Industry">{u.industry}</Field>
          <Field label="Google sign-in">{u.hasGoogle ? 'Linked' : 'Not linked'}</Field>
          <Field label="User id">
            <Text size="xs" ff="monospace">
              {u.id}
            </Text>
          </Field>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="lg">
            Businesses ({u.memberships.length})
          </Title>
          {u.memberships.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not a member of any business
            </Text>
          ) : (
            <Table verticalSpacing="xs" aria-label="Memberships">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Business</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Member since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.memberships.map((m) => (
                  <Table.Tr key={m.businessId}>
                    <Table.Td>
                      <Text size="sm">{m.businessName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{ROLE_LABELS[m.role]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatInstant(m.joinedAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
