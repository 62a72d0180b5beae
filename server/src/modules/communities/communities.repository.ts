import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  communities,
  communityCovers,
  communityEvents,
  communityJoinNotices,
  communityMembers,
  communityPosts,
  eventReminders,
  eventRsvps,
  postComments,
  postReactions,
  users,
} from '../../db/schema';
import type { CheckedImage } from '../../lib/images';
import { notifiedName } from '../../lib/notified-name';

export type CommunityRow = typeof communities.$inferSelect;
export type MemberRow = typeof communityMembers.$inferSelect;
export type EventRow = typeof communityEvents.$inferSelect;
export type PostRow = typeof communityPosts.$inferSelect;

const authorName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), 'Former member')`;
/** Outer-row references inside correlated subqueries (drizzle writes a one-table select's columns unqualified). */
const POST_ID = sql.raw('"community_posts"."id"');
const POST_AUTHOR = sql.raw('"community_posts"."author_id"');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** All SQL of communities: the community, its members and cover, posts, comments, reactions, events, RSVPs. */
export class CommunitiesRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: communities.id })
      .from(communities)
      .where(
        and(
          sql`lower(${communities.name}) = lower(${name})`,
          exceptId ? sql`${communities.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async create(
    values: { name: string; description: string; visibility: 'public' | 'private'; businessId: string; userId: string },
    tx: Executor,
  ): Promise<CommunityRow> {
    const [row] = await tx
      .insert(communities)
      .values({
        name: values.name,
        description: values.description,
        visibility: values.visibility,
        businessId: values.businessId,
        createdBy: values.userId,
        memberCount: 1,
      })
      .returning();
    await tx.insert(communityMembers).values({ communityId: row!.id, userId: values.userId, role: 'owner' });
    return row!;
  }

  async update(id: string, values: Partial<Pick<CommunityRow, 'name' | 'description' | 'visibility'>>) {
    const [row] = await this.db
      .update(communities)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(communities.id, id))
      .returning();
    return row ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(communities).where(eq(communities.id, id));
  }

  async find(id: string): Promise<CommunityRow | null> {
    const [row] = await this.db.select().from(communities).where(eq(communities.id, id)).limit(1);
    return row ?? null;
  }

  async membership(communityId: string, userId: string, db: Executor = this.db): Promise<MemberRow | null> {
    const [row] = await db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async memberships(userId: string, communityIds: string[]): Promise<MemberRow[]> {
    if (communityIds.length === 0) return [];
    return this.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, userId), inArray(communityMembers.communityId, communityIds)));
  }

  /**
   * Discover: every community (private ones show their about, not their content); mine: those the user is an
   * active or pending member of. Name search by ILIKE (trigram index).
   */
  async list(userId: string, scope: 'discover' | 'mine', search: string | undefined, page: number, limit: number) {
    const where = and(
      search ? ilike(communities.name, `%${escapeLike(search)}%`) : undefined,
      scope === 'mine'
        ? sql`exists (select 1 from ${communityMembers} m where m.community_id = "communities"."id" and m.user_id = ${userId})`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(communities)
        .where(where)
        .orderBy(desc(communities.memberCount), asc(communities.name))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(communities).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Events whose title holds `term`, in public communities and the private ones `userId` is an active member of:
   * those not over yet first (soonest first), then past ones (latest first).
   */
  async searchEvents(userId: string, term: string, limit: number) {
    return this.db
      .select({
        id: communityEvents.id,
        communityId: communityEvents.communityId,
        communityName: communities.name,
        title: communityEvents.title,
        startsAt: communityEvents.startsAt,
        timeZone: communityEvents.timeZone,
      })
      .from(communityEvents)
      .innerJoin(communities, eq(communities.id, communityEvents.communityId))
      .where(
        and(
          ilike(communityEvents.title, `%${escapeLike(term)}%`),
          or(
            eq(communities.visibility, 'public'),
            sql`exists (select 1 from ${communityMembers} m where m.community_id = ${communities.id}
              and m.user_id = ${userId} and m.status = 'active')`,
          ),
        ),
      )
      .orderBy(
        sql`${communityEvents.endsAt} < now()`,
        sql`case when ${communityEvents.endsAt} >= now() then ${communityEvents.startsAt} end asc`,
        desc(communityEvents.startsAt),
        asc(communityEvents.id),
      )
      .limit(limit);
  }

  /** The communities a user is an active member of (for their profile). */
  async activeOf(userId: string): Promise<CommunityRow[]> {
    return this.db
      .select({ c: communities })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, 'active')))
      .orderBy(asc(communities.name))
      .then((r) => r.map((x) => x.c));
  }

  async members(communityId: string, withPending: boolean) {
    return this.db
      .select({
        userId: communityMembers.userId,
        role: communityMembers.role,
        status: communityMembers.status,
        createdAt: communityMembers.createdAt,
        name: authorName,
      })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          withPending ? undefined : eq(communityMembers.status, 'active'),
        ),
      )
      .orderBy(
        sql`case ${communityMembers.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`,
        asc(communityMembers.createdAt),
      );
  }

  private async recount(communityId: string, tx: Executor) {
    await tx
      .update(communities)
      .set({
        memberCount: sql`(select count(*)::int from ${communityMembers} m where m.community_id = ${communityId} and m.status = 'active')`,
      })
      .where(eq(communities.id, communityId));
  }

  /** Adds the membership in the caller's transaction; answers whether it is new (joining again changes nothing). */
  async addMember(communityId: string, userId: string, status: 'active' | 'pending', tx: Executor): Promise<boolean> {
    const added = await tx
      .insert(communityMembers)
      .values({ communityId, userId, status })
      .onConflictDoNothing()
      .returning({ userId: communityMembers.userId });
    await this.recount(communityId, tx);
    return added.length > 0;
  }

  /**
   * Changes a membership in the caller's transaction; answers whether a pending request became active by it (the
   * row locked, so two approvals at once approve it once).
   */
  async updateMember(
    communityId: string,
    userId: string,
    values: Partial<Pick<MemberRow, 'role' | 'status'>>,
    tx: Executor,
  ): Promise<boolean> {
    const [before] = await tx
      .select({ status: communityMembers.status })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
      .for('update');
    await tx
      .update(communityMembers)
      .set(values)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
    await this.recount(communityId, tx);
    return before?.status === 'pending' && values.status === 'active';
  }

  /** The active owner and moderators: who is told of a join request. */
  async moderatorIds(communityId: string, db: Executor = this.db): Promise<string[]> {
    const rows = await db
      .select({ userId: communityMembers.userId })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          eq(communityMembers.status, 'active'),
          inArray(communityMembers.role, ['owner', 'moderator']),
        ),
      );
    return rows.map((r) => r.userId);
  }

  /**
   * Whether this person's join request may be told to the community's moderators now: true when it was never told,
   * or last told 24 hours ago or more (the time is then moved to now); false within the 24 hours. One statement, so
   * two requests at the same moment tell once.
   */
  async claimJoinNotice(communityId: string, userId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .insert(communityJoinNotices)
      .values({ communityId, userId })
      .onConflictDoUpdate({
        target: [communityJoinNotices.communityId, communityJoinNotices.userId],
        set: { notifiedAt: sql`now()` },
        setWhere: sql`${communityJoinNotices.notifiedAt} <= now() - interval '24 hours'`,
      })
      .returning({ userId: communityJoinNotices.userId });
    return rows.length > 0;
  }

  /** A person's name as notifications show it to others ('Someone' when blank: never their email). */
  async userName(userId: string): Promise<string> {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return notifiedName(row);
  }

  async removeMember(communityId: string, userId: string, tx: Executor): Promise<void> {
    await tx
      .delete(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
    await this.recount(communityId, tx);
  }

  async setCover(communityId: string, image: CheckedImage, version: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(communityCovers)
        .values({ communityId, mime: image.mime, bytes: image.bytes, size: image.bytes.length })
        .onConflictDoUpdate({
          target: communityCovers.communityId,
          set: { mime: image.mime, bytes: image.bytes, size: image.bytes.length, createdAt: new Date() },
        });
      await tx.update(communities).set({ coverVersion: version }).where(eq(communities.id, communityId));
    });
  }

  async removeCover(communityId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(communityCovers).where(eq(communityCovers.communityId, communityId));
      await tx.update(communities).set({ coverVersion: null }).where(eq(communities.id, communityId));
    });
  }

  async cover(communityId: string) {
    const [row] = await this.db
      .select({ mime: communityCovers.mime, bytes: communityCovers.bytes })
      .from(communityCovers)
      .where(eq(communityCovers.communityId, communityId))
      .limit(1);
    return row ?? null;
  }

  // Posts

  async createPost(communityId: string, authorId: string, body: string) {
    const [row] = await this.db.insert(communityPosts).values({ communityId, authorId, body }).returning();
    return row!;
  }

  async findPost(communityId: string, postId: string): Promise<PostRow | null> {
    const [row] = await this.db
      .select()
      .from(communityPosts)
      .where(
        and(
          eq(communityPosts.id, postId),
          eq(communityPosts.communityId, communityId),
          isNull(communityPosts.removedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async removePost(postId: string, by: string): Promise<void> {
    await this.db
      .update(communityPosts)
      .set({ removedAt: new Date(), removedBy: by })
      .where(eq(communityPosts.id, postId));
  }

  /** A page of the feed, newest first, with names, comment counts, reactions by kind and the caller's own. */
  async posts(communityId: string, userId: string, page: number, limit: number, onlyIds?: string[]) {
    const where = and(
      eq(communityPosts.communityId, communityId),
      isNull(communityPosts.removedAt),
      onlyIds ? inArray(communityPosts.id, onlyIds) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: communityPosts.id,
          communityId: communityPosts.communityId,
          authorId: communityPosts.authorId,
          authorName: sql<string>`coalesce((select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'Former member') from ${users} u where u.id = ${POST_AUTHOR}), 'Former member')`,
          body: communityPosts.body,
          createdAt: communityPosts.createdAt,
          commentCount: sql<number>`(select count(*)::int from ${postComments} c where c.post_id = ${POST_ID} and c.removed_at is null)`,
          reactions: sql<Record<
            string,
            number
          > | null>`(select jsonb_object_agg(k, n) from (select r.kind k, count(*)::int n from ${postReactions} r where r.post_id = ${POST_ID} group by r.kind) x)`,
          myReaction: sql<
            string | null
          >`(select r.kind from ${postReactions} r where r.post_id = ${POST_ID} and r.user_id = ${userId})`,
        })
        .from(communityPosts)
        .where(where)
        // NULLS LAST as the feed index is written (drizzle's DESC index), so the index gives the order and the page.
        .orderBy(sql`${communityPosts.createdAt} desc nulls last`, sql`${communityPosts.id} desc nulls last`)
        .limit(limit)
        .offset((page - 1) * limit),
      // The kept count (migration 0050's triggers), not a count of up to 100,000 posts on every page.
      onlyIds
        ? Promise.resolve([{ n: onlyIds.length }])
        : this.db.select({ n: communities.postCount }).from(communities).where(eq(communities.id, communityId)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async react(postId: string, userId: string, kind: string): Promise<void> {
    await this.db
      .insert(postReactions)
      .values({ postId, userId, kind })
      .onConflictDoUpdate({ target: [postReactions.postId, postReactions.userId], set: { kind } });
  }

  async unreact(postId: string, userId: string): Promise<void> {
    await this.db.delete(postReactions).where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)));
  }

  async comments(postId: string) {
    return this.db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        authorId: postComments.authorId,
        authorName: sql<string>`coalesce(${authorName}, 'Former member')`,
        body: postComments.body,
        createdAt: postComments.createdAt,
      })
      .from(postComments)
      .leftJoin(users, eq(users.id, postComments.authorId))
      .where(and(eq(postComments.postId, postId), isNull(postComments.removedAt)))
      .orderBy(asc(postComments.createdAt));
  }

  async createComment(postId: string, authorId: string, body: string) {
    const [row] = await this.db.insert(postComments).values({ postId, authorId, body }).returning();
    return row!;
  }

  async findComment(postId: string, commentId: string) {
    const [row] = await this.db
      .select()
      .from(postComments)
      .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId), isNull(postComments.removedAt)))
      .limit(1);
    return row ?? null;
  }

  async removeComment(commentId: string): Promise<void> {
    await this.db.update(postComments).set({ removedAt: new Date() }).where(eq(postComments.id, commentId));
  }

  // Events

  async createEvent(values: typeof communityEvents.$inferInsert): Promise<EventRow> {
    const [row] = await this.db.insert(communityEvents).values(values).returning();
    return row!;
  }

  async findEvent(communityId: string, eventId: string, db: Executor = this.db): Promise<EventRow | null> {
    const [row] = await db
      .select()
      .from(communityEvents)
      .where(and(eq(communityEvents.id, eventId), eq(communityEvents.communityId, communityId)))
      .limit(1);
    return row ?? null;
  }

  async removeEvent(eventId: string): Promise<void> {
    await this.db.delete(communityEvents).where(eq(communityEvents.id, eventId));
  }

  async events(communityId: string): Promise<EventRow[]> {
    return this.db
      .select()
      .from(communityEvents)
      .where(eq(communityEvents.communityId, communityId))
      .orderBy(asc(communityEvents.startsAt));
  }

  /** Going and waitlist counts and the user's own RSVP, per event. */
  async rsvpSummary(eventIds: string[], userId: string) {
    if (eventIds.length === 0) return new Map<string, { going: number; waitlist: number; mine: string | null }>();
    const rows = await this.db
      .select({
        eventId: eventRsvps.eventId,
        going: sql<number>`count(*) filter (where ${eventRsvps.status} = 'going')::int`,
        waitlist: sql<number>`count(*) filter (where ${eventRsvps.status} = 'waitlist')::int`,
        mine: sql<string | null>`max(case when ${eventRsvps.userId} = ${userId} then ${eventRsvps.status} end)`,
      })
      .from(eventRsvps)
      .where(inArray(eventRsvps.eventId, eventIds))
      .groupBy(eventRsvps.eventId);
    return new Map(rows.map((r) => [r.eventId, { going: r.going, waitlist: r.waitlist, mine: r.mine }]));
  }

  /** Locks the event row so concurrent RSVPs count the capacity one at a time. */
  async lockEvent(eventId: string, tx: Executor): Promise<void> {
    await tx.execute(sql`select id from ${communityEvents} where id = ${eventId} for update`);
  }

  async goingCount(eventId: string, tx: Executor, exceptUserId?: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(eventRsvps)
      .where(
        and(
          eq(eventRsvps.eventId, eventId),
          eq(eventRsvps.status, 'going'),
          exceptUserId ? sql`${eventRsvps.userId} <> ${exceptUserId}` : undefined,
        ),
      );
    return row?.n ?? 0;
  }

  async setRsvp(eventId: string, userId: string, status: 'going' | 'waitlist', tx: Executor): Promise<void> {
    await tx
      .insert(eventRsvps)
      .values({ eventId, userId, status })
      .onConflictDoUpdate({ target: [eventRsvps.eventId, eventRsvps.userId], set: { status } });
  }

  /** Removes the RSVP; answers whether it was a going one (a seat freed). */
  async removeRsvp(eventId: string, userId: string, tx: Executor): Promise<boolean> {
    const gone = await tx
      .delete(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)))
      .returning({ status: eventRsvps.status });
    return gone[0]?.status === 'going';
  }

  /** Moves the earliest waitlisted person to going; answers their id. */
  async promoteFirst(eventId: string, tx: Executor): Promise<string | null> {
    const [first] = await tx
      .select({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlist')))
      .orderBy(asc(eventRsvps.createdAt))
      .limit(1);
    if (!first) return null;
    await tx
      .update(eventRsvps)
      .set({ status: 'going' })
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, first.userId)));
    return first.userId;
  }

  /**
   * For a member who leaves or is removed: their RSVPs to this community's events go too. Answers the events where
   * they held a seat (going), each locked first, so the caller promotes the waitlist there.
   */
  async dropRsvpsOf(communityId: string, userId: string, tx: Executor): Promise<EventRow[]> {
    const seats = await tx
      .select({ e: communityEvents })
      .from(eventRsvps)
      .innerJoin(communityEvents, eq(communityEvents.id, eventRsvps.eventId))
      .where(
        and(
          eq(eventRsvps.userId, userId),
          eq(eventRsvps.status, 'going'),
          eq(communityEvents.communityId, communityId),
        ),
      )
      .orderBy(asc(communityEvents.id));
    for (const { e } of seats) await this.lockEvent(e.id, tx);
    await tx
      .delete(eventRsvps)
      .where(
        and(
          eq(eventRsvps.userId, userId),
          sql`${eventRsvps.eventId} in (select e.id from ${communityEvents} e where e.community_id = ${communityId})`,
        ),
      );
    return seats.map((x) => x.e);
  }

  // Reminders

  /**
   * The reminders due at `now`, per event and kind: events starting within the next 24 hours ('1h' within the next
   * hour, else '24h'), with their going attendees who were not sent that kind yet.
   */
  async dueReminders(now: Date) {
    const kind = sql<'24h' | '1h'>`case when ${communityEvents.startsAt} <= ${new Date(now.getTime() + 3_600_000)}
      then '1h' else '24h' end`;
    const rows = await this.db
      .select({ event: communityEvents, userId: eventRsvps.userId, kind })
      .from(communityEvents)
      .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, communityEvents.id), eq(eventRsvps.status, 'going')))
      .where(
        and(
          sql`${communityEvents.startsAt} > ${now}`,
          sql`${communityEvents.startsAt} <= ${new Date(now.getTime() + 86_400_000)}`,
          sql`not exists (select 1 from ${eventReminders} x where x.event_id = ${communityEvents.id}
            and x.user_id = ${eventRsvps.userId} and x.kind = ${kind})`,
        ),
      )
      .orderBy(asc(communityEvents.startsAt), asc(communityEvents.id));
    const due = new Map<string, { event: EventRow; kind: '24h' | '1h'; userIds: string[] }>();
    for (const r of rows) {
      const key = `${r.event.id} ${r.kind}`;
      const group = due.get(key) ?? { event: r.event, kind: r.kind, userIds: [] };
      group.userIds.push(r.userId);
      due.set(key, group);
    }
    return [...due.values()];
  }

  /**
   * Records these reminders as sent; answers the people it was recorded for now (a concurrent sweep that recorded
   * one first wins it: the primary key, and this insert waits for that sweep's commit).
   */
  async claimReminders(eventId: string, kind: '24h' | '1h', userIds: string[], tx: Executor): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await tx
      .insert(eventReminders)
      .values(userIds.map((userId) => ({ eventId, userId, kind })))
      .onConflictDoNothing()
      .returning({ userId: eventReminders.userId });
    return rows.map((r) => r.userId);
  }
}
