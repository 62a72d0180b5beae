import {
  CALENDAR_ITEM_TYPES,
  MEETING_STATUS_LABELS,
  PROJECT_STAGE_LABELS,
  TASK_STATUS_LABELS,
  type CalendarItemType,
  type CalendarQuery,
} from '@atrium/domain-work';
import { addDays, localDay } from '../../lib/meeting-dates';

/** The calendar's views, as the address bar names them (?view=), and FullCalendar's view for each. */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];
export const FC_VIEWS: Record<CalendarViewName, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listWeek',
};
export const VIEW_LABELS: Record<CalendarViewName, string> = { month: 'Month', week: 'Week', day: 'Day', list: 'List' };

/** What the calendar shows, all kept in the address bar: ?view=&date=&type=&status=&search=&google=1. */
export interface CalendarState {
  view: CalendarViewName;
  /** A day inside the shown range (YYYY-MM-DD); today when none. */
  date: string;
  /** Kinds shown; empty = all. */
  types: CalendarItemType[];
  status: string;
  search: string;
  /** Include the caller's Google-only events. */
  google: boolean;
}

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

export function stateFromUrl(url: URLSearchParams, today = new Date()): CalendarState {
  const view = url.get('view');
  const date = url.get('date');
  const types = (url.get('type') ?? '')
    .split(',')
    .filter((t): t is CalendarItemType => (CALENDAR_ITEM_TYPES as readonly string[]).includes(t));
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? '') ? (view as CalendarViewName) : 'month',
    date: isDay(date) ? date : localDay(today),
    types: types.length === CALENDAR_ITEM_TYPES.length ? [] : types,
    status: url.get('status') ?? '',
    search: url.get('search') ?? '',
    google: url.get('google') === '1',
  };
}

/** The address bar with some parameters changed; null or '' removes one. */
export function patchUrl(url: URLSearchParams, patch: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/** Previous or next page of a view: a month, a week (also the list's), or a day. */
export function shiftDate(date: string, view: CalendarViewName, dir: -1 | 1): string {
  if (view === 'day') return addDays(date, dir);
  if (view === 'week' || view === 'list') return addDays(date, 7 * dir);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + dir, 1));
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** GET /calendar/meetings for the range FullCalendar shows and the filters. */
export function calendarQuery(range: { start: Date; end: Date }, s: CalendarState): CalendarQuery {
  const q: CalendarQuery = { startDate: range.start.toISOString(), endDate: range.end.toISOString() };
  if (s.types.length) q.type = s.types.join(',');
  if (s.status) q.status = s.status;
  if (s.search.trim()) q.search = s.search.trim();
  if (s.google) q.includeGoogleCalendar = true;
  return q;
}

/**
 * The status filter's choices: meeting statuses, task statuses and project stages in one list (the server matches
 * the value against whichever applies), each value once.
 */
export const STATUS_CHOICES: { value: string; label: string }[] = (() => {
  const byValue = new Map<string, string>();
  for (const labels of [MEETING_STATUS_LABELS, TASK_STATUS_LABELS, PROJECT_STAGE_LABELS] as Record<string, string>[])
    for (const [value, label] of Object.entries(labels)) if (!byValue.has(value)) byValue.set(value, label);
  return [...byValue].map(([value, label]) => ({ value, label }));
})();
