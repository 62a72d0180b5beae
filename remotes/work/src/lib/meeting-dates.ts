/**
 * Meeting and calendar dates between the wire and FullCalendar (the slice's meeting.ts header): a timed item's
 * dates are instants, shown in the viewer's zone; an all-day item's are calendar days whose end is the LAST day,
 * inclusive ('2026-11-20'…'2026-11-21' is two days). FullCalendar's all-day end is exclusive (the day after), and
 * its all-day dates are the viewer's local midnights: the conversion happens here and nowhere else.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** The calendar day an all-day wire date names: '2026-11-20' as is, an instant by its UTC date (UTC midnight). */
export function wireDay(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** '2026-11-30' + 1 → '2026-12-01' (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The viewer's local day of a Date (FullCalendar's all-day dates are local midnights). */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Wire (inclusive last day) → FullCalendar (exclusive end): the day after the last day. */
export function toExclusiveEnd(lastDay: string): string {
  return addDays(wireDay(lastDay), 1);
}

/**
 * FullCalendar (exclusive end, a local midnight) → wire (inclusive last day). No end, or an end not after the
 * start, is a one-day item: its last day is its first.
 */
export function toInclusiveEnd(start: Date, end: Date | null): string {
  const first = localDay(start);
  if (!end || end.getTime() <= start.getTime()) return first;
  const last = localDay(new Date(end.getTime() - DAY_MS / 2));
  return last < first ? first : last;
}

/** A range picked on the calendar (or an item's new dates after a drag), as the wire takes it. */
export interface WireRange {
  startDate: string;
  endDate: string;
  isAllDay: boolean;
}

/**
 * FullCalendar's dates → the wire's. A timed item with no end (dropped from the all-day row into a time slot)
 * lasts `fallbackMs` (an hour unless said otherwise).
 */
export function fromCalendarRange(
  start: Date,
  end: Date | null,
  allDay: boolean,
  fallbackMs = 60 * 60 * 1000,
): WireRange {
  if (allDay) return { startDate: localDay(start), endDate: toInclusiveEnd(start, end), isAllDay: true };
  const to = end && end.getTime() > start.getTime() ? end : new Date(start.getTime() + fallbackMs);
  return { startDate: start.toISOString(), endDate: to.toISOString(), isAllDay: false };
}

/** The next full hour from `now`, and an hour after it: a new meeting's default time. */
export function nextHour(now = new Date()): { start: Date; end: Date } {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + 60 * 60 * 1000) };
}
