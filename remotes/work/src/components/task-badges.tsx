import { Badge, Text } from '@atrium/ui';
import {
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from '@atrium/domain-work';
import { formatTaskDate, isOverdue } from '../lib/task-dates';

export const STATUS_COLORS: Record<TaskStatus, string> = {
  todo: 'gray',
  in_progress: 'blue',
  blocked: 'red',
  completed: 'green',
};
export const PRIORITY_COLORS: Record<TaskPriority, string> = { low: 'gray', regular: 'blue', high: 'orange' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]} tt="none">
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge size="sm" variant="dot" color={PRIORITY_COLORS[priority]} tt="none" style={{ flexShrink: 0 }}>
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** A task's due date; red when it is overdue (open and past). */
export function TaskDueDate({
  task,
  size = 'sm',
  compact = false,
}: {
  task: Pick<Task, 'dueDate' | 'isAllDay' | 'status'>;
  size?: 'xs' | 'sm';
  /** Cards and widgets: the year only when it is not this year's. */
  compact?: boolean;
}) {
  if (!task.dueDate)
    return (
      <Text size={size} c="dimmed">
        —
      </Text>
    );
  const late = isOverdue(task.dueDate, task.isAllDay, task.status === 'completed');
  return (
    <Text
      size={size}
      c={late ? 'red' : undefined}
      title={late ? 'Overdue' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatTaskDate(task.dueDate, task.isAllDay, compact)}
    </Text>
  );
}
