import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { MeetingAttendee } from '@atrium/domain-work/schemas';
import type { Database } from '../../db/client';
import {
  businessMembers,
  contacts,
  googleCalendarConnections,
  meetingContacts,
  meetings,
  users,
} from '../../db/schema';
import type { MeetingRow } from '../meetings/meetings.service';
import type { MeetingEventFields, ReadEvent } from './event-mapping';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export type ConnectionRow = typeof googleCalendarConnections.$inferSelect;

export interface NewConnection {
  userId: string;
  businessId: string;
  googleEmail: string | null;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  tokenExpiresAt: Date | null;
  scope: string | null;
}

/** What a push to Google left on the meeting. */
export interface PushedLink {
  googleUserId: string;
  eventId: string;
  url: string | null;
  etag: string | null;
  updated: Date | null;
}

/**
 * The SQL of the Google Calendar sync: its own table (google_calendar_connections) and, as the meetings module's port
 * says (MeetingCalendarSync), the Google columns of `meetings` and the rows of events that exist only in a member's
 * Google Calendar (source google_calendar). The event fields of a linked meeting change here only when Google's
 * version is the newer one (google-calendar.sync.ts).
 */
export class GoogleCalendarRepository {
  constructor(private readonly db: Database) {}

  // ---- connections ---------------------------------------------------------------------------------------------

  async connectionOf(userId: string, businessId: string): Promise<ConnectionRow | null> {
    const [row] = await this.db
      .select()
      .from(googleCalendarConnections)
      .where(and(eq(googleCalendarConnections.userId, userId), eq(googleCalendarConnections.businessId, businessId)));
    return row ?? null;
  }

  async connectionById(id: string): Promise<ConnectionRow | null> {
    const [row] = await this.db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.id, id));
    return row ?? null;
  }

  /** Stores a fresh grant (a first connect or a reconnect): connected, no sync token yet (the next run lists all). */
  async saveConnection(c: NewConnection): Promise<ConnectionRow> {
    const fresh = {
      googleEmail: c.googleEmail,
      accessTokenSealed: c.accessTokenSealed,
      refreshTokenSealed: c.refreshTokenSealed,
      tokenExpiresAt: c.tokenExpiresAt,
      scope: c.scope,
      status: 'connected' as const,
      lastError: null,
      syncToken: null,
      updatedAt: sql`now()`,
    };
    const [row] = await this.db
      .insert(googleCalendarConnections)
      .values({ ...c, status: 'connected' })
      .onConflictDoUpdate({
        target: [googleCalendarConnections.userId, googleCalendarConnections.businessId],
        set: fresh,
      })
      .returning();
    return row!;
  }

  async saveTokens(
    id: string,
    tokens: { accessTokenSealed: string | null; expiresAt: Date | null; refreshTokenSealed?: string },
  ) {
    await this.db
      .update(googleCalendarConnections)
      .set({
        accessTokenSealed: tokens.accessTokenSealed,
        tokenExpiresAt: tokens.expiresAt,
        ...(tokens.refreshTokenSealed ? { refreshTokenSealed: tokens.refreshTokenSealed } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(googleCalendarConnections.id, id));
  }

  /** Google refused the grant: the member must reconnect; the tokens are useless and forgotten. */
  async markReconnect(id: string, error: string): Promise<void> {
    await this.db
      .update(googleCalendarConnections)
      .set({
        status: 'reconnect',
        lastError: error.slice(0, 500),
        accessTokenSealed: null,
        refreshTokenSealed: null,
        tokenExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(googleCalendarConnections.id, id));
  }

  async recordError(id: string, error: string | null): Promise<void> {
    await this.db
      .update(googleCalendarConnections)
      .set({ lastError: error?.slice(0, 500) ?? null, updatedAt: sql`now()` })
      .where(eq(googleCalendarConnections.id, id));
  }

  async saveSyncToken(id: string, syncToken: string | null, synced: boolean): Promise<void> {
    await this.db
      .update(googleCalendarConnections)
      .set({
        syncToken,
        ...(synced ? { lastSyncedAt: sql`now()`, lastError: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(googleCalendarConnections.id, id));
  }

  async deleteConnection(id: string): Promise<void> {
    await this.db.delete(googleCalendarConnections).where(eq(googleCalendarConnections.id, id));
  }

  /** Takes the connection for a sync run until `seconds` from now; false when another run holds it. */
  async claimLease(id: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .update(googleCalendarConnections)
      .set({ syncLeaseUntil: sql`now() + ${seconds}::int * interval '1 second'` })
      .where(
        and(
          eq(googleCalendarConnections.id, id),
          or(
            isNull(googleCalendarConnections.syncLeaseUntil),
            lt(googleCalendarConnections.syncLeaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: googleCalendarConnections.id });
    return rows.length > 0;
  }

  async extendLease(id: string, seconds: number): Promise<void> {
    await this.db
      .update(googleCalendarConnections)
      .set({ syncLeaseUntil: sql`now() + ${seconds}::int * interval '1 second'` })
      .where(eq(googleCalendarConnections.id, id));
  }

  async releaseLease(id: string): Promise<void> {
    await this.db
      .update(googleCalendarConnections)
      .set({ syncLeaseUntil: null })
      .where(eq(googleCalendarConnections.id, id));
  }

  /** Connected calendars not synced for `seconds` (or never). */
  async dueConnections(seconds: number, limit = 500): Promise<string[]> {
    const rows = await this.db
      .select({ id: googleCalendarConnections.id })
      .from(googleCalendarConnections)
      .where(
        and(
          eq(googleCalendarConnections.status, 'connected'),
          or(
            isNull(googleCalendarConnections.lastSyncedAt),
            lt(googleCalendarConnections.lastSyncedAt, sql`now() - ${seconds}::int * interval '1 second'`),
          ),
        ),
      )
      .orderBy(sql`${googleCalendarConnections.lastSyncedAt} NULLS FIRST`)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // ---- meetings (their Google side) ------------------------------------------------------------------------------

  async meeting(id: string): Promise<MeetingRow | null> {
    const [row] = await this.db.select().from(meetings).where(eq(meetings.id, id));
    return row ?? null;
  }

  /** The meetings linked to these events of the member's calendar (any business). */
  async meetingsByEvents(googleUserId: string, eventIds: string[]): Promise<MeetingRow[]> {
    if (eventIds.length === 0) return [];
    return this.db
      .select()
      .from(meetings)
      .where(and(eq(meetings.googleUserId, googleUserId), inArray(meetings.googleEventId, eventIds)));
  }

  async meetingsByIds(ids: string[]): Promise<MeetingRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(meetings).where(inArray(meetings.id, ids));
  }

  /**
   * After a push: the event's id, link, etag and time. synced_to_google only when the meeting is still as it was
   * read before the push (`seenUpdatedAt`); a change made meanwhile stays unsynced and is pushed by its own save.
   */
  async recordPushed(meetingId: string, link: PushedLink, seenUpdatedAt: Date): Promise<void> {
    await this.db
      .update(meetings)
      .set({
        googleUserId: link.googleUserId,
        googleEventId: link.eventId,
        googleCalendarUrl: link.url,
        googleEtag: link.etag,
        googleUpdatedAt: link.updated,
        // JS dates hold milliseconds, PostgreSQL microseconds.
        syncedToGoogle: sql`date_trunc('milliseconds', ${meetings.updatedAt}) = ${seenUpdatedAt.toISOString()}::timestamptz`,
      })
      .where(eq(meetings.id, meetingId));
  }

  async markUnsynced(meetingId: string): Promise<void> {
    await this.db.update(meetings).set({ syncedToGoogle: false }).where(eq(meetings.id, meetingId));
  }

  /** The meeting is no longer in Google (its sync was turned off, or its event is gone). */
  async clearLink(meetingId: string): Promise<void> {
    await this.db
      .update(meetings)
      .set({
        googleEventId: null,
        googleCalendarUrl: null,
        googleEtag: null,
        googleUpdatedAt: null,
        googleUserId: null,
        syncedToGoogle: false,
      })
      .where(eq(meetings.id, meetingId));
  }

  /** Google's newer version of a linked meeting's event fields, and its attendees (contacts' rows follow). */
  async applyGoogleVersion(
    meetingId: string,
    googleUserId: string,
    eventId: string,
    read: ReadEvent,
    attendees: MeetingAttendee[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(meetings)
        .set({
          ...eventColumns(read),
          attendees,
          googleUserId,
          googleEventId: eventId,
          googleCalendarUrl: read.htmlLink,
          googleEtag: read.etag,
          googleUpdatedAt: read.updated,
          syncedToGoogle: true,
          updatedAt: sql`now()`,
        })
        .where(eq(meetings.id, meetingId))
        .returning({ id: meetings.id, businessId: meetings.businessId });
      if (row) await setContactRows(tx, [{ meetingId: row.id, businessId: row.businessId, attendees }]);
    });
  }

  /**
   * The business's people with these addresses (lower-cased), as attendees: a member (User) before a contact, and of
   * several contacts with one address the oldest.
   */
  async peopleByEmails(businessId: string, emails: string[]): Promise<Map<string, MeetingAttendee>> {
    const out = new Map<string, MeetingAttendee>();
    const wanted = [...new Set(emails)];
    for (let i = 0; i < wanted.length; i += 500) {
      const part = wanted.slice(i, i + 500);
      const members = await this.db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(businessMembers)
        .innerJoin(users, eq(users.id, businessMembers.userId))
        .where(and(eq(businessMembers.businessId, businessId), inArray(sql`lower(${users.email})`, part)));
      for (const m of members) {
        out.set(m.email.toLowerCase(), { id: m.id, model: 'User', email: m.email, name: fullName(m) });
      }
      const found = await this.db
        .select({ id: contacts.id, email: contacts.email, firstName: contacts.firstName, lastName: contacts.lastName })
        .from(contacts)
        // Contacts' addresses are stored lower-cased (the shared e-mail rule): the (business, email) index serves it.
        .where(and(eq(contacts.businessId, businessId), inArray(contacts.email, part)))
        .orderBy(asc(contacts.createdAt), asc(contacts.id));
      for (const c of found) {
        const key = c.email.toLowerCase();
        if (!out.has(key)) out.set(key, { id: c.id, model: 'Contact', email: c.email, name: fullName(c) });
      }
    }
    return out;
  }

  /**
   * Events that exist only in the member's Google Calendar, as read-only meetings of the connection's business, in one
   * statement: inserted once (the unique index on (google_user_id, google_event_id)), updated when Google changed them.
   * A row another business of the same member already holds for an event is left alone.
   */
  async upsertGoogleOnly(
    businessId: string,
    userId: string,
    events: { eventId: string; read: ReadEvent; attendees: MeetingAttendee[] }[],
  ): Promise<void> {
    if (events.length === 0) return;
    const rows = await this.db
      .insert(meetings)
      .values(
        events.map(({ eventId, read, attendees }) => ({
          businessId,
          userId,
          organizerId: userId,
          ...eventColumns(read),
          attendees,
          meetingLink: read.meetingLink,
          source: 'google_calendar' as const,
          syncToGoogle: false,
          syncedToGoogle: true,
          googleUserId: userId,
          googleEventId: eventId,
          googleCalendarUrl: read.htmlLink,
          googleEtag: read.etag,
          googleUpdatedAt: read.updated,
        })),
      )
      .onConflictDoUpdate({
        target: [meetings.googleUserId, meetings.googleEventId],
        targetWhere: isNotNull(meetings.googleEventId),
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          location: sql`excluded.location`,
          startAt: sql`excluded.start_at`,
          endAt: sql`excluded.end_at`,
          isAllDay: sql`excluded.is_all_day`,
          attendees: sql`excluded.attendees`,
          meetingLink: sql`excluded.meeting_link`,
          googleCalendarUrl: sql`excluded.google_calendar_url`,
          googleEtag: sql`excluded.google_etag`,
          googleUpdatedAt: sql`excluded.google_updated_at`,
          syncedToGoogle: true,
          updatedAt: sql`now()`,
        },
        setWhere: and(
          eq(meetings.businessId, businessId),
          sql`${meetings.googleEtag} IS DISTINCT FROM excluded.google_etag`,
        ),
      })
      .returning({ id: meetings.id, eventId: meetings.googleEventId });
    // The rows written (inserted, or changed in Google): their contact attendees' rows follow.
    const byEvent = new Map(events.map((e) => [e.eventId, e.attendees]));
    await setContactRows(
      this.db,
      rows.map((r) => ({ meetingId: r.id, businessId, attendees: byEvent.get(r.eventId!) ?? [] })),
    );
  }

  async deleteMeeting(meetingId: string, businessId: string): Promise<void> {
    await this.db.delete(meetings).where(and(eq(meetings.id, meetingId), eq(meetings.businessId, businessId)));
  }

  /**
   * For a full sync's reconciliation: the rows of the member's calendar in a business that a missing event removes —
   * Google-only rows, and meetings linked to an event of that calendar with no local change since the last exchange
   * (synced); an unsynced one is written back instead (docs/requirements.md, "Google Calendar sync").
   */
  async reconcilableEvents(userId: string, businessId: string): Promise<{ id: string; eventId: string }[]> {
    const rows = await this.db
      .select({ id: meetings.id, eventId: meetings.googleEventId })
      .from(meetings)
      .where(
        and(
          eq(meetings.businessId, businessId),
          eq(meetings.googleUserId, userId),
          isNotNull(meetings.googleEventId),
          or(
            and(eq(meetings.source, 'google_calendar'), isNull(meetings.projectId)),
            eq(meetings.syncedToGoogle, true),
          ),
        ),
      );
    return rows.map((r) => ({ id: r.id, eventId: r.eventId! }));
  }

  /**
   * A fresh grant (a connect or reconnect, maybe of another Google account): the member's meetings linked to events
   * of their calendar in this business are marked unsynced, so the first full sync writes them back to the calendar
   * now connected instead of taking a missing event for a deletion. Google-only rows are left to that sync.
   */
  async recheckLinked(userId: string, businessId: string): Promise<void> {
    await this.db
      .update(meetings)
      .set({ syncedToGoogle: false })
      .where(
        and(
          eq(meetings.businessId, businessId),
          eq(meetings.googleUserId, userId),
          isNotNull(meetings.googleEventId),
          or(eq(meetings.source, 'atrium'), isNotNull(meetings.projectId)),
        ),
      );
  }

  async deleteMeetings(ids: string[], businessId: string): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db
        .delete(meetings)
        .where(and(eq(meetings.businessId, businessId), inArray(meetings.id, ids.slice(i, i + 500))));
    }
  }

  /**
   * Meetings of the member's calendar in this business whose local change has not reached Google yet: those already
   * in it, and those to be written to it (organizer, else creator, is the member).
   */
  async unsyncedOf(userId: string, businessId: string, limit = 200): Promise<MeetingRow[]> {
    return this.db
      .select()
      .from(meetings)
      .where(
        and(
          eq(meetings.businessId, businessId),
          eq(meetings.syncedToGoogle, false),
          or(
            eq(meetings.googleUserId, userId),
            and(
              isNull(meetings.googleUserId),
              eq(meetings.syncToGoogle, true),
              or(eq(meetings.organizerId, userId), and(isNull(meetings.organizerId), eq(meetings.userId, userId))),
            ),
          ),
        ),
      )
      .limit(limit);
  }
}

const fullName = (p: { firstName: string; lastName: string | null }) =>
  [p.firstName, p.lastName].filter((v) => v && v.trim() !== '').join(' ') || null;

/** The meetings' contact attendees become exactly their rows of meeting_contacts (a contact's meetings list). */
async function setContactRows(
  db: Executor,
  rows: { meetingId: string; businessId: string; attendees: MeetingAttendee[] }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await db.delete(meetingContacts).where(
      inArray(
        meetingContacts.meetingId,
        part.map((r) => r.meetingId),
      ),
    );
    const links = part.flatMap((r) =>
      r.attendees
        .filter((a) => a.model === 'Contact')
        .map((a) => ({ meetingId: r.meetingId, contactId: a.id, businessId: r.businessId })),
    );
    if (links.length > 0) await db.insert(meetingContacts).values(links).onConflictDoNothing();
  }
}

function eventColumns(read: MeetingEventFields & { meetingLink?: string | null }) {
  return {
    title: read.title,
    description: read.description,
    location: read.location,
    startAt: read.startAt,
    endAt: read.endAt,
    isAllDay: read.isAllDay,
    ...(read.meetingLink ? { meetingLink: read.meetingLink } : {}),
  };
}
