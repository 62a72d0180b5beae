import { defuseSpreadsheetFormula } from '@atrium/contracts';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type Task } from '@atrium/domain-work';

const COLUMNS: [string, (t: Task) => unknown][] = [
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

/** RFC 4180 field; formula-like text is defused (contracts' defuseSpreadsheetFormula) so spreadsheets never run it. */
export function csvField(value: unknown): string {
  const s = defuseSpreadsheetFormula(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function tasksToCsv(rows: Task[]): string {
  const lines = [COLUMNS.map(([h]) => csvField(h)).join(',')];
  for (const r of rows) lines.push(COLUMNS.map(([, get]) => csvField(get(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(csv: string, filename: string): void {
  // A BOM so spreadsheet apps read UTF-8 text correctly.
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
