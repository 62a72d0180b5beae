import * as z from 'zod';
import { booleanParamSchema } from '@atrium/contracts';
import { optionalText, text } from './common';

/**
 * Meetings and the calendar (spec §3 Meeting and Calendar item, §4, §5 Meeting, §7 "Meetings and calendar";
 * docs/requirements.md §3, §5, §7). Decisions where the spec is silent are recorded in docs/requirements.md
 * ("Meetings and calendar: decisions where the spec is silent"):
 *
 * - Dates: a timed meeting's startDate/endDate are instants (ISO, stored as timestamptz, shown in the viewer's zone);
 *   an all-day meeting's are calendar days ('2026-11-20', stored as UTC midnight, shown as that day everywhere) and
 *   its endDate is the **last day, inclusive** (a one-day meeting has startDate = endDate). FullCalendar and Google
 *   use an exclusive end; the conversion happens at those edges only.
 * - End before start → 400 on endDate ('End date cannot be before start date').
 * - Status: scheduled (default), completed, cancelled. Type (kind of meeting): meeting (default), call, video,
 *   in_person, other.
 * - Attendees are contacts or members: { id, model: 'Contact' | 'User', email, name }.
 * - Events that exist only in a member's Google Calendar are stored as meetings with source google_calendar; they
 *   are read-only (isReadOnly) and shown to that member alone until linked to a project, which makes them the
 *   business's meeting (still linked to the same Google event).
 */
export const MEETING_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_TYPES = ['meeting', 'call', 'video', 'in_person', 'other'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_SOURCES = ['atrium', 'google_calendar'] as const;
export type MeetingSource = (typeof MEETING_SOURCES)[number];
export const ATTENDEE_MODELS = ['Contact', 'User'] as const;
export type AttendeeModel = (typeof ATTENDEE_MODELS)[number];

export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  meeting: 'Meeting',
  call: 'Call',
  video: 'Video call',
  in_person: 'In person',
  other: 'Other',
};

/** At most this many attendees on one meeting. */
export const MEETING_MAX_ATTENDEES = 100;

/** Texts of the meeting screens and answers (§5 Meeting, §8 toasts "mirror the task ones"), letter for letter. */
export const MEETING_MESSAGES = {
  titleRequired: 'Title is required',
  startRequired: 'Start date is required',
  endRequired: 'End date is required for meeting creation',
  invalidDates: 'Invalid meeting dates',
  endBeforeStart: 'End date cannot be before start date',
  notFound: 'Meeting not found',
  readOnly: 'This event comes from Google Calendar and is read-only until it is linked to a project',
  /** §7: the older add-contact and remove-contact calls throw, saying attendees change through the meeting update. */
  attendeesThroughUpdate: 'Attendees must be changed through the meeting update',
  created: 'Meeting created successfully',
  createFailed: 'Failed to create meeting. Please try again.',
  updated: 'Meeting updated successfully',
  updateFailed: 'Failed to update meeting. Please try again.',
  deleted: 'Meeting deleted successfully',
  deleteFailed: 'Failed to delete meeting. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this meeting? This action cannot be undone.',
  uploading: (n: number) => `Meeting created! Uploading ${n} attachment(s)...`,
  uploaded: (n: number) => `Meeting created with ${n} attachment(s)!`,
  partlyUploaded: (ok: number, failed: number) => `Meeting created! ${ok} attachments uploaded, ${failed} failed.`,
  uploadFailed: (n: number) => `Meeting created, but ${n} attachment(s) failed to upload.`,
} as const;

export const meetingStatusSchema = z.enum(MEETING_STATUSES, {
  error: `Status must be one of: ${MEETING_STATUSES.join(', ')}`,
});
export const meetingTypeSchema = z.enum(MEETING_TYPES, { error: `Type must be one of: ${MEETING_TYPES.join(', ')}` });

/** A meeting date: required, and an ISO date (all-day) or date-time; anything else is 'Invalid meeting dates'. */
const meetingDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    // A blank date is only 'required', not also 'invalid'.
    .min(1, { error: required, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), MEETING_MESSAGES.invalidDates);

/** End not before start (both present): the same rule for create, update (after merging) and the calendar. */
export function meetingDatesInOrder(v: { startDate?: string | null; endDate?: string | null }): boolean {
  if (!v.startDate || !v.endDate) return true;
  const start = Date.parse(v.startDate);
  const end = Date.parse(v.endDate);
  return Number.isNaN(start) || Number.isNaN(end) || start <= end;
}

export const meetingAttendeeSchema = z.object({
  id: z.string().trim().min(1, 'Attendee id is required').max(100),
  model: z.enum(ATTENDEE_MODELS, { error: `Attendee model must be one of: ${ATTENDEE_MODELS.join(', ')}` }),
  email: text(254)
    .nullish()
    .transform((v) => (v ? v : null)),
  name: text(200)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MeetingAttendee = z.output<typeof meetingAttendeeSchema>;
/** An attendee in an answer (no transforms: answers are encoded from their JSON Schema). */
export const meetingAttendeeAnswerSchema = z.object({
  id: z.string(),
  model: z.enum(ATTENDEE_MODELS),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type MeetingAttendeeInput = z.input<typeof meetingAttendeeSchema>;

const meetingTitle = z
  .string({ error: MEETING_MESSAGES.titleRequired })
  .trim()
  .min(1, MEETING_MESSAGES.titleRequired)
  .max(300, 'Title must be at most 300 characters');

const meetingFields = {
  title: meetingTitle,
  description: optionalText(20_000),
  startDate: meetingDate(MEETING_MESSAGES.startRequired),
  endDate: meetingDate(MEETING_MESSAGES.endRequired),
  isAllDay: z.boolean().default(false),
  location: optionalText(500),
  status: meetingStatusSchema.default('scheduled'),
  type: meetingTypeSchema.default('meeting'),
  meetingLink: optionalText(2000),
  notes: optionalText(20_000),
  projectId: optionalText(100),
  isVirtual: z.boolean().default(false),
  /** A member's user id; the caller when left out. */
  organizer: optionalText(100),
  attendees: z
    .array(meetingAttendeeSchema)
    .max(MEETING_MAX_ATTENDEES, `At most ${MEETING_MAX_ATTENDEES} attendees`)
    .default([]),
  /** Write it to the organizer's connected Google Calendar (and keep it there as it changes). */
  syncToGoogleCalendar: z.boolean().default(false),
};

/** POST /meetings and POST /calendar/meetings. */
export const meetingInputSchema = z
  .object(meetingFields)
  .refine(meetingDatesInOrder, { message: MEETING_MESSAGES.endBeforeStart, path: ['endDate'] });
export type MeetingInput = z.input<typeof meetingInputSchema>;
export type MeetingData = z.output<typeof meetingInputSchema>;

/**
 * PUT /meetings/{id}, PATCH /calendar/meetings/{id} and PATCH /calendar/items/{id} (a meeting): partial, a field
 * left out keeps its value; the server checks the date order again on the merged meeting.
 */
export const meetingUpdateSchema = z
  .object({
    title: meetingTitle.optional(),
    description: meetingFields.description.optional(),
    startDate: meetingDate(MEETING_MESSAGES.invalidDates).optional(),
    endDate: meetingDate(MEETING_MESSAGES.invalidDates).optional(),
    isAllDay: z.boolean().optional(),
    location: meetingFields.location.optional(),
    status: meetingStatusSchema.optional(),
    type: meetingTypeSchema.optional(),
    meetingLink: meetingFields.meetingLink.optional(),
    notes: meetingFields.notes.optional(),
    projectId: meetingFields.projectId.optional(),
    isVirtual: z.boolean().optional(),
    organizer: meetingFields.organizer.optional(),
    attendees: z
      .array(meetingAttendeeSchema)
      .max(MEETING_MAX_ATTENDEES, `At most ${MEETING_MAX_ATTENDEES} attendees`)
      .optional(),
    syncToGoogleCalendar: z.boolean().optional(),
  })
  .refine(meetingDatesInOrder, { message: MEETING_MESSAGES.endBeforeStart, path: ['endDate'] });
export type MeetingUpdate = z.input<typeof meetingUpdateSchema>;
export type MeetingUpdateData = z.output<typeof meetingUpdateSchema>;

/** POST /meetings/{id}/project. */
export const meetingProjectLinkSchema = z.object({
  projectId: z.string({ error: 'Project is required' }).trim().min(1, 'Project is required').max(100),
});

export const meetingAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type MeetingAttachment = z.infer<typeof meetingAttachmentSchema>;

/** GET /meetings/{id}/attachments/{attachmentId}: the file as base64 (§7). */
export const meetingAttachmentContentSchema = z.object({
  base64: z.string(),
  mimetype: z.string(),
  name: z.string(),
});
export type MeetingAttachmentContent = z.infer<typeof meetingAttachmentContentSchema>;

export const meetingOrganizerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const meetingSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  isAllDay: z.boolean(),
  location: z.string().nullable(),
  organizer: meetingOrganizerSchema.nullable(),
  attendees: z.array(meetingAttendeeAnswerSchema),
  status: meetingStatusSchema,
  type: meetingTypeSchema,
  meetingLink: z.string().nullable(),
  notes: z.string().nullable(),
  projectId: z.string().nullable(),
  project: z.object({ _id: z.string(), title: z.string() }).nullable(),
  isVirtual: z.boolean(),
  attachments: z.array(meetingAttachmentSchema),
  syncToGoogleCalendar: z.boolean(),
  syncedToGoogleCalendar: z.boolean(),
  googleCalendarEventId: z.string().nullable(),
  googleCalendarUrl: z.string().nullable(),
  source: z.enum(MEETING_SOURCES),
  isReadOnly: z.boolean(),
  /** Who created it (for a Google event: whose calendar it came from). */
  userId: z.string().nullable(),
  businessId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** ISO range bounds of a calendar query; the range is at most this many days. */
export const CALENDAR_MAX_RANGE_DAYS = 400;

const rangeDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid meeting dates');

function rangeInOrder(v: { startDate: string; endDate: string }): boolean {
  const start = Date.parse(v.startDate);
  const end = Date.parse(v.endDate);
  // A date that does not parse has its own message ('Invalid meeting dates').
  if (Number.isNaN(start) || Number.isNaN(end)) return true;
  const days = (end - start) / 86_400_000;
  return days >= 0 && days <= CALENDAR_MAX_RANGE_DAYS;
}
const RANGE_MESSAGE = `The range must end after it starts and span at most ${CALENDAR_MAX_RANGE_DAYS} days`;

/** GET /meetings: the meetings overlapping [startDate, endDate); includeGoogleCalendar adds the caller's Google-only events. */
export const meetingRangeParamsSchema = z
  .object({
    startDate: rangeDate('Start date'),
    endDate: rangeDate('End date'),
    includeGoogleCalendar: booleanParamSchema.default(false),
  })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['endDate'] });
export interface MeetingRangeParams {
  startDate: string;
  endDate: string;
  includeGoogleCalendar?: boolean;
}

/** What the calendar shows: meetings, tasks with dates and projects with dates. */
export const CALENDAR_ITEM_TYPES = ['meeting', 'task', 'project'] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];
const calendarItemTypeSchema = z.enum(CALENDAR_ITEM_TYPES, {
  error: `Type must be one of: ${CALENDAR_ITEM_TYPES.join(', ')}`,
});

/**
 * GET /calendar/meetings: the calendar's items in a range. `type` keeps only some kinds (comma-separated: meeting,
 * task, project); `status` a meeting status, task status or project stage; `search` a case-insensitive substring
 * of the title.
 */
export const calendarQuerySchema = z
  .object({
    startDate: rangeDate('Start date'),
    endDate: rangeDate('End date'),
    type: z
      .string()
      .trim()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(calendarItemTypeSchema)),
    status: z.string().trim().max(50).optional(),
    search: z.string().trim().max(200).optional(),
    includeGoogleCalendar: booleanParamSchema.default(false),
  })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['endDate'] });
export interface CalendarQuery {
  startDate: string;
  endDate: string;
  type?: string;
  status?: string;
  search?: string;
  includeGoogleCalendar?: boolean;
}

/** §3 Calendar item (attendees as _id, name, email in calendar views). */
export const calendarItemSchema = z.object({
  _id: z.string(),
  type: z.enum(CALENDAR_ITEM_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  /** Inclusive, as on meetings (an all-day item's last day). Tasks: their due date (or start when none). */
  endDate: z.string(),
  isAllDay: z.boolean(),
  /** Meeting status, task status or project stage. */
  status: z.string(),
  source: z.enum(MEETING_SOURCES),
  googleCalendarEventId: z.string().nullable(),
  isReadOnly: z.boolean(),
  projectId: z.string().nullable(),
  attendees: z.array(z.object({ _id: z.string(), name: z.string().nullable(), email: z.string().nullable() })),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

/**
 * PATCH /calendar/items/{id}: a drag or a resize on the calendar. `type` says what the id is; a task's or
 * project's dates are its startDate and dueDate (the item's endDate).
 */
export const calendarItemMoveSchema = z
  .object({
    type: calendarItemTypeSchema.default('meeting'),
    startDate: rangeDate('Start date'),
    endDate: rangeDate('End date'),
    isAllDay: z.boolean().optional(),
  })
  .refine(meetingDatesInOrder, { message: MEETING_MESSAGES.endBeforeStart, path: ['endDate'] });
export type CalendarItemMove = z.input<typeof calendarItemMoveSchema>;
