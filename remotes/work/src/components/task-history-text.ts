import {
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskChange,
  type TaskHistoryEntry,
  type TaskPriority,
  type TaskStatus,
} from '@atrium/domain-work';
import { formatTaskDate } from '../lib/task-dates';

const ACTIONS: Record<string, string> = {
  created: 'created the task',
  updated: 'updated the task',
  moved: 'moved the task',
  commented: 'commented',
  comment_deleted: 'deleted a comment',
  attachment_added: 'added an attachment',
  attachment_deleted: 'deleted an attachment',
  duplicated: 'duplicated the task',
};

const FIELDS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  startDate: 'Start date',
  dueDate: 'Due date',
  isAllDay: 'All day',
  projectId: 'Project',
  project: 'Project',
  contactIds: 'Contacts',
  attachment: 'Attachment',
  comment: 'Comment',
  copyOf: 'Copy of',
};

/** "created the task", "moved the task"…; an action this screen does not know is shown as it is named. */
export function actionText(entry: Pick<TaskHistoryEntry, 'action'>): string {
  return ACTIONS[entry.action] ?? entry.action.replace(/_/g, ' ');
}

export function fieldLabel(field: string): string {
  return FIELDS[field] ?? field;
}

/** A changed value as a person reads it: labels for status and priority, days for dates, 'none' for empty. */
export function valueText(field: string, value: string | null): string {
  if (value === null || value === '') return 'none';
  if (field === 'status') return TASK_STATUS_LABELS[value as TaskStatus] ?? value;
  if (field === 'priority') return TASK_PRIORITY_LABELS[value as TaskPriority] ?? value;
  if (field === 'isAllDay') return value === 'true' ? 'Yes' : 'No';
  // A calendar day arrives as its UTC midnight; a timed date is shown in the viewer's zone.
  if (field === 'startDate' || field === 'dueDate')
    return formatTaskDate(value, value.length <= 10 || /T00:00(:00(\.0+)?)?Z$/.test(value));
  if (field === 'description' && value.length > 80) return `${value.slice(0, 80)}…`;
  return value;
}

/** "Status: To do → In progress". */
export function changeText(c: TaskChange): string {
  return `${fieldLabel(c.field)}: ${valueText(c.field, c.from)} → ${valueText(c.field, c.to)}`;
}
