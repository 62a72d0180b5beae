import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type Task } from '@atrium/domain-work';
import { toCsv, type CsvColumn } from '../../lib/csv';

const COLUMNS: CsvColumn<Task>[] = [
  ['Title', (t) => t.title],
  ['Description', (t) => t.description],
  ['Status', (t) => TASK_STATUS_LABELS[t.status]],
  ['Priority', (t) => TASK_PRIORITY_LABELS[t.priority]],
  ['Project', (t) => t.project?.title],
  ['Start date', (t) => t.startDate],
  ['Due date', (t) => t.dueDate],
  ['All day', (t) => (t.isAllDay ? 'Yes' : 'No')],
  ['Comments', (t) => t.commentCount],
  ['Attachments', (t) => t.attachmentCount],
  ['Created', (t) => t.createdAt],
  ['Updated', (t) => t.updatedAt],
];

export function tasksToCsv(rows: Task[]): string {
  return toCsv(rows, COLUMNS);
}

/** The CSV helpers every export shares (lib/csv). */
export { csvField, downloadCsv } from '../../lib/csv';
