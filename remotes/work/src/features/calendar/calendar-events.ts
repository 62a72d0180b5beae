import type { EventInput } from '@fullcalendar/react';
import type { CalendarItem, CalendarItemMove } from '@atrium/domain-work';
import { fromCalendarRange, toExclusiveEnd, wireDay } from '../../lib/meeting-dates';
import { ITEM_STYLES, READ_ONLY_COLOR } from '../../lib/calendar-items';

/**
 * One calendar item as FullCalendar takes it. An all-day item's dates become the days themselves, its inclusive
 * last day the exclusive day after; a timed one keeps its instants (FullCalendar shows them in the viewer's zone).
 * Read-only items (Google-only events) cannot be dragged or resized.
 */
export function toEventInput(item: CalendarItem): EventInput {
  const readOnly = item.isReadOnly;
  const style = ITEM_STYLES[item.type];
  const start = item.isAllDay ? wireDay(item.startDate) : item.startDate;
  const end = item.isAllDay ? toExclusiveEnd(item.endDate || item.startDate) : item.endDate || item.startDate;
  return {
    id: `${item.type}:${item._id}`,
    title: item.title || 'Untitled',
    start,
    end,
    allDay: item.isAllDay,
    editable: !readOnly,
    color: readOnly ? READ_ONLY_COLOR : style.color,
    className: ['atrium-fc-item', `atrium-fc-${item.type}`, ...(readOnly ? ['atrium-fc-readonly'] : [])].join(' '),
    extendedProps: { item },
  };
}

/** Every item of a range as events (the same item never twice). */
export function toEventInputs(items: readonly CalendarItem[]): EventInput[] {
  const seen = new Set<string>();
  const out: EventInput[] = [];
  for (const item of items) {
    const key = `${item.type}:${item._id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(toEventInput(item));
  }
  return out;
}

/**
 * A drag or a resize, as PATCH /calendar/items/{id} takes it. A timed item with no end (dropped from the all-day
 * row into a time slot) keeps an hour.
 */
export function toMove(
  item: Pick<CalendarItem, 'type'>,
  moved: { start: Date | null; end: Date | null; allDay: boolean },
): CalendarItemMove | null {
  if (!moved.start) return null;
  return { type: item.type, ...fromCalendarRange(moved.start, moved.end, moved.allDay) };
}
