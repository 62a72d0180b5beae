import { useQuery } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, tasks, taskKeys } from '@atrium/domain-work';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  IconPlus,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  formatDay,
} from '@atrium/ui';

/** The tasks tab until the shared project tasks panel lands: the project's tasks, and a new one in the project. */
export function ProjectTasksPreview({ projectId }: { projectId: string }) {
  const params = { projectId, limit: 100, sortBy: 'dueDate', sortOrder: 'asc' } as const;
  const q = useQuery({ queryKey: taskKeys.list(params), queryFn: () => tasks.list(params) });
  const rows = q.data?.data.tasks ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => bus.openModal('task', { projectId })}>
          Add task
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm">
        {q.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={20} />
            ))}
          </Stack>
        ) : q.isError ? (
          <Alert color="red" title="Tasks could not be loaded" role="alert">
            <Button size="xs" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No tasks in this project yet. Add the first one.
          </Text>
        ) : (
          <Table aria-label="Project tasks" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t._id}>
                  <Table.Td>
                    <Anchor component={Link} to="/tasks" state={{ taskId: t._id }} size="sm">
                      {t.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" tt="none" size="sm">
                      {TASK_STATUS_LABELS[t.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{TASK_PRIORITY_LABELS[t.priority]}</Table.Td>
                  <Table.Td>{formatDay(t.dueDate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
