import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Link, Stack, Text, WidgetError, WidgetSkeleton } from '@atrium/ui';
import { taskKeys, tasks, type TaskListParams } from '@atrium/domain-work';
import { TaskDueDate, TaskStatusBadge } from '../../components/task-badges';

/** Open tasks (to do, in progress, blocked), due soonest first; tasks without a due date come last. */
export const OPEN_TASKS: TaskListParams = {
  page: 1,
  limit: 5,
  sortBy: 'dueDate',
  sortOrder: 'asc',
  filters: [{ conditions: [{ field: 'status', operator: 'in', value: ['todo', 'in_progress', 'blocked'] }] }],
};

/** Home widget 'tasks': the open tasks due soonest, each opening on /tasks. */
export default function TasksWidget() {
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: taskKeys.list(OPEN_TASKS),
    queryFn: () => tasks.list(OPEN_TASKS),
  });
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError onRetry={() => void refetch()}>Tasks could not be loaded.</WidgetError>;
  const rows = data.data.tasks;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing open. Use + New → Task to plan the next step.{' '}
        <Anchor component={Link} to="/tasks" size="sm">
          Go to tasks
        </Anchor>
      </Text>
    );
  return (
    <Stack gap="xs">
      {rows.map((t) => (
        <Group key={t._id} justify="space-between" wrap="nowrap" data-testid="widget-task">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/tasks?task=${encodeURIComponent(t._id)}`} size="sm" truncate>
              {t.title}
            </Anchor>
            {t.dueDate && <TaskDueDate task={t} size="xs" compact />}
          </Stack>
          <TaskStatusBadge status={t.status} />
        </Group>
      ))}
      <Anchor component={Link} to="/tasks" size="xs">
        All tasks ({data.data.pagination.total}) →
      </Anchor>
    </Stack>
  );
}
