import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businessMembers, chatChannels, chatMessages, chatPresence, chatReads, users } from '../../db/schema';

export type ChatChannelRow = typeof chatChannels.$inferSelect;
export type ChatChannelWithUnread = ChatChannelRow & { unread: number };
export interface ChatMessageRow {
  id: string;
  channelId: string;
  seq: number;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  body: string;
  editedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
}

/** The key of a direct message between two users: both ids, sorted. */
export const dmKeyOf = (a: string, b: string) => [a, b].sort().join(':');

/**
 * Chat's queries. Every one is scoped to the business and to what the user may read: the business's channels, and
 * the direct messages the user is one of the two of (`dm_user_ids` holds both).
 */
export class ChatRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** What this user may read in this business. */
  private readable(businessId: string, userId: string): SQL {
    return and(
      eq(chatChannels.businessId, businessId),
      sql`(${chatChannels.kind} = 'channel' OR ${chatChannels.dmUserIds} @> ${JSON.stringify([userId])}::jsonb)`,
    )!;
  }

  /** Unread for this user: others' messages (not deleted) after the user's last read one. */
  private unreadExpr(userId: string) {
    // Spelled out: drizzle leaves a single-table select's columns unqualified, which the subquery would misread.
    const channelId = sql.raw('"chat_channels"."id"');
    return sql<number>`(SELECT count(*)::int FROM ${chatMessages} m
      WHERE m.channel_id = ${channelId} AND m.deleted_at IS NULL AND m.user_id IS DISTINCT FROM ${userId}
        AND m.seq > coalesce((SELECT r.last_read_seq FROM ${chatReads} r
          WHERE r.channel_id = ${channelId} AND r.user_id = ${userId}), 0))`;
  }

  /**
   * The badge's number in one read: others' messages after the user's last read one, in the business's channels that
   * are not archived and the user's direct messages whose two people are both still members (what the panel lists).
   */
  async unreadTotal(businessId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
      })
      .from(chatMessages)
      .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
      .leftJoin(chatReads, and(eq(chatReads.channelId, chatChannels.id), eq(chatReads.userId, userId)))
      .where(
        and(
          this.readable(businessId, userId),
          isNull(chatChannels.archivedAt),
          sql`(${chatChannels.kind} = 'channel' OR NOT EXISTS (
            SELECT 1 FROM jsonb_array_elements_text(${chatChannels.dmUserIds}) AS dm(user_id)
            WHERE NOT EXISTS (SELECT 1 FROM ${businessMembers} bm
              WHERE bm.business_id = ${chatChannels.businessId} AND bm.user_id = dm.user_id)))`,
          isNull(chatMessages.deletedAt),
          sql`${chatMessages.userId} IS DISTINCT FROM ${userId}`,
          sql`${chatMessages.seq} > coalesce(${chatReads.lastReadSeq}, 0)`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  async ensureDefaultChannel(businessId: string, name: string): Promise<void> {
    await this.db.insert(chatChannels).values({ businessId, kind: 'channel', name }).onConflictDoNothing();
  }

  async channels(businessId: string, userId: string): Promise<ChatChannelWithUnread[]> {
    const rows = await this.db
      .select({ channel: chatChannels, unread: this.unreadExpr(userId) })
      .from(chatChannels)
      .where(this.readable(businessId, userId))
      .orderBy(asc(chatChannels.kind), asc(chatChannels.name), desc(chatChannels.lastMessageAt));
    return rows.map((r) => ({ ...r.channel, unread: Number(r.unread) }));
  }

  async channel(businessId: string, userId: string, id: string, db: Executor = this.db) {
    const [row] = await db
      .select()
      .from(chatChannels)
      .where(and(eq(chatChannels.id, id), this.readable(businessId, userId)));
    return row ?? null;
  }

  async members(businessId: string) {
    return this.db
      .select({
        userId: businessMembers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(eq(businessMembers.businessId, businessId))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  async isMember(businessId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: businessMembers.id })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    return Boolean(row);
  }

  /** A new channel; null when the name is taken in this business. */
  async createChannel(businessId: string, userId: string, name: string): Promise<ChatChannelRow | null> {
    const [row] = await this.db
      .insert(chatChannels)
      .values({ businessId, kind: 'channel', name, createdBy: userId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /** The direct message of these two members (made the first time). */
  async openDm(businessId: string, a: string, b: string): Promise<ChatChannelRow> {
    const dmKey = dmKeyOf(a, b);
    await this.db
      .insert(chatChannels)
      .values({ businessId, kind: 'dm', dmKey, dmUserIds: [a, b].sort(), createdBy: a })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(chatChannels)
      .where(and(eq(chatChannels.businessId, businessId), eq(chatChannels.kind, 'dm'), eq(chatChannels.dmKey, dmKey)));
    return row!;
  }

  /** Renames or archives a channel (not a direct message); null when none, 'taken' when the name is. */
  async updateChannel(
    businessId: string,
    id: string,
    set: { name?: string; archived?: boolean },
  ): Promise<ChatChannelRow | null | 'taken'> {
    try {
      const [row] = await this.db
        .update(chatChannels)
        .set({
          ...(set.name !== undefined ? { name: set.name } : {}),
          ...(set.archived !== undefined ? { archivedAt: set.archived ? sql`now()` : null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(chatChannels.id, id), eq(chatChannels.businessId, businessId), eq(chatChannels.kind, 'channel')))
        .returning();
      return row ?? null;
    } catch (err) {
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505') return 'taken';
      if ((err as { cause?: { code?: string } }).cause?.code === '23505') return 'taken';
      throw err;
    }
  }

  private messageColumns = {
    id: chatMessages.id,
    channelId: chatMessages.channelId,
    seq: chatMessages.seq,
    userId: chatMessages.userId,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    body: chatMessages.body,
    editedAt: chatMessages.editedAt,
    deletedAt: chatMessages.deletedAt,
    createdAt: chatMessages.createdAt,
  };

  async message(channelId: string, id: string, db: Executor = this.db): Promise<ChatMessageRow | null> {
    const [row] = await db
      .select(this.messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.userId))
      .where(and(eq(chatMessages.id, id), eq(chatMessages.channelId, channelId)));
    return row ? { ...row, seq: Number(row.seq) } : null;
  }

  /** Newest `limit` messages before `before` (all when absent), returned oldest first; `hasMore` when older exist. */
  async history(channelId: string, before: number | undefined, limit: number) {
    const rows = await this.db
      .select(this.messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.userId))
      .where(and(eq(chatMessages.channelId, channelId), before ? lt(chatMessages.seq, before) : undefined))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1);
    const hasMore = rows.length > limit;
    return {
      rows: rows
        .slice(0, limit)
        .reverse()
        .map((r) => ({ ...r, seq: Number(r.seq) })),
      hasMore,
    };
  }

  /** Stores a message; the author has read their channel up to it. */
  async insertMessage(tx: Executor, channel: ChatChannelRow, userId: string, body: string) {
    const [row] = await tx
      .insert(chatMessages)
      .values({ channelId: channel.id, businessId: channel.businessId, userId, body })
      .returning({ id: chatMessages.id, seq: chatMessages.seq });
    await tx
      .update(chatChannels)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(chatChannels.id, channel.id));
    await this.readUpTo(tx, channel.id, userId, Number(row!.seq));
    return row!;
  }

  private async readUpTo(db: Executor, channelId: string, userId: string, seq: number) {
    await db
      .insert(chatReads)
      .values({ channelId, userId, lastReadSeq: seq })
      .onConflictDoUpdate({
        target: [chatReads.channelId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
      });
  }

  /** Marks everything in the channel read for this user. */
  async markRead(channelId: string, userId: string): Promise<void> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${chatMessages.seq}), 0)` })
      .from(chatMessages)
      .where(eq(chatMessages.channelId, channelId));
    await this.readUpTo(this.db, channelId, userId, Number(row?.max ?? 0));
  }

  /** Changes the author's own message (not a deleted one); false when there is none. */
  async editOwn(channelId: string, id: string, userId: string, body: string): Promise<boolean> {
    const rows = await this.db
      .update(chatMessages)
      .set({ body, editedAt: sql`now()` })
      .where(
        and(
          eq(chatMessages.id, id),
          eq(chatMessages.channelId, channelId),
          eq(chatMessages.userId, userId),
          isNull(chatMessages.deletedAt),
        ),
      )
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  }

  /** Deletes the author's own message: its text is gone, a tombstone keeps the history's order. */
  async deleteOwn(channelId: string, id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(chatMessages)
      .set({ body: '', deletedAt: sql`now()` })
      .where(
        and(
          eq(chatMessages.id, id),
          eq(chatMessages.channelId, channelId),
          eq(chatMessages.userId, userId),
          isNull(chatMessages.deletedAt),
        ),
      )
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  }

  /** Who sees a channel's changes: every member of the business, or the two of a direct message still members. */
  async audience(db: Executor | undefined, channel: ChatChannelRow): Promise<string[]> {
    const rows = await (db ?? this.db)
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, channel.businessId),
          channel.kind === 'dm'
            ? sql`${businessMembers.userId} IN (SELECT jsonb_array_elements_text(${JSON.stringify(channel.dmUserIds ?? [])}::jsonb))`
            : undefined,
        ),
      );
    return rows.map((r) => r.userId);
  }

  /**
   * Of these users, those to tell of a new message in the bell: their chat panel is closed (no live presence in
   * this business) and this message is the channel's first unread one for them (one notification per channel
   * until they read it, not one per message).
   */
  async toNotify(tx: Executor, channel: ChatChannelRow, userIds: string[], messageSeq: number): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await tx.execute<{ user_id: string }>(sql`
      SELECT u.user_id FROM jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) AS u(user_id)
      WHERE NOT EXISTS (SELECT 1 FROM ${chatPresence} p WHERE p.user_id = u.user_id
          AND p.business_id = ${channel.businessId} AND p.until > now())
        AND NOT EXISTS (SELECT 1 FROM ${chatMessages} m WHERE m.channel_id = ${channel.id} AND m.seq < ${messageSeq}
          AND m.deleted_at IS NULL AND m.user_id IS DISTINCT FROM u.user_id
          AND m.seq > coalesce((SELECT r.last_read_seq FROM ${chatReads} r
            WHERE r.channel_id = ${channel.id} AND r.user_id = u.user_id), 0))`);
    return (rows as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
  }

  /** The panel's stream opened (+1) or closed (-1); open keeps `until` ahead, the last close ends it. */
  async presence(userId: string, businessId: string, delta: 1 | -1 | 0, ttlMs: number): Promise<void> {
    const until = sql`now() + ${`${Math.ceil(ttlMs / 1000)} seconds`}::interval`;
    await this.db
      .insert(chatPresence)
      .values({ userId, businessId, streams: Math.max(delta, 0), until })
      .onConflictDoUpdate({
        target: [chatPresence.userId, chatPresence.businessId],
        set: {
          streams: sql`greatest(${chatPresence.streams} + ${delta}, 0)`,
          until: sql`CASE WHEN ${chatPresence.streams} + ${delta} <= 0 AND ${delta} < 0 THEN now() ELSE ${until} END`,
        },
      });
  }
}
