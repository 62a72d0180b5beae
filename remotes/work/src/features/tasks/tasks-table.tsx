import { Anchor, IconPaperclip, Group, Table, Text, UnstyledButton, formatInstant } from '@atrium/ui';
import type { Task, TaskListParams, TaskSortField } from '@atrium/domain-work';
import { TaskDueDate, TaskPriorityBadge, TaskStatusBadge } from '../../components/task-badges';

const SORTABLE: { field: TaskSortField; label: string }[] = [
  { field: 'title', label: 'Title' },
  { field: 'priority', label: 'Priority' },
  { field: 'dueDate', label: 'Due date' },
  { field: 'createdAt', label: 'Created' },
];

function SortHeader({
  field,
  label,
  params,
  onSort,
}: {
  field: TaskSortField;
  label: string;
  params: TaskListParams;
  onSort: (f: TaskSortField) => void;
}) {
  const active = params.sortBy === field;
  const arrow = active ? (params.sortOrder === 'desc' ? ' ↓' : ' ↑') : '';
  return (
    <Table.Th aria-sort={active ? (params.sortOrder === 'desc' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        {label}
        {arrow}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The task list: title (opens the task), status, priority, project, due date, created. */
export function TasksTable({
  rows,
  params,
  onOpen,
  onSort,
}: {
  rows: Task[];
  params: TaskListParams;
  onOpen: (id: string) => void;
  onSort: (field: TaskSortField) => void;
}) {
  const header = (field: TaskSortField) => {
    const s = SORTABLE.find((x) => x.field === field)!;
    return <SortHeader field={s.field} label={s.label} params={params} onSort={onSort} />;
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {header('title')}
            <Table.Th>Status</Table.Th>
            {header('priority')}
            <Table.Th>Project</Table.Th>
            {header('dueDate')}
            {header('createdAt')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t._id} data-testid="task-row">
              <Table.Td maw={360}>
                <Group gap={6} wrap="nowrap">
                  <Anchor component="button" type="button" fz="sm" fw={500} truncate onClick={() => onOpen(t._id)}>
                    {t.title}
                  </Anchor>
                  {t.attachmentCount > 0 && (
                    <IconPaperclip size={14} aria-label={`${t.attachmentCount} attachment(s)`} />
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <TaskStatusBadge status={t.status} />
              </Table.Td>
              <Table.Td>
                <TaskPriorityBadge priority={t.priority} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={t.project ? undefined : 'dimmed'} truncate maw={200}>
                  {t.project?.title ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <TaskDueDate task={t} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(t.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
