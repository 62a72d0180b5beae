import { Badge } from '@atrium/ui';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type TaskPriority, type TaskStatus } from '@atrium/domain-work';

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
    <Badge size="sm" variant="dot" color={PRIORITY_COLORS[priority]} tt="none">
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
