import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import { ADMIN_MESSAGES } from '@atrium/domain-admin';
import { AdminRefused } from '../features/admin-users/refused';
import { isRefused, useAdminUsers } from '../features/admin-users/use-admin-users';
import { fullName } from '../lib/format';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  IconSearch,
  Link,
  Loader,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useDebouncedValue,
  useSearchParams,
  formatInstant,
} from '@atrium/ui';

const SEARCH_DEBOUNCE_MS = 300;

/** /admin-users: every user of the installation (company staff only), searchable, paged; kept in the address. */
export default function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === (params.get('search') ?? '')) return;
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, params, setParams]);

  const query = { search: params.get('search') || undefined, page, limit: DEFAULT_PAGE_SIZE };
  const { data, isPending, isFetching, error } = useAdminUsers(query);

  if (isRefused(error)) return <AdminRefused />;

  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} fz={26}>
            Admin users
          </Title>
          <Text c="dimmed" size="sm">
            {data ? `${data.pagination.total} ${data.pagination.total === 1 ? 'user' : 'users'}` : 'Every user'}
          </Text>
        </Stack>
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or email"
          leftSection={<IconSearch size={16} />}
          rightSection={isFetching && !isPending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
      </Group>
      {error ? (
        <Alert color="red" title={ADMIN_MESSAGES.loadFailed}>
          {error.message}
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Verified</Table.Th>
                  <Table.Th ta="right">Businesses</Table.Th>
                  <Table.Th>Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isPending &&
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={5}>
                        <Skeleton h={18} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {data?.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        No users found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data?.data.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin-users/${encodeURIComponent(u.id)}`} size="sm" fw={500}>
                        {fullName(u) || u.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{u.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={u.verified ? 'teal' : 'yellow'}>
                        {u.verified ? 'Verified' : 'Not verified'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{u.businessCount}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatInstant(u.createdAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {data && data.pagination.totalPages > 1 && (
        <Group justify="center">
          <Pagination
            total={data.pagination.totalPages}
            value={data.pagination.page}
            onChange={goTo}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
