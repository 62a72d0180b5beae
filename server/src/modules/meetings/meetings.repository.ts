import { and, asc, desc, eq, getTableColumns, inArray, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MeetingStatus } from '@atrium/domain-work/schemas';
import type { Database, Executor } from '../../db/client';
import { businessMembers, meetingContacts, meetings, users } from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';
import { StatementCache } from '../../lib/statements';

/**
 * A meeting as stored (every column of `meetings` but the generated search text, attendees included): what the repository reads and what the
 * Google Calendar port (MeetingCalendarSync in meetings.service.ts) receives.
 */
export type MeetingRow = Omit<typeof meetings.$inferSelect, 'searchText'>;

/** The columns a create or an update writes. */
export type MeetingFields = Omit<
  typeof meetings.$inferInsert,
  'id' | 'businessId' | 'searchText' | 'createdAt' | 'updatedAt'
>;

/** A meeting with its organizer's name and e-mail (the service adds the project's title and the attachments). */
export interface MeetingView extends MeetingRow {
  organizerEmail: string | null;
  organizerFirstName: string | null;
  organizerLastName: string | null;
}

/**
 * Meetings longer than this are found through meetings_business_long_idx; the others through
 * meetings_business_start_idx, scanning start_at from (range start − this − 1 day) only. The same interval is
 * written in the partial index's predicate (schema.ts), which the planner must see word for word.
 */
export const LONG_MEETING = sql.raw(`interval '7 days'`);
const LONG_MEETING_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

export interface MeetingRangeFilter {
  from: Date;
  to: Date;
  /** Add this member's Google-only events (source google_calendar, no project). */
  googleOf?: string;
  status?: MeetingStatus;
  search?: string;
  limit: number;
}

const { searchText: _searchText, ...MEETING_COLUMNS } = getTableColumns(meetings);
const organizers = alias(users, 'meeting_organizer');
const VIEW = {
  ...MEETING_COLUMNS,
  organizerEmail: organizers.email,
  organizerFirstName: organizers.firstName,
  organizerLastName: organizers.lastName,
};

/** A Google-only event: from a member's Google Calendar and not linked to a project (read-only). */
const GOOGLE_ONLY = sql`(${meetings.source} = 'google_calendar' AND ${meetings.projectId} IS NULL)`;

/** What a member sees: every meeting of the business except the other members' Google-only events. */
const visibleTo = (userId: string): SQL => sql`(NOT ${GOOGLE_ONLY} OR ${meetings.googleUserId} = ${userId})`;

/** The values of the range statement's placeholders ('' where that filter is not in the statement). */
type RangeValues = {
  businessId: string;
  viewer: string;
  from: string;
  to: string;
  shortFrom: string;
  longEnd: string;
  status: string;
  pattern: string;
  limit: number;
};
const R = Object.fromEntries(
  (['businessId', 'viewer', 'from', 'to', 'shortFrom', 'longEnd', 'status', 'pattern', 'limit'] as const).map((k) => [
    k,
    sql.placeholder(k),
  ]),
) as { [K in keyof RangeValues]: ReturnType<typeof sql.placeholder<K>> };
const at = (placeholder: ReturnType<typeof sql.placeholder>) => sql`${placeholder}::timestamptz`;

/**
 * The overlap of meetings with a range [from, to): a meeting spans [start, end] (an all-day meeting's end is its
 * last day: +1 day), and one of no length counts when it starts in the range. The start is bounded on both sides
 * for the ordinary meetings (index range scan from `shortFrom` = from − 7 days − 1 day), and the long ones come
 * from their own partial index (end from `longEnd` = from − 1 day).
 */
const OVERLAPS = sql`(${meetings.startAt} < ${at(R.to)}
    AND (CASE WHEN ${meetings.isAllDay} THEN ${meetings.endAt} + interval '1 day' ELSE ${meetings.endAt} END > ${at(R.from)}
      OR ${meetings.startAt} >= ${at(R.from)})
    AND (${meetings.startAt} >= ${at(R.shortFrom)}
      OR (${meetings.endAt} - ${meetings.startAt} > ${LONG_MEETING} AND ${meetings.endAt} >= ${at(R.longEnd)})))`;

const rangeShape = (f: MeetingRangeFilter) => [f.googleOf, f.status, f.search].map((v) => (v ? '+' : '-')).join('');

function rangeValues(businessId: string, userId: string, f: MeetingRangeFilter): RangeValues {
  return {
    businessId,
    viewer: f.googleOf ?? userId,
    from: f.from.toISOString(),
    to: f.to.toISOString(),
    shortFrom: new Date(f.from.getTime() - LONG_MEETING_MS - DAY_MS).toISOString(),
    longEnd: new Date(f.from.getTime() - DAY_MS).toISOString(),
    status: f.status ?? '',
    pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : '',
    limit: f.limit,
  };
}

/** The range statement's conditions: the business, the overlap, what the member sees, the filters of its shape. */
function rangeWhere(f: MeetingRangeFilter): SQL {
  return and(
    eq(meetings.businessId, R.businessId),
    OVERLAPS,
    f.googleOf ? sql`(NOT ${GOOGLE_ONLY} OR ${meetings.googleUserId} = ${R.viewer})` : sql`(NOT ${GOOGLE_ONLY})`,
    f.status ? eq(meetings.status, R.status) : undefined,
    f.search ? like(sql`lower(${meetings.title})`, R.pattern) : undefined,
  )!;
}

/** What a calendar item of a meeting reads. */
const ITEM_COLUMNS = {
  id: meetings.id,
  title: meetings.title,
  description: meetings.description,
  startAt: meetings.startAt,
  endAt: meetings.endAt,
  isAllDay: meetings.isAllDay,
  status: meetings.status,
  source: meetings.source,
  googleEventId: meetings.googleEventId,
  projectId: meetings.projectId,
  attendees: meetings.attendees,
};
export type MeetingItemRow = Pick<MeetingRow, keyof typeof ITEM_COLUMNS>;

/** Every query here is scoped to one business (and to what the member may see). */
export class MeetingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private view(db: Executor = this.db) {
    return db.select(VIEW).from(meetings).leftJoin(organizers, eq(organizers.id, meetings.organizerId)).$dynamic();
  }

  /** The range statements by shape (Google-only events, status, search), built once (lib/statements.ts). */
  private readonly statements = new StatementCache<RangeValues>();

  /** The meetings overlapping a range that the member sees, earliest first (at most `limit`). */
  async inRange(businessId: string, userId: string, f: MeetingRangeFilter): Promise<MeetingView[]> {
    const statement = this.statements.get(`view:${rangeShape(f)}`, () =>
      this.view().where(rangeWhere(f)).orderBy(asc(meetings.startAt), asc(meetings.id)).limit(R.limit),
    );
    return (await statement.execute(rangeValues(businessId, userId, f))) as MeetingView[];
  }

  /** The same meetings with only what a calendar item shows (the calendar's month: hundreds of them). */
  async itemsInRange(businessId: string, userId: string, f: MeetingRangeFilter): Promise<MeetingItemRow[]> {
    const statement = this.statements.get(`item:${rangeShape(f)}`, () =>
      this.db
        .select(ITEM_COLUMNS)
        .from(meetings)
        .where(rangeWhere(f))
        .orderBy(asc(meetings.startAt), asc(meetings.id))
        .limit(R.limit),
    );
    return (await statement.execute(rangeValues(businessId, userId, f))) as MeetingItemRow[];
  }

  /** One meeting the member sees, or null (another business's, or another member's Google-only event). */
  async find(businessId: string, userId: string, id: string, db: Executor = this.db): Promise<MeetingView | null> {
    const [row] = await this.view(db).where(
      and(eq(meetings.businessId, businessId), eq(meetings.id, id), visibleTo(userId)),
    );
    return row ?? null;
  }

  /** The meeting as stored, locked for the rest of the transaction (null when the member does not see it). */
  async lock(tx: Executor, businessId: string, userId: string, id: string): Promise<MeetingRow | null> {
    const [row] = await tx
      .select(MEETING_COLUMNS)
      .from(meetings)
      .where(and(eq(meetings.businessId, businessId), eq(meetings.id, id), visibleTo(userId)))
      .for('update');
    return (row as MeetingRow | undefined) ?? null;
  }

  /** The meeting as stored (the row handed to the Google Calendar port). */
  async row(businessId: string, id: string): Promise<MeetingRow | null> {
    const [row] = await this.db
      .select(MEETING_COLUMNS)
      .from(meetings)
      .where(and(eq(meetings.businessId, businessId), eq(meetings.id, id)));
    return (row as MeetingRow | undefined) ?? null;
  }

  /** The meetings a contact attends (meeting_contacts), newest first. */
  async ofContact(businessId: string, userId: string, contactId: string, limit: number): Promise<MeetingView[]> {
    return this.view()
      .innerJoin(meetingContacts, eq(meetingContacts.meetingId, meetings.id))
      .where(and(eq(meetingContacts.contactId, contactId), eq(meetings.businessId, businessId), visibleTo(userId)))
      .orderBy(desc(meetings.startAt), desc(meetings.id))
      .limit(limit);
  }

  /** A project's meetings, soonest first. */
  async ofProject(businessId: string, projectId: string, limit: number): Promise<MeetingView[]> {
    return this.view()
      .where(and(eq(meetings.projectId, projectId), eq(meetings.businessId, businessId)))
      .orderBy(asc(meetings.startAt), asc(meetings.id))
      .limit(limit);
  }

  async insert(tx: Executor, businessId: string, userId: string, fields: MeetingFields): Promise<string> {
    const [row] = await tx
      .insert(meetings)
      .values({ ...fields, businessId, userId })
      .returning({ id: meetings.id });
    return row!.id;
  }

  async update(tx: Executor, businessId: string, id: string, set: Partial<MeetingFields>): Promise<void> {
    await tx
      .update(meetings)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(meetings.businessId, businessId), eq(meetings.id, id)));
  }

  async delete(tx: Executor, businessId: string, id: string): Promise<boolean> {
    const gone = await tx
      .delete(meetings)
      .where(and(eq(meetings.businessId, businessId), eq(meetings.id, id)))
      .returning({ id: meetings.id });
    return gone.length > 0;
  }

  /** The meeting's contact attendees become exactly `contactIds` (GET /meetings/contact/{id} reads them). */
  async setContacts(tx: Executor, businessId: string, meetingId: string, contactIds: string[]): Promise<void> {
    await tx.delete(meetingContacts).where(eq(meetingContacts.meetingId, meetingId));
    if (contactIds.length === 0) return;
    await tx
      .insert(meetingContacts)
      .values(contactIds.map((contactId) => ({ meetingId, contactId, businessId })))
      .onConflictDoNothing();
  }

  /** Those of `ids` that are members of the business (organizer and User attendees must be). */
  async memberIds(businessId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...new Set(ids)])));
    return rows.map((r) => r.id);
  }
}
