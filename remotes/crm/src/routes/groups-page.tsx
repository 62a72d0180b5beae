import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  ColorSwatch,
  DeleteConfirmDialog,
  DraggableModal,
  Group,
  IconPlus,
  IconSearch,
  Link,
  PageSkeleton,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useDebouncedValue,
} from '@atrium/ui';
import type { ContactGroup } from '@atrium/domain-crm';
import { GroupForm } from '../features/groups/group-form';
import { TagsPanel } from '../features/tags/tags-panel';
import { useGroupMutations, useGroups } from '../features/groups/use-groups';

const LIMIT = 20;

/** /groups: the business's contact groups with their colours and sizes. */
export default function GroupsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, isError, error, refetch } = useGroups({
    page,
    limit: LIMIT,
    search: term || undefined,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  // A page left empty (its last group deleted) steps back to the last page there is.
  const lastPage = data ? Math.max(1, Math.ceil(data.pagination.total / LIMIT)) : page;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const { update, remove } = useGroupMutations();
  const [editing, setEditing] = useState<ContactGroup | null>(null);
  const [deleting, setDeleting] = useState<ContactGroup | null>(null);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/contacts" size="sm">
        ← Contacts
      </Anchor>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Groups
        </Title>
        <Button component={Link} to="/groups/create" leftSection={<IconPlus size={16} />}>
          Create Group
        </Button>
      </Group>
      <TextInput
        placeholder="Search groups..."
        aria-label="Search groups"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      <Paper withBorder radius="md" p="sm">
        {isPending ? (
          <PageSkeleton rows={4} />
        ) : isError ? (
          <Alert color="red" title="Groups could not be loaded">
            <Button size="xs" onClick={() => void refetch()}>
              Try again
            </Button>
            <Text size="sm">{error.message}</Text>
          </Alert>
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {term ? 'No groups match your search.' : 'No groups yet. Create one to organise your contacts.'}
          </Text>
        ) : (
          <Table highlightOnHover verticalSpacing="sm" aria-label="Groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Contacts</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((g) => (
                <Table.Tr key={g._id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={g.color} size={14} />
                      <Anchor component={Link} to={`/contacts?groupIds=${g._id}`} fw={500}>
                        {g.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {g.description ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{g.contactCount}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(g)}>
                        Edit
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${g.name}`}
                        onClick={() => setDeleting(g)}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {data && (page > 1 || data.pagination.hasNextPage) && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.pagination.total} groups
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!data.pagination.hasNextPage}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
      <TagsPanel />
      <DraggableModal modalId="edit-group" opened={!!editing} onClose={() => setEditing(null)} title="Edit Group">
        {editing && (
          <GroupForm
            group={editing}
            submitLabel="Save Changes"
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              await update.mutateAsync({ id: editing._id, input });
              toast.success('Group updated');
              setEditing(null);
            }}
          />
        )}
      </DraggableModal>
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete Group"
        message={`Delete the group "${deleting?.name ?? ''}"? Its contacts are kept; only the grouping goes.`}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!._id);
            toast.success('Group deleted');
            setDeleting(null);
          } catch (e) {
            toast.error((e as Error).message);
          }
        }}
      />
    </Stack>
  );
}
