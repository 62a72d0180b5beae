import type {
  Meeting,
  MeetingAttendee,
  MeetingInput,
  MeetingStatus,
  MeetingType,
  MeetingUpdate,
} from '@atrium/domain-work';
import { fromDateInput, toDateInput } from '../../lib/task-dates';
import { nextHour, wireDay } from '../../lib/meeting-dates';

/**
 * The meeting form's values: the wire shape with dates as the date inputs hold them (a day for all-day — the end
 * is the last day, inclusive, as on the wire — or a local date-time).
 */
export interface MeetingFormValues {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  isAllDay: boolean;
  location: string;
  status: MeetingStatus;
  type: MeetingType;
  isVirtual: boolean;
  meetingLink: string;
  notes: string;
  projectId: string;
  organizer: string;
  attendees: MeetingAttendee[];
  syncToGoogleCalendar: boolean;
}

/** What a new meeting starts from: a range picked on the calendar, a project, or nothing (the next hour). */
export interface MeetingPreset {
  start?: string;
  end?: string;
  allDay?: boolean;
  projectId?: string;
  /** Who attends a new meeting from the start (a contact page's 'New meeting': that contact). */
  attendees?: MeetingAttendee[];
}

const inputOf = (iso: string | undefined, allDay: boolean) =>
  iso ? (allDay ? wireDay(iso) : toDateInput(iso, false)) : '';

/** A new meeting (scheduled, a meeting, the next hour unless a range is given) or a meeting's values to edit. */
export function toFormValues(
  meeting?: Meeting | null,
  preset: MeetingPreset = {},
  now = new Date(),
): MeetingFormValues {
  const allDay = meeting?.isAllDay ?? preset.allDay ?? false;
  const hour = nextHour(now);
  const start = meeting?.startDate ?? preset.start ?? hour.start.toISOString();
  const end = meeting?.endDate ?? preset.end ?? (preset.start ? undefined : hour.end.toISOString());
  return {
    title: meeting?.title ?? '',
    description: meeting?.description ?? '',
    startDate: inputOf(start, allDay),
    endDate: inputOf(end, allDay),
    isAllDay: allDay,
    location: meeting?.location ?? '',
    status: meeting?.status ?? 'scheduled',
    type: meeting?.type ?? 'meeting',
    isVirtual: meeting?.isVirtual ?? false,
    meetingLink: meeting?.meetingLink ?? '',
    notes: meeting?.notes ?? '',
    projectId: meeting?.projectId ?? preset.projectId ?? '',
    organizer: meeting?.organizer?._id ?? '',
    attendees: meeting?.attendees ?? preset.attendees ?? [],
    syncToGoogleCalendar: meeting?.syncToGoogleCalendar ?? false,
  };
}

/** What POST /meetings gets: trimmed text, blanks as null, dates as days or instants. */
export function toInput(v: MeetingFormValues): MeetingInput {
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    startDate: fromDateInput(v.startDate, v.isAllDay) ?? '',
    endDate: fromDateInput(v.endDate, v.isAllDay) ?? '',
    isAllDay: v.isAllDay,
    location: v.location.trim() || null,
    status: v.status,
    type: v.type,
    isVirtual: v.isVirtual,
    // A link belongs to a virtual meeting only.
    meetingLink: (v.isVirtual && v.meetingLink.trim()) || null,
    notes: v.notes.trim() || null,
    projectId: v.projectId || null,
    organizer: v.organizer || null,
    attendees: v.attendees,
    syncToGoogleCalendar: v.syncToGoogleCalendar,
  };
}

/** What PUT /meetings/{id} gets (the project moves by its own link/unlink calls, from the panel). */
export function toUpdate(v: MeetingFormValues): MeetingUpdate {
  const { projectId: _projectId, ...rest } = toInput(v);
  return rest;
}
