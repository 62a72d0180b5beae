import {
  MEETING_STATUS_LABELS,
  PROJECT_STAGE_LABELS,
  TASK_STATUS_LABELS,
  meetingPath,
  type CalendarItem,
  type CalendarItemType,
} from '@atrium/domain-work';

/** How each kind of item looks on the calendar: a colour, an icon (NavIcon name) and a word for screen readers. */
export const ITEM_STYLES: Record<CalendarItemType, { color: string; mantine: string; icon: string; label: string }> = {
  meeting: { color: 'var(--mantine-color-teal-7)', mantine: 'teal', icon: 'calendar', label: 'Meeting' },
  task: { color: 'var(--mantine-color-blue-7)', mantine: 'blue', icon: 'tasks', label: 'Task' },
  project: { color: 'var(--mantine-color-grape-7)', mantine: 'grape', icon: 'projects', label: 'Project' },
};
/** A Google-only event (read-only until linked to a project): grey, outlined, not draggable. */
export const READ_ONLY_COLOR = 'var(--mantine-color-gray-6)';

/** Where an item opens: its panel or drawer over the calendar. */
export function itemPath(item: Pick<CalendarItem, '_id' | 'type'>): string {
  if (item.type === 'meeting') return meetingPath(item._id);
  return `/calendar/${item.type === 'task' ? 'tasks' : 'projects'}/${encodeURIComponent(item._id)}`;
}

/** The item's status in words: a meeting status, task status or project stage. */
export function statusLabel(item: Pick<CalendarItem, 'type' | 'status'>): string {
  const labels: Record<string, string> =
    item.type === 'meeting' ? MEETING_STATUS_LABELS : item.type === 'task' ? TASK_STATUS_LABELS : PROJECT_STAGE_LABELS;
  return labels[item.status] ?? item.status;
}
