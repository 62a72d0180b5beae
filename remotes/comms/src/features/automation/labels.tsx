import { Badge } from '@atrium/ui';
import type { AutomationRunStatus, AutomationStepResult } from '@atrium/domain-comms';

const RUN_COLORS: Record<AutomationRunStatus, string> = {
  queued: 'gray',
  running: 'yellow',
  waiting: 'blue',
  completed: 'green',
  failed: 'red',
};
export const RUN_LABELS: Record<AutomationRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  waiting: 'Waiting',
  completed: 'Completed',
  failed: 'Failed',
};

export function RunBadge({ status }: { status: AutomationRunStatus }) {
  return (
    <Badge color={RUN_COLORS[status]} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {RUN_LABELS[status]}
    </Badge>
  );
}

const STEP_COLORS: Record<AutomationStepResult['status'], string> = {
  running: 'yellow',
  done: 'green',
  failed: 'red',
  unknown: 'grape',
};
export const STEP_RESULT_LABELS: Record<AutomationStepResult['status'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  unknown: 'Unknown',
};

export function StepResultBadge({ status }: { status: AutomationStepResult['status'] }) {
  return (
    <Badge color={STEP_COLORS[status]} variant="dot" size="sm" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {STEP_RESULT_LABELS[status]}
    </Badge>
  );
}

/** The task fields a "create a task" step sets (the tasks module's values). */
export const TASK_STATUS_OPTIONS = [
  { value: 'todo', label: 'To do' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'completed', label: 'Completed' },
];
export const TASK_PRIORITY_OPTIONS = [
  { value: 'low', label: 'Low' },
  { value: 'regular', label: 'Regular' },
  { value: 'high', label: 'High' },
];
