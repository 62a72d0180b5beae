import { MEETING_STATUS_LABELS, type Meeting } from './meeting';

/** The meeting's own page: the calendar with the meeting opened over it (docs/requirements.md §2). */
export const meetingPath = (id: string) => `/calendar/meetings/${encodeURIComponent(id)}`;

/**
 * A meeting as a row of a list of meetings (the contact page, the project page): its page, its dates as stored
 * (all-day: calendar days, the last inclusive) and its status. Shaped as `@atrium/ui`'s AgendaItem.
 */
export function meetingAgendaItem(m: Pick<Meeting, '_id' | 'title' | 'startDate' | 'endDate' | 'isAllDay' | 'status'>) {
  return {
    id: m._id,
    title: m.title,
    href: meetingPath(m._id),
    start: m.startDate,
    end: m.endDate,
    allDay: m.isAllDay,
    badge: { label: MEETING_STATUS_LABELS[m.status], color: m.status === 'cancelled' ? 'gray' : undefined },
  };
}
