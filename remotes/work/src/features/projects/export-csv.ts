import { PROJECT_STAGE_LABELS, type Project } from '@atrium/domain-work';
import { toCsv } from '../../lib/csv';

const address = (p: Project) =>
  p.address
    ? [p.address.line1, p.address.line2, p.address.city, p.address.state, p.address.zip, p.address.country]
        .filter(Boolean)
        .join(', ')
    : '';

/** Every field of a project (docs/requirements.md §3) a spreadsheet can hold, one row per project. */
export function projectsToCsv(rows: Project[]): string {
  return toCsv(rows, [
    ['Title', (p) => p.title],
    ['Stage', (p) => PROJECT_STAGE_LABELS[p.stage]],
    ['Type', (p) => p.type],
    ['Start date', (p) => p.startDate],
    ['Due date', (p) => p.dueDate],
    ['All day', (p) => (p.isAllDay ? 'Yes' : 'No')],
    ['Location', (p) => p.location],
    ['Address', address],
    ['Description', (p) => p.description],
    ['Tasks', (p) => p.taskCount],
    ['Attachments', (p) => p.attachmentCount],
    ['Created', (p) => p.createdAt],
    ['Updated', (p) => p.updatedAt],
  ]);
}
