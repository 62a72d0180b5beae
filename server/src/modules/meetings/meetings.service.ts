import type { DomainEvents } from '../../lib/domain-events';
import type { Readable } from 'node:stream';
import type { NotificationSender } from '../../lib/notifications-port';
import type { FieldError } from '@atrium/contracts';
import {
  FILE_MESSAGES,
  MEETING_MESSAGES,
  MEETING_STATUS_LABELS,
  type CalendarItem,
  type FileKind,
  type Meeting,
  type MeetingAttachment,
  type MeetingAttachmentContent,
  type MeetingAttendee,
  type MeetingData,
  type MeetingStatus,
  type MeetingUpdateData,
  type WorkFile,
} from '@atrium/domain-work/schemas';
import type { Executor } from '../../db/client';
import type { ProjectActivityLog } from '../../lib/activity';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { UploadField, UploadPart } from '../../lib/file-upload';
import type {
  MeetingFields,
  MeetingItemRow,
  MeetingRangeFilter,
  MeetingRow,
  MeetingsRepository,
  MeetingView,
} from './meetings.repository';

export type { MeetingRow } from './meetings.repository';

/**
 * The port through which a meeting reaches its organizer's Google Calendar (the google-calendar module implements
 * it; app.ts passes it to MeetingsService; without it, NO_CALENDAR_SYNC does nothing).
 *
 * When the service calls it — always AFTER the change has committed, never inside its transaction:
 * - `afterSave(row, actorId)`: after a create, update (PUT /meetings/{id}, PATCH /calendar/meetings/{id}, a drag
 *   through PATCH /calendar/items/{id}), a project link or unlink, when the row after the change OR the row before
 *   it had `syncToGoogle` true, or the row has a `googleEventId` (a Google event linked to a project, or a meeting
 *   whose sync was just turned off: the implementation decides to patch, insert or delete the Google event).
 *   `row` is the meeting as now stored; `actorId` the member who made the change.
 * - `afterDelete(row)`: after DELETE /meetings/{id} (or /calendar/meetings/{id}, /calendar/items/{id}) when the
 *   deleted row had `syncToGoogle` true or a `googleEventId`; `row` is the meeting as it was (it no longer exists).
 *
 * The implementation writes its own results to the meeting (synced_to_google, google_event_id,
 * google_calendar_url, google_etag, google_updated_at) from its own repository. After afterSave the service reads
 * the meeting again, so POST /meetings answers syncedToGoogleCalendar and googleCalendarEventId as they are.
 * A Google failure must not undo the local change: the implementation records it (or queues a retry) and
 * resolves; if it throws anyway, the service logs the error and still answers the committed meeting.
 */
export interface MeetingCalendarSync {
  afterSave(row: MeetingRow, actorId: string): Promise<void>;
  afterDelete(row: MeetingRow): Promise<void>;
}

/** The default port: Google Calendar is not wired (or not configured). */
export const NO_CALENDAR_SYNC: MeetingCalendarSync = {
  afterSave: async () => undefined,
  afterDelete: async () => undefined,
};

/** Whether a change of this meeting concerns Google Calendar (see MeetingCalendarSync). */
export function touchesGoogle(...rows: (MeetingRow | null | undefined)[]): boolean {
  return rows.some((r) => r != null && (r.syncToGoogle || r.googleEventId !== null));
}

/** What this module uses of the projects module (ProjectsService). */
export interface MeetingProjects {
  /** The caller's project, or AppError NOT_FOUND 'Project not found: {id}'. */
  requireProject(caller: BusinessCaller, id: string, db?: Executor): Promise<{ id: string; title: string }>;
  titles(businessId: string, ids: readonly string[]): Promise<Map<string, string>>;
}

/** Which of `ids` are contacts of the business (ContactsService). */
export interface MeetingContactsDirectory {
  existingIds(businessId: string, ids: readonly string[], db?: Executor): Promise<string[]>;
}

/** The owner of a meeting's files (the files module's FileOwner for a meeting). */
export interface MeetingFileOwner {
  businessId: string;
  meetingId: string;
  projectId?: undefined;
  taskId?: undefined;
}

/** The files module's service, as far as meetings use it (modules/files FilesService). */
export interface MeetingFiles {
  saveUpload(
    owner: MeetingFileOwner,
    uploadedBy: string,
    parts: AsyncIterable<UploadPart | UploadField>,
    opts?: { kinds?: readonly FileKind[]; maxFiles?: number },
  ): Promise<WorkFile[]>;
  list(owner: MeetingFileOwner): Promise<WorkFile[]>;
  ofMeetings(businessId: string, meetingIds: string[]): Promise<Map<string, WorkFile[]>>;
  open(owner: MeetingFileOwner, fileId: string): Promise<{ file: WorkFile; stream: Readable } | null>;
  remove(owner: MeetingFileOwner, fileId: string, db?: Executor): Promise<WorkFile | null>;
}

export interface MeetingsDeps {
  projects: MeetingProjects;
  contacts: MeetingContactsDirectory;
  files: MeetingFiles;
  activity: ProjectActivityLog;
  /** Google Calendar (the google-calendar module); NO_CALENDAR_SYNC by default. */
  sync?: MeetingCalendarSync;
  /** Where a failure of the sync port is reported (it never fails the request). */
  log?: (error: unknown, message: string) => void;
  /** Members invited to a meeting are told (CALENDAR, issue #19). */
  notify?: NotificationSender;
  /** meeting.booked for automations, in the meeting's transaction (lib/domain-events.ts). */
  events?: DomainEvents;
}

/** The members among a meeting's attendees (model User), and its organizer. */
const memberIdsOf = (attendees: MeetingAttendee[]) => attendees.filter((a) => a.model === 'User').map((a) => a.id);

/** The most meetings one answer lists (a range, a contact's or a project's meetings). */
export const MEETINGS_LIST_LIMIT = 5_000;

const notFound = () => new AppError('NOT_FOUND', MEETING_MESSAGES.notFound);
const readOnly = () => new AppError('FORBIDDEN', MEETING_MESSAGES.readOnly);
const invalid = (details: FieldError[]) => new AppError('VALIDATION_ERROR', 'Validation failed', details);
const quoted = (title: string) => `“${title}”`;

/** Dates that survive the round trip through PostgreSQL and ISO text (years 1000–9999, as tasks). */
const FIRST_DAY = Date.UTC(1000, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A meeting date as stored: a timed one is the instant; an all-day one is the calendar day written at the start
 * of the text ('2026-11-20' or '2026-11-20T…' → 2026-11-20T00:00Z), or the instant's UTC day otherwise. Null
 * (with a field message) when it does not parse or falls outside the storable years.
 */
export function storedDate(text: string, allDay: boolean, field: string, details: FieldError[]): Date | null {
  let ms = Date.parse(text);
  if (allDay && !Number.isNaN(ms)) {
    const m = DATE_PREFIX.exec(text.trim());
    ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Math.floor(ms / 86_400_000) * 86_400_000;
  }
  if (Number.isNaN(ms) || ms < FIRST_DAY || ms > LAST_INSTANT) {
    details.push({ field, message: MEETING_MESSAGES.invalidDates });
    return null;
  }
  return new Date(ms);
}

/** A stored date as answers write it: an all-day meeting's calendar day ('2026-11-20'), else the ISO instant. */
export const wireDate = (d: Date, allDay: boolean) => (allDay ? d.toISOString().slice(0, 10) : d.toISOString());

/** The UTC day of an instant (an all-day meeting's dates when isAllDay is turned on without new dates). */
const dayOf = (d: Date) => new Date(Math.floor(d.getTime() / 86_400_000) * 86_400_000);

/** A Google-only event (read-only until linked to a project). */
export const isReadOnly = (row: Pick<MeetingRow, 'source' | 'projectId'>) =>
  row.source === 'google_calendar' && row.projectId === null;

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/** Field names of a change as the project's feed shows them. */
const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  startAt: 'start',
  endAt: 'end',
  isAllDay: 'all day',
  location: 'location',
  status: 'status',
  type: 'type',
  meetingLink: 'link',
  notes: 'notes',
  isVirtual: 'virtual',
  organizerId: 'organizer',
  attendees: 'attendees',
  syncToGoogle: 'Google Calendar sync',
};

/** The meeting as a calendar item (§3 Calendar item: attendees as _id, name, email). */
export function meetingItem(row: MeetingItemRow): CalendarItem {
  return {
    _id: row.id,
    type: 'meeting',
    title: row.title,
    description: row.description,
    startDate: wireDate(row.startAt, row.isAllDay),
    endDate: wireDate(row.endAt, row.isAllDay),
    isAllDay: row.isAllDay,
    status: row.status,
    source: row.source,
    googleCalendarEventId: row.googleEventId,
    isReadOnly: isReadOnly(row),
    projectId: row.projectId,
    attendees: row.attendees.map((a) => ({ _id: a.id, name: a.name, email: a.email })),
  };
}

const toAttachment = (f: WorkFile): MeetingAttachment => ({
  _id: f._id,
  name: f.name,
  mimetype: f.type,
  size: f.size,
  createdAt: f.createdAt,
});

/**
 * Meetings (spec §3 Meeting, §5, §7 "Meetings and calendar"): a business's meetings with their attendees
 * (contacts or members), project, attachments (the files module) and Google Calendar state (MeetingCalendarSync
 * above). A member sees every meeting of the business and their own Google-only events, never another member's.
 */
export class MeetingsService {
  private readonly sync: MeetingCalendarSync;

  constructor(
    private readonly repo: MeetingsRepository,
    private readonly deps: MeetingsDeps,
  ) {
    this.sync = deps.sync ?? NO_CALENDAR_SYNC;
  }

  // ----- reads

  /** GET /meetings: the meetings overlapping [from, to) (with the caller's Google-only events when asked). */
  async inRange(
    caller: BusinessCaller,
    range: { from: Date; to: Date; includeGoogleCalendar: boolean },
  ): Promise<Meeting[]> {
    return this.toMeetings(caller.businessId, await this.rangeRows(caller, range));
  }

  /** The calendar's meetings in a range (GET /calendar/meetings) as items, with its status and title filters. */
  async rangeItems(
    caller: BusinessCaller,
    range: { from: Date; to: Date; includeGoogleCalendar: boolean; status?: string; search?: string },
  ): Promise<{ at: number; item: CalendarItem }[]> {
    const filter = this.rangeFilter(caller, range);
    if (!filter) return [];
    const rows = await this.repo.itemsInRange(caller.businessId, caller.userId, filter);
    return rows.map((row) => ({ at: row.startAt.getTime(), item: meetingItem(row) }));
  }

  private async rangeRows(
    caller: BusinessCaller,
    range: { from: Date; to: Date; includeGoogleCalendar: boolean },
  ): Promise<MeetingView[]> {
    return this.repo.inRange(caller.businessId, caller.userId, this.rangeFilter(caller, range)!);
  }

  /** The repository's filter of a range (null: a status no meeting has, so none matches). */
  private rangeFilter(
    caller: BusinessCaller,
    range: { from: Date; to: Date; includeGoogleCalendar: boolean; status?: string; search?: string },
  ): MeetingRangeFilter | null {
    if (range.status !== undefined && !(range.status in MEETING_STATUS_LABELS)) return null;
    return {
      from: range.from,
      to: range.to,
      googleOf: range.includeGoogleCalendar ? caller.userId : undefined,
      status: range.status as MeetingStatus | undefined,
      search: range.search || undefined,
      limit: MEETINGS_LIST_LIMIT,
    };
  }

  async get(caller: BusinessCaller, id: string): Promise<Meeting> {
    const row = await this.repo.find(caller.businessId, caller.userId, id);
    if (!row) throw notFound();
    return (await this.toMeetings(caller.businessId, [row]))[0]!;
  }

  /** One meeting as a calendar item (the calendar's answers to a create or a drag). */
  async item(caller: BusinessCaller, id: string): Promise<CalendarItem> {
    const row = await this.repo.find(caller.businessId, caller.userId, id);
    if (!row) throw notFound();
    return meetingItem(row);
  }

  /** GET /meetings/contact/{id}: the meetings the contact attends, newest first (404 for another's contact). */
  async ofContact(caller: BusinessCaller, contactId: string): Promise<Meeting[]> {
    const [found] = await this.deps.contacts.existingIds(caller.businessId, [contactId]);
    if (!found) throw new AppError('NOT_FOUND', 'Contact not found');
    const rows = await this.repo.ofContact(caller.businessId, caller.userId, contactId, MEETINGS_LIST_LIMIT);
    return this.toMeetings(caller.businessId, rows);
  }

  /** GET /meetings/project/{id}: the project's meetings, soonest first (404 for another's project). */
  async ofProject(caller: BusinessCaller, projectId: string): Promise<Meeting[]> {
    await this.deps.projects.requireProject(caller, projectId);
    return this.toMeetings(
      caller.businessId,
      await this.repo.ofProject(caller.businessId, projectId, MEETINGS_LIST_LIMIT),
    );
  }

  // ----- writes

  /** POST /meetings (and /calendar/meetings, /calendar/items). */
  async create(caller: BusinessCaller, input: MeetingData): Promise<Meeting> {
    return this.get(caller, await this.createRow(caller, input));
  }

  /** Members invited (attendees of model User, the organizer) are told, in the meeting's transaction; not the caller. */
  private async notifyInvited(
    caller: BusinessCaller,
    id: string,
    title: string,
    startAt: Date,
    userIds: string[],
    tx: Executor,
  ): Promise<void> {
    const to = [...new Set(userIds)].filter((userId) => userId !== caller.userId);
    if (!this.deps.notify || to.length === 0) return;
    const when = startAt.toISOString().slice(0, 16).replace('T', ' ');
    await this.deps.notify.send(
      {
        businessId: caller.businessId,
        type: 'CALENDAR',
        title: 'Meeting invitation',
        message: `You were invited to ${quoted(title)} on ${when} UTC`,
        data: { url: `/calendar/meetings/${encodeURIComponent(id)}` },
        to: { userIds: to },
        exceptUserId: caller.userId,
      },
      tx,
    );
  }

  /** Creates the meeting and answers its id (after the Google port has run). */
  async createRow(caller: BusinessCaller, input: MeetingData): Promise<string> {
    const details: FieldError[] = [];
    const startAt = storedDate(input.startDate, input.isAllDay, 'startDate', details);
    const endAt = storedDate(input.endDate, input.isAllDay, 'endDate', details);
    if (startAt && endAt && endAt < startAt)
      details.push({ field: 'endDate', message: MEETING_MESSAGES.endBeforeStart });
    const organizerId = input.organizer ?? caller.userId;
    await this.checkPeople(caller, organizerId, input.attendees, details);
    if (details.length > 0) throw invalid(details);
    const project = input.projectId ? await this.deps.projects.requireProject(caller, input.projectId) : null;
    const attendees = uniqueAttendees(input.attendees);
    const fields: MeetingFields = {
      title: input.title,
      description: input.description,
      startAt: startAt!,
      endAt: endAt!,
      isAllDay: input.isAllDay,
      location: input.location,
      status: input.status,
      type: input.type,
      meetingLink: input.meetingLink,
      notes: input.notes,
      projectId: project?.id ?? null,
      isVirtual: input.isVirtual,
      organizerId,
      attendees,
      syncToGoogle: input.syncToGoogleCalendar,
    };
    const id = await this.repo.transaction(async (tx) => {
      const id = await this.repo.insert(tx, caller.businessId, caller.userId, fields);
      await this.repo.setContacts(tx, caller.businessId, id, contactIdsOf(attendees));
      if (project) {
        const message = `Scheduled meeting ${quoted(fields.title)}`;
        await this.feed(caller, { id, title: fields.title }, project.id, 'meeting.created', message, tx);
      }
      await this.notifyInvited(caller, id, fields.title, fields.startAt, [...memberIdsOf(attendees), organizerId], tx);
      await this.deps.events?.emit(
        {
          businessId: caller.businessId,
          type: 'meeting.booked',
          recordId: id,
          record: {
            title: fields.title,
            startTime: fields.startAt.toISOString(),
            contactId: contactIdsOf(attendees)[0] ?? null,
          },
          actorId: caller.userId,
        },
        tx,
      );
      return id;
    });
    await this.afterSave(caller, id, null);
    return id;
  }

  /**
   * PUT /meetings/{id} (and PATCH /calendar/meetings/{id}, a drag of a meeting): the fields given change, the
   * others keep their values; the date order is checked on the merged meeting. Google-only events: 403.
   */
  async update(caller: BusinessCaller, id: string, input: MeetingUpdateData): Promise<Meeting> {
    await this.updateRow(caller, id, input);
    return this.get(caller, id);
  }

  async updateRow(caller: BusinessCaller, id: string, input: MeetingUpdateData): Promise<void> {
    const details: FieldError[] = [];
    await this.checkPeople(caller, input.organizer ?? null, input.attendees ?? [], details);
    if (details.length > 0) throw invalid(details);
    const project = input.projectId ? await this.deps.projects.requireProject(caller, input.projectId) : null;
    const before = await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, caller.businessId, caller.userId, id);
      if (!current) throw notFound();
      if (isReadOnly(current)) throw readOnly();
      const allDay = input.isAllDay ?? current.isAllDay;
      const dateOf = (text: string | undefined, stored: Date, field: string) =>
        text !== undefined ? storedDate(text, allDay, field, details) : allDay ? dayOf(stored) : stored;
      const startAt = dateOf(input.startDate, current.startAt, 'startDate');
      const endAt = dateOf(input.endDate, current.endAt, 'endDate');
      if (startAt && endAt && endAt < startAt) {
        details.push({ field: 'endDate', message: MEETING_MESSAGES.endBeforeStart });
      }
      if (details.length > 0) throw invalid(details);
      const next: Partial<MeetingFields> = {
        title: input.title,
        description: input.description,
        startAt: startAt!,
        endAt: endAt!,
        isAllDay: allDay,
        location: input.location,
        status: input.status,
        type: input.type,
        meetingLink: input.meetingLink,
        notes: input.notes,
        isVirtual: input.isVirtual,
        // Left out or blank: the organizer stays (a meeting always has one once created).
        organizerId: input.organizer ?? undefined,
        attendees: input.attendees === undefined ? undefined : uniqueAttendees(input.attendees),
        syncToGoogle: input.syncToGoogleCalendar,
      };
      if (input.projectId !== undefined) next.projectId = project?.id ?? null;
      const set: Partial<MeetingFields> = {};
      for (const [key, value] of Object.entries(next) as [keyof MeetingFields, unknown][]) {
        if (value === undefined || same(value, current[key as keyof MeetingRow])) continue;
        (set as Record<string, unknown>)[key] = value;
      }
      if (Object.keys(set).length === 0) return current;
      await this.repo.update(tx, caller.businessId, id, set);
      if (set.attendees) await this.repo.setContacts(tx, caller.businessId, id, contactIdsOf(set.attendees));
      if (set.attendees) {
        const before = new Set(memberIdsOf(current.attendees ?? []));
        const added = memberIdsOf(set.attendees).filter((userId) => !before.has(userId));
        await this.notifyInvited(caller, id, set.title ?? current.title, set.startAt ?? current.startAt, added, tx);
      }
      const title = set.title ?? current.title;
      const subject = { id, title };
      if ('projectId' in set) {
        if (current.projectId) {
          const message = `Unlinked meeting ${quoted(title)}`;
          await this.feed(caller, subject, current.projectId, 'meeting.unlinked', message, tx);
        }
        if (set.projectId) {
          await this.feed(caller, subject, set.projectId, 'meeting.linked', `Linked meeting ${quoted(title)}`, tx);
        }
      } else if (current.projectId) {
        const words = Object.keys(set).map((k) => FIELD_WORDS[k] ?? k);
        const message = `Updated meeting ${quoted(title)}: ${[...new Set(words)].join(', ')}`;
        await this.feed(caller, subject, current.projectId, 'meeting.updated', message, tx);
      }
      return current;
    });
    await this.afterSave(caller, id, before);
  }

  /** DELETE /meetings/{id} (and the calendar's deletes): its attendees and files go with it. Google-only: 403. */
  async remove(caller: BusinessCaller, id: string): Promise<void> {
    const removed = await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, caller.businessId, caller.userId, id);
      if (!current) throw notFound();
      if (isReadOnly(current)) throw readOnly();
      await this.repo.delete(tx, caller.businessId, id);
      if (current.projectId) {
        const message = `Deleted meeting ${quoted(current.title)}`;
        await this.feed(caller, current, current.projectId, 'meeting.deleted', message, tx);
      }
      return current;
    });
    if (touchesGoogle(removed)) {
      await this.sync.afterDelete(removed).catch((error: unknown) => this.report(error, 'afterDelete'));
    }
  }

  /**
   * POST /meetings/{id}/project: links the meeting to one of the caller's projects (a Google-only event becomes
   * the business's meeting, no longer read-only).
   */
  async linkProject(caller: BusinessCaller, id: string, projectId: string): Promise<Meeting> {
    const project = await this.deps.projects.requireProject(caller, projectId);
    const before = await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, caller.businessId, caller.userId, id);
      if (!current) throw notFound();
      if (current.projectId === project.id) return null;
      await this.repo.update(tx, caller.businessId, id, { projectId: project.id });
      if (current.projectId) {
        const message = `Moved meeting ${quoted(current.title)} to project ${quoted(project.title)}`;
        await this.feed(caller, current, current.projectId, 'meeting.unlinked', message, tx);
      }
      const message = `Linked meeting ${quoted(current.title)}`;
      await this.feed(caller, current, project.id, 'meeting.linked', message, tx);
      return current;
    });
    if (before) await this.afterSave(caller, id, before);
    return this.get(caller, id);
  }

  /** DELETE /meetings/{id}/project: the meeting leaves its project (a Google event becomes read-only again). */
  async unlinkProject(caller: BusinessCaller, id: string): Promise<Meeting> {
    const before = await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, caller.businessId, caller.userId, id);
      if (!current) throw notFound();
      if (current.projectId === null) return null;
      await this.repo.update(tx, caller.businessId, id, { projectId: null });
      const message = `Unlinked meeting ${quoted(current.title)}`;
      await this.feed(caller, current, current.projectId, 'meeting.unlinked', message, tx);
      return current;
    });
    if (before) await this.afterSave(caller, id, before);
    return this.get(caller, id);
  }

  /** The older add-contact / remove-contact calls (§7): 404 for a meeting the caller cannot see, else refused. */
  async deprecatedContactsCall(caller: BusinessCaller, id: string): Promise<never> {
    if (!(await this.repo.find(caller.businessId, caller.userId, id))) throw notFound();
    throw new AppError('DEPRECATED_CALL', MEETING_MESSAGES.attendeesThroughUpdate);
  }

  // ----- attachments (stored by the files module)

  /** POST /meetings/{id}/attachments: one file (multipart field `file`); `parts` is read once the meeting is known. */
  async addAttachment(
    caller: BusinessCaller,
    id: string,
    parts: () => AsyncIterable<UploadPart | UploadField>,
  ): Promise<MeetingAttachment> {
    await this.requireWritable(caller, id);
    const owner = { businessId: caller.businessId, meetingId: id };
    const [saved] = await this.deps.files.saveUpload(owner, caller.userId, parts(), {
      kinds: ['attachment'],
      maxFiles: 1,
    });
    return toAttachment(saved!);
  }

  /** GET /meetings/{id}/attachments/{attachmentId}: the file as base64 (§7). */
  async attachment(caller: BusinessCaller, id: string, fileId: string): Promise<MeetingAttachmentContent> {
    if (!(await this.repo.find(caller.businessId, caller.userId, id))) throw notFound();
    const opened = await this.deps.files.open({ businessId: caller.businessId, meetingId: id }, fileId);
    if (!opened) throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return { base64: Buffer.concat(chunks).toString('base64'), mimetype: opened.file.type, name: opened.file.name };
  }

  async removeAttachment(caller: BusinessCaller, id: string, fileId: string): Promise<void> {
    await this.requireWritable(caller, id);
    const removed = await this.deps.files.remove({ businessId: caller.businessId, meetingId: id }, fileId);
    if (!removed) throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
  }

  // ----- helpers

  private async requireWritable(caller: BusinessCaller, id: string): Promise<MeetingView> {
    const row = await this.repo.find(caller.businessId, caller.userId, id);
    if (!row) throw notFound();
    if (isReadOnly(row)) throw readOnly();
    return row;
  }

  /** The organizer (when given) must be a member; Contact attendees the business's contacts, User ones members. */
  private async checkPeople(
    caller: BusinessCaller,
    organizerId: string | null,
    attendees: MeetingAttendee[],
    details: FieldError[],
  ): Promise<void> {
    const userIds = attendees.filter((a) => a.model === 'User').map((a) => a.id);
    const contactIds = attendees.filter((a) => a.model === 'Contact').map((a) => a.id);
    const [members, contacts] = await Promise.all([
      this.repo.memberIds(caller.businessId, organizerId ? [...userIds, organizerId] : userIds),
      contactIds.length > 0 ? this.deps.contacts.existingIds(caller.businessId, contactIds) : [],
    ]);
    const isMember = new Set(members);
    const isContact = new Set(contacts);
    if (organizerId && !isMember.has(organizerId)) {
      details.push({ field: 'organizer', message: 'Organizer must be a member of the business' });
    }
    attendees.forEach((a, i) => {
      if (a.model === 'User' && !isMember.has(a.id)) {
        details.push({ field: `attendees.${i}.id`, message: 'Member not found' });
      } else if (a.model === 'Contact' && !isContact.has(a.id)) {
        details.push({ field: `attendees.${i}.id`, message: 'Contact not found' });
      }
    });
  }

  /** After a committed change: the Google port when it concerns Google (never failing the request). */
  private async afterSave(caller: BusinessCaller, id: string, before: MeetingRow | null): Promise<void> {
    const row = await this.repo.row(caller.businessId, id);
    if (!row || !touchesGoogle(before, row)) return;
    await this.sync.afterSave(row, caller.userId).catch((error: unknown) => this.report(error, 'afterSave'));
  }

  private report(error: unknown, what: string): void {
    this.deps.log?.(error, `Google Calendar sync (${what}) failed; the meeting is saved`);
  }

  private feed(
    caller: BusinessCaller,
    meeting: { id: string; title: string },
    projectId: string,
    type: string,
    message: string,
    tx: Executor,
  ): Promise<void> {
    return this.deps.activity.record(
      {
        businessId: caller.businessId,
        projectId,
        type,
        message,
        subject: { type: 'meeting', id: meeting.id, title: meeting.title },
        actorId: caller.userId,
      },
      tx,
    );
  }

  /** Rows → the contract's Meeting, with project titles and attachments read once for all of them. */
  private async toMeetings(businessId: string, rows: MeetingView[]): Promise<Meeting[]> {
    if (rows.length === 0) return [];
    const projectIds = [...new Set(rows.map((r) => r.projectId).filter((p): p is string => p !== null))];
    const [titles, files] = await Promise.all([
      projectIds.length > 0 ? this.deps.projects.titles(businessId, projectIds) : new Map<string, string>(),
      this.deps.files.ofMeetings(
        businessId,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((row) => toMeeting(row, titles, files.get(row.id) ?? []));
  }
}

function toMeeting(row: MeetingView, titles: Map<string, string>, files: WorkFile[]): Meeting {
  const projectTitle = row.projectId ? titles.get(row.projectId) : undefined;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startDate: wireDate(row.startAt, row.isAllDay),
    endDate: wireDate(row.endAt, row.isAllDay),
    isAllDay: row.isAllDay,
    location: row.location,
    organizer:
      row.organizerId && row.organizerEmail !== null
        ? {
            _id: row.organizerId,
            name: personName(row.organizerFirstName, row.organizerLastName) || row.organizerEmail,
            email: row.organizerEmail,
            firstName: row.organizerFirstName,
            lastName: row.organizerLastName,
          }
        : null,
    attendees: row.attendees,
    status: row.status,
    type: row.type,
    meetingLink: row.meetingLink,
    notes: row.notes,
    projectId: row.projectId,
    project: row.projectId && projectTitle !== undefined ? { _id: row.projectId, title: projectTitle } : null,
    isVirtual: row.isVirtual,
    attachments: files.map(toAttachment),
    syncToGoogleCalendar: row.syncToGoogle,
    syncedToGoogleCalendar: row.syncedToGoogle,
    googleCalendarEventId: row.googleEventId,
    googleCalendarUrl: row.googleCalendarUrl,
    source: row.source,
    isReadOnly: isReadOnly(row),
    userId: row.userId,
    businessId: row.businessId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One entry per (model, id): the first wins. */
function uniqueAttendees(attendees: MeetingAttendee[]): MeetingAttendee[] {
  const seen = new Set<string>();
  return attendees.filter((a) => {
    const key = `${a.model}:${a.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const contactIdsOf = (attendees: MeetingAttendee[]) => attendees.filter((a) => a.model === 'Contact').map((a) => a.id);

/** JSON with every object's keys sorted (jsonb keeps its own key order, not the one written). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );

/** Whether a new value equals the stored one (dates by instant, attendees by content). */
function same(value: unknown, stored: unknown): boolean {
  if (value instanceof Date && stored instanceof Date) return value.getTime() === stored.getTime();
  if (Array.isArray(value) || Array.isArray(stored)) return canonical(value) === canonical(stored);
  return value === stored;
}
