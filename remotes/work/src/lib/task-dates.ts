/**
 * Task dates between the wire (ISO strings) and the date inputs: an all-day task's dates are calendar days
 * ('2026-11-20', stored as UTC midnight), a timed task's are instants edited in the viewer's zone
 * ('2026-11-20T14:30' in a datetime-local input).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The input's value for a stored date: a day for all-day, a local date-time otherwise; '' for none. */
export function toDateInput(iso: string | null | undefined, allDay: boolean): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (allDay) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What is sent for an input's value: the day as is, a local date-time as an instant; null for blank. */
export function fromDateInput(value: string, allDay: boolean): string | null {
  const v = value.trim();
  if (!v) return null;
  if (allDay) return v.slice(0, 10);
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/** Switching all-day keeps the day: '2026-11-20T09:00' ↔ '2026-11-20' (a day becomes 09:00 that day). */
export function convertDateInput(value: string, toAllDay: boolean): string {
  if (!value) return '';
  if (toAllDay) return value.slice(0, 10);
  return value.includes('T') ? value : `${value}T09:00`;
}

/**
 * A due date shown on a row: the day for all-day tasks, day and time otherwise. `compact` (cards, widgets) drops
 * the year when it is this year's.
 */
export function formatTaskDate(iso: string | null, allDay: boolean, compact = false, now = new Date()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  const sameYear = allDay ? d.getUTCFullYear() === now.getFullYear() : d.getFullYear() === now.getFullYear();
  const day: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (!(compact && sameYear)) day.year = 'numeric';
  return allDay
    ? d.toLocaleDateString(undefined, { ...day, timeZone: 'UTC' })
    : d.toLocaleString(undefined, { ...day, hour: 'numeric', minute: '2-digit' });
}

/** Open (not completed) and due before today: shown in red. */
export function isOverdue(iso: string | null, allDay: boolean, completed: boolean, now = new Date()): boolean {
  if (!iso || completed) return false;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return false;
  if (allDay) {
    const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    return d.getTime() < today;
  }
  return d.getTime() < now.getTime();
}

/** When something happened (a comment, a change): day and time in the viewer's zone. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
