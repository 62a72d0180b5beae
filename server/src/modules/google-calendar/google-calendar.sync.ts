import type { MeetingAttendee } from '@atrium/domain-work/schemas';
import type { SealedText } from '../../lib/sealed-text';
import type { MeetingRow } from '../meetings/meetings.service';
import { eventIdFor, fromGoogleEvent, markerOf, toGoogleEvent, type EventGuest, type ReadEvent } from './event-mapping';
import {
  GoogleCalendarError,
  type CalendarSession,
  type GoogleApi,
  type GoogleEvent,
  type GoogleTokens,
} from './google-api';
import type { ConnectionRow, GoogleCalendarRepository } from './google-calendar.repository';

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The result of one push of a meeting. */
export type PushOutcome = 'pushed' | 'removed' | 'unchanged' | 'no-connection' | 'reconnect' | 'google-newer';

/** The figures of one inbound run (logged; the benchmark prints them). */
export interface SyncFigures {
  full: boolean;
  pages: number;
  events: number;
  reset: boolean;
}

/** A failure worth trying again later (429, 5xx, network): the caller's job retries with backoff. */
export const isTransient = (error: unknown) => error instanceof GoogleCalendarError && error.kind === 'transient';

const tokenContext = (c: Pick<ConnectionRow, 'userId' | 'businessId'>, kind: 'access' | 'refresh') =>
  `${c.userId}:${c.businessId}:${kind}`;

const newer = (a: Date | null | undefined, b: Date | null | undefined) => !!a && (!b || a.getTime() > b.getTime());

/** Whether the row mirrors an event it may not change (Google-only, not linked to a project). */
const isReadOnlyMirror = (row: MeetingRow) => row.source === 'google_calendar' && row.projectId === null;

/**
 * An event's guests as a meeting's attendees: an address the meeting already has keeps its attendee; else the
 * business's member, else its contact, with that address; any other guest is left out (an attendee is a contact or a
 * member). The meeting's attendees without an address (never sent to Google) stay.
 */
export function attendeesFromGuests(
  guests: EventGuest[],
  people: Map<string, MeetingAttendee>,
  current: readonly MeetingAttendee[] = [],
): MeetingAttendee[] {
  const known = new Map(current.filter((a) => a.email).map((a) => [a.email!.toLowerCase(), a]));
  const out: MeetingAttendee[] = [];
  const seen = new Set<string>();
  const add = (a: MeetingAttendee) => {
    const key = `${a.model}:${a.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(a);
  };
  for (const g of guests) {
    const a = known.get(g.email) ?? people.get(g.email);
    if (a) add(a);
  }
  for (const a of current) if (!a.email) add(a);
  return out;
}

/**
 * The two directions of the sync for one member's calendar. Every step is safe to run twice (jobs run at least once,
 * two processes may race): an Atrium meeting's event has an id derived from the meeting (a second insert is a 409,
 * never a duplicate), a Google event is one meeting at most (unique index, ON CONFLICT), and changes are compared by
 * etag and by time — the newer side wins, a local change not yet in Google is pushed rather than overwritten.
 */
export class CalendarSyncEngine {
  constructor(
    private readonly repo: GoogleCalendarRepository,
    private readonly api: GoogleApi,
    private readonly sealed: SealedText,
    private readonly log: SyncLog,
  ) {}

  sealTokens(c: Pick<ConnectionRow, 'userId' | 'businessId'>, tokens: GoogleTokens) {
    return {
      accessTokenSealed: tokens.accessToken ? this.sealed.seal(tokens.accessToken, tokenContext(c, 'access')) : null,
      refreshTokenSealed: tokens.refreshToken
        ? this.sealed.seal(tokens.refreshToken, tokenContext(c, 'refresh'))
        : null,
    };
  }

  /** The stored tokens of a connection, opened (null when there are none or they are not ours). */
  tokensOf(c: ConnectionRow): GoogleTokens | null {
    const refresh = c.refreshTokenSealed ? this.sealed.open(c.refreshTokenSealed, tokenContext(c, 'refresh')) : null;
    const access = c.accessTokenSealed ? this.sealed.open(c.accessTokenSealed, tokenContext(c, 'access')) : null;
    if (!refresh && !access) return null;
    return { accessToken: access, refreshToken: refresh, expiresAt: c.tokenExpiresAt };
  }

  /** A session on the member's calendar whose refreshed tokens are stored as they come. */
  private session(c: ConnectionRow): CalendarSession {
    const tokens = this.tokensOf(c);
    if (!tokens) throw new GoogleCalendarError('auth', null, 'No Google tokens stored');
    return this.api.session(tokens, async (fresh) => {
      const sealed = this.sealTokens(c, fresh);
      await this.repo.saveTokens(c.id, {
        accessTokenSealed: sealed.accessTokenSealed,
        expiresAt: fresh.expiresAt,
        ...(sealed.refreshTokenSealed ? { refreshTokenSealed: sealed.refreshTokenSealed } : {}),
      });
    });
  }

  /** Google refused the grant: the member sees "reconnect"; nothing syncs silently until then. */
  async toReconnect(c: ConnectionRow, error: unknown): Promise<void> {
    this.log.warn({ connection: c.id, err: error }, 'google calendar: access refused, reconnect needed');
    await this.repo.markReconnect(c.id, (error as Error).message ?? 'Google refused access');
  }

  // ---- outbound ------------------------------------------------------------------------------------------------

  /** The connection a meeting's event lives in (or goes to): the event's member, else the organizer, else the actor. */
  async connectionFor(row: MeetingRow, actorId: string | null): Promise<ConnectionRow | null> {
    const candidates = row.googleUserId ? [row.googleUserId] : [row.organizerId, actorId, row.userId];
    for (const userId of candidates) {
      if (!userId) continue;
      const c = await this.repo.connectionOf(userId, row.businessId);
      if (c?.status === 'connected') return c;
      if (row.googleUserId) return c;
    }
    return null;
  }

  /**
   * Writes the meeting's current state to Google: insert, patch (If-Match the etag we saw), or delete when its sync
   * was turned off. Throws GoogleCalendarError('transient') for a failure worth retrying (the meeting is left unsynced
   * by then); an auth failure turns the connection to reconnect.
   */
  async push(row: MeetingRow, actorId: string | null): Promise<PushOutcome> {
    if (isReadOnlyMirror(row)) return 'unchanged';
    const wanted = row.syncToGoogle || row.source === 'google_calendar';
    if (!wanted && !row.googleEventId) return 'unchanged';
    const c = await this.connectionFor(row, actorId);
    if (!c || c.status !== 'connected') {
      if (row.syncedToGoogle) await this.repo.markUnsynced(row.id);
      return c ? 'reconnect' : 'no-connection';
    }
    try {
      const session = this.session(c);
      if (!wanted) {
        await this.removeEvent(session, c, row.googleEventId!);
        await this.repo.clearLink(row.id);
        return 'removed';
      }
      return await this.write(session, c, row);
    } catch (error) {
      return this.pushFailed(c, row, error);
    }
  }

  private async pushFailed(c: ConnectionRow, row: MeetingRow, error: unknown): Promise<PushOutcome> {
    await this.repo.markUnsynced(row.id);
    if (error instanceof GoogleCalendarError && error.kind === 'auth') {
      await this.toReconnect(c, error);
      return 'reconnect';
    }
    if (isTransient(error)) throw error;
    // Google refused this meeting as it is (a 400): logged and left unsynced; its next change tries again.
    this.log.warn({ meeting: row.id, err: error }, 'google calendar: event refused');
    await this.repo.recordError(c.id, `A meeting could not be written: ${(error as Error).message}`);
    return 'unchanged';
  }

  private async write(session: CalendarSession, c: ConnectionRow, row: MeetingRow): Promise<PushOutcome> {
    // An Atrium meeting's attendees are its event's guests; an event made in Google (linked to a project) keeps the
    // guests Google has (its unknown guests are no attendees here and would be dropped).
    const body = toGoogleEvent(
      { ...row, id: row.id, businessId: row.businessId },
      { withMarker: row.source === 'atrium', ...(row.source === 'atrium' ? { attendees: row.attendees } : {}) },
    );
    let event: GoogleEvent | null = null;
    let eventId = row.googleEventId;
    if (eventId) {
      try {
        event = await session.patch(c.calendarId, eventId, body, row.googleEtag);
      } catch (error) {
        if (!(error instanceof GoogleCalendarError)) throw error;
        if (error.kind === 'precondition') {
          // Changed in Google since we last saw it: the newer side wins.
          const current = await session.get(c.calendarId, eventId);
          const read = fromGoogleEvent(current);
          if (read && current.status !== 'cancelled' && newer(read.updated, row.updatedAt)) {
            const people = await this.repo.peopleByEmails(
              c.businessId,
              read.guests.map((g) => g.email),
            );
            await this.repo.applyGoogleVersion(
              row.id,
              c.userId,
              eventId,
              read,
              attendeesFromGuests(read.guests, people, row.attendees),
            );
            return 'google-newer';
          }
          event = await session.patch(c.calendarId, eventId, body, current.etag ?? null);
        } else if ((error.kind === 'not_found' || error.kind === 'gone') && row.source === 'atrium') {
          // Gone from Google while changed here, later: written again below (the derived id restores it).
          eventId = null;
        } else if (error.kind === 'not_found' || error.kind === 'gone') {
          await this.repo.clearLink(row.id);
          return 'removed';
        } else {
          throw error;
        }
      }
    }
    if (!event) {
      eventId = eventIdFor(row.id);
      try {
        event = await session.insert(c.calendarId, { ...body, id: eventId });
      } catch (error) {
        if (!(error instanceof GoogleCalendarError) || error.kind !== 'conflict') throw error;
        // Written before (an answer lost, a retry, or deleted in Google and restored now): make it ours again.
        const existing = await session.get(c.calendarId, eventId);
        event = await session.patch(c.calendarId, eventId, body, existing.etag ?? null);
      }
    }
    await this.repo.recordPushed(
      row.id,
      {
        googleUserId: c.userId,
        eventId: event.id ?? eventId!,
        url: event.htmlLink ?? null,
        etag: event.etag ?? null,
        updated: event.updated ? new Date(event.updated) : null,
      },
      row.updatedAt,
    );
    return 'pushed';
  }

  private async removeEvent(session: CalendarSession, c: ConnectionRow, eventId: string): Promise<void> {
    try {
      await session.remove(c.calendarId, eventId);
    } catch (error) {
      // Already deleted (410) or never there (404): the goal is reached.
      if (error instanceof GoogleCalendarError && (error.kind === 'gone' || error.kind === 'not_found')) return;
      throw error;
    }
  }

  /** Deletes a deleted meeting's event from the member's calendar. Transient failures throw (the job retries). */
  async removeDeleted(target: { businessId: string; googleUserId: string; eventId: string }): Promise<void> {
    const c = await this.repo.connectionOf(target.googleUserId, target.businessId);
    if (!c || c.status !== 'connected') return;
    try {
      await this.removeEvent(this.session(c), c, target.eventId);
    } catch (error) {
      if (error instanceof GoogleCalendarError && error.kind === 'auth') return void (await this.toReconnect(c, error));
      if (isTransient(error)) throw error;
      this.log.warn({ event: target.eventId, err: error }, 'google calendar: event could not be deleted');
    }
  }

  // ---- inbound -------------------------------------------------------------------------------------------------

  /**
   * One inbound run: the changes since the sync token (everything the first time, or after Google answered 410 for
   * an expired token — then Google-only rows no longer in Google are removed), then the local changes Google has not
   * got yet. Auth failures turn the connection to reconnect (no throw); transient ones throw for the job's retry.
   */
  async sync(connectionId: string, signal?: AbortSignal): Promise<SyncFigures | null> {
    const c = await this.repo.connectionById(connectionId);
    if (!c || c.status !== 'connected') return null;
    try {
      const session = this.session(c);
      const figures = await this.pull(session, c, signal);
      for (const row of await this.repo.unsyncedOf(c.userId, c.businessId)) {
        signal?.throwIfAborted();
        const outcome = await this.write(session, c, row).catch((error: unknown) => this.pushFailed(c, row, error));
        if (outcome === 'reconnect') return figures;
      }
      await session.flush();
      return figures;
    } catch (error) {
      if (error instanceof GoogleCalendarError && error.kind === 'auth') {
        await this.toReconnect(c, error);
        return null;
      }
      await this.repo.recordError(c.id, (error as Error).message ?? String(error));
      throw error;
    }
  }

  private async pull(session: CalendarSession, c: ConnectionRow, signal?: AbortSignal): Promise<SyncFigures> {
    let syncToken = c.syncToken;
    const figures: SyncFigures = { full: !syncToken, pages: 0, events: 0, reset: false };
    for (;;) {
      const seen = syncToken ? null : new Set<string>();
      let pageToken: string | null = null;
      try {
        let nextSyncToken: string | null = null;
        do {
          signal?.throwIfAborted();
          const page = await session.list(c.calendarId, { syncToken, pageToken });
          figures.pages++;
          const items = page.items.filter((e) => !!e.id);
          for (const event of items) seen?.add(event.id!);
          figures.events += items.length;
          await this.applyPage(session, c, items);
          pageToken = page.nextPageToken;
          nextSyncToken = page.nextSyncToken;
        } while (pageToken);
        if (seen) await this.reconcile(c, seen);
        await this.repo.saveSyncToken(c.id, nextSyncToken, true);
        return figures;
      } catch (error) {
        if (syncToken && error instanceof GoogleCalendarError && error.kind === 'gone') {
          // 410: the sync token expired — forget it and list everything again.
          this.log.info({ connection: c.id }, 'google calendar: sync token expired, full sync');
          await this.repo.saveSyncToken(c.id, null, false);
          syncToken = null;
          figures.full = true;
          figures.reset = true;
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * After a full listing (a first sync, or a 410 reset): the rows of this calendar whose event Google no longer has are
   * removed — Google-only rows, and meetings linked to it with no local change since (a changed one is written back).
   */
  private async reconcile(c: ConnectionRow, seen: Set<string>): Promise<void> {
    const rows = await this.repo.reconcilableEvents(c.userId, c.businessId);
    const gone = rows.filter((r) => !seen.has(r.eventId)).map((r) => r.id);
    if (gone.length > 0) await this.repo.deleteMeetings(gone, c.businessId);
  }

  /**
   * One page of changed events: the meetings they concern are read in two statements, Google-only events are written
   * in one (ON CONFLICT on the event), deletions in one; linked meetings (few) one by one with the conflict rule.
   */
  private async applyPage(session: CalendarSession, c: ConnectionRow, page: GoogleEvent[]): Promise<void> {
    const events = [...new Map(page.map((e) => [e.id!, e])).values()];
    const byEvent = new Map(
      (
        await this.repo.meetingsByEvents(
          c.userId,
          events.map((e) => e.id!),
        )
      ).map((r) => [r.googleEventId!, r]),
    );
    const markerIds = events
      .filter((e) => !byEvent.has(e.id!))
      .map((e) => markerOf(e)?.meetingId)
      .filter((id): id is string => !!id);
    const byId = new Map((await this.repo.meetingsByIds(markerIds)).map((r) => [r.id, r]));
    const reads = new Map<string, ReadEvent>();
    for (const e of events) {
      const read = e.status === 'cancelled' ? null : fromGoogleEvent(e);
      if (read) reads.set(e.id!, read);
    }
    // The business's people among the page's guests, in two statements.
    const people = await this.repo.peopleByEmails(
      c.businessId,
      [...reads.values()].flatMap((r) => r.guests.map((g) => g.email)),
    );
    const mirrors: { eventId: string; read: ReadEvent; attendees: MeetingAttendee[] }[] = [];
    const deletions: string[] = [];
    for (const event of events) {
      const eventId = event.id!;
      const marker = markerOf(event);
      if (marker?.businessId && marker.businessId !== c.businessId) continue;
      let row = byEvent.get(eventId) ?? null;
      if (!row && marker) {
        const meeting = byId.get(marker.meetingId);
        if (meeting && meeting.businessId !== c.businessId) continue;
        if (!meeting) {
          // Written by Atrium for a meeting deleted since (its delete did not reach Google): delete it there too.
          if (event.status !== 'cancelled') await this.removeEvent(session, c, eventId);
          continue;
        }
        row = meeting;
      }
      if (row && row.businessId !== c.businessId) continue;
      if (event.status === 'cancelled') {
        if (!row) continue;
        if (
          !isReadOnlyMirror(row) &&
          !row.syncedToGoogle &&
          row.syncToGoogle &&
          newer(row.updatedAt, updatedOf(event))
        ) {
          // Changed here after Google deleted it: the local change wins and restores the event.
          await this.write(session, c, row);
        } else if (row.source === 'atrium' && !row.syncToGoogle) {
          await this.repo.clearLink(row.id);
        } else {
          // Deleted in Google: the Google-only row, or the synced meeting, goes too (docs/requirements.md).
          deletions.push(row.id);
        }
        continue;
      }
      const read = reads.get(eventId);
      if (!read) continue;
      if (!row || isReadOnlyMirror(row)) {
        if (!row || row.googleEtag !== read.etag) {
          mirrors.push({ eventId, read, attendees: attendeesFromGuests(read.guests, people) });
        }
        continue;
      }
      await this.applyLinked(session, c, row, eventId, read, people);
    }
    if (mirrors.length > 0) await this.repo.upsertGoogleOnly(c.businessId, c.userId, mirrors);
    if (deletions.length > 0) await this.repo.deleteMeetings(deletions, c.businessId);
  }

  /** A changed event of a meeting that is Atrium's (or a Google event linked to a project): the newer side wins. */
  private async applyLinked(
    session: CalendarSession,
    c: ConnectionRow,
    row: MeetingRow,
    eventId: string,
    read: ReadEvent,
    people: Map<string, MeetingAttendee>,
  ) {
    if (row.source === 'atrium' && !row.syncToGoogle) {
      // Its sync was turned off but the event is still there (the delete failed): remove it now.
      await this.removeEvent(session, c, eventId);
      await this.repo.clearLink(row.id);
      return;
    }
    // Our own write coming back (same etag): nothing new.
    if (row.googleEventId === eventId && row.googleEtag !== null && row.googleEtag === read.etag) return;
    if (!row.syncedToGoogle && newer(row.updatedAt, read.updated)) {
      await this.write(session, c, { ...row, googleEventId: eventId, googleEtag: read.etag });
      return;
    }
    await this.repo.applyGoogleVersion(
      row.id,
      c.userId,
      eventId,
      read,
      attendeesFromGuests(read.guests, people, row.attendees),
    );
  }
}

function updatedOf(event: GoogleEvent): Date | null {
  if (!event.updated) return null;
  const d = new Date(event.updated);
  return Number.isNaN(d.getTime()) ? null : d;
}
