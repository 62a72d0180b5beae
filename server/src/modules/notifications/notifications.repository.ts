import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  businessMembers,
  communityMembers,
  friendRequests,
  notificationPreferences,
  notifications,
  notificationUnreadCounts,
  userBlocks,
  users,
} from '../../db/schema';
import type { NotificationData, NotificationType } from '@atrium/domain-comms/schemas';

export type NotificationRow = typeof notifications.$inferSelect;

/** The PostgreSQL channel every API process listens on (notifications.broker.ts). */
export const NOTIFY_CHANNEL = 'atrium_notifications';

/**
 * What one NOTIFY carries: these users' bells should refresh ('new': something arrived; 'changed': read/deleted),
 * or ('chat', with the channel in `c`) their open chat panels should (modules/chat shares this channel and broker).
 */
export interface NotificationSignal {
  k: 'new' | 'changed' | 'chat';
  /** The chat channel of a 'chat' signal. */
  c?: string | null;
  /** The business the change belongs to; null for a personal notification (every business of the user). */
  b: string | null;
  u: string[];
}

/** A NOTIFY payload stays under PostgreSQL's 8000 bytes: at most this many user ids (36 characters each) per signal. */
const USERS_PER_SIGNAL = 100;

export interface ListFilters {
  page: number;
  limit: number;
  read?: boolean;
  type?: NotificationType;
  from?: Date;
  /** Exclusive when `toExclusive`. */
  to?: Date;
  toExclusive?: boolean;
}

/** Every query is the caller's own: their user id, and their current business's or personal notifications. */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  private mine(userId: string, businessId: string): SQL {
    return and(
      eq(notifications.userId, userId),
      or(eq(notifications.businessId, businessId), isNull(notifications.businessId)),
    )!;
  }

  /**
   * The members of the business who receive a notification of `type`: the given ids (if any), or the owners and
   * admins, or everyone; never `exceptUserId`; never one who switched the type off.
   */
  async recipients(
    db: Executor,
    businessId: string,
    type: NotificationType,
    to: { userIds: string[] } | { role: 'owners' | 'members' },
    exceptUserId: string | null,
  ): Promise<string[]> {
    const conditions: (SQL | undefined)[] = [eq(businessMembers.businessId, businessId)];
    if ('userIds' in to) {
      if (to.userIds.length === 0) return [];
      conditions.push(inArray(businessMembers.userId, to.userIds));
    } else if (to.role === 'owners') {
      conditions.push(inArray(businessMembers.role, ['owner', 'admin']));
    }
    if (exceptUserId) conditions.push(ne(businessMembers.userId, exceptUserId));
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM ${notificationPreferences} p WHERE p.user_id = ${businessMembers.userId}
        AND p.type = ${type} AND p.enabled = false)`,
    );
    const rows = await db
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(...conditions));
    return rows.map((r) => r.userId);
  }

  /**
   * The users who receive a personal notification of `type` (of no business): those of the ids that exist, never
   * `exceptUserId`, never one who switched the type off.
   */
  async personalRecipients(
    db: Executor,
    type: NotificationType,
    userIds: string[],
    exceptUserId: string | null,
  ): Promise<string[]> {
    const wanted = [...new Set(userIds)].filter((id) => id !== exceptUserId);
    if (wanted.length === 0) return [];
    const rows = await db
      .select({ userId: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, wanted),
          sql`NOT EXISTS (SELECT 1 FROM ${notificationPreferences} p WHERE p.user_id = ${users.id}
            AND p.type = ${type} AND p.enabled = false)`,
        ),
      );
    return rows.map((r) => r.userId);
  }

  /** Whether this user wants notifications of this type (personal ones are checked here). */
  async wants(db: Executor, userId: string, type: NotificationType): Promise<boolean> {
    const [row] = await db
      .select({ enabled: notificationPreferences.enabled })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
    return row?.enabled ?? true;
  }

  async insert(
    db: Executor,
    businessId: string | null,
    userIds: string[],
    fields: { type: NotificationType; title: string; message: string; data: NotificationData },
  ): Promise<void> {
    if (userIds.length === 0) return;
    await db.insert(notifications).values(userIds.map((userId) => ({ ...fields, userId, businessId })));
  }

  /**
   * Tells every API process (and this one) that these users' bells changed: NOTIFY is transactional, so inside a
   * producer's transaction it is delivered only when that commits, and never for one rolled back.
   */
  async signal(
    db: Executor | undefined,
    kind: NotificationSignal['k'],
    businessId: string | null,
    userIds: string[],
  ): Promise<void> {
    const on = db ?? this.db;
    for (let i = 0; i < userIds.length; i += USERS_PER_SIGNAL) {
      const payload: NotificationSignal = { k: kind, b: businessId, u: userIds.slice(i, i + USERS_PER_SIGNAL) };
      await on.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(payload)})`);
    }
  }

  async list(userId: string, businessId: string, f: ListFilters): Promise<{ rows: NotificationRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [this.mine(userId, businessId)];
    if (f.read === true) conditions.push(isNotNull(notifications.readAt));
    if (f.read === false) conditions.push(isNull(notifications.readAt));
    if (f.type) conditions.push(eq(notifications.type, f.type));
    if (f.from) conditions.push(gte(notifications.createdAt, f.from));
    if (f.to) conditions.push(f.toExclusive ? lt(notifications.createdAt, f.to) : lte(notifications.createdAt, f.to));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      this.db.select({ n: count() }).from(notifications).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The caller's unread notifications in this business and personal ones: two counter rows (kept by triggers,
   * migration 0052), not a count of every unread entry.
   */
  async unreadCount(userId: string, businessId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${notificationUnreadCounts.unread}), 0)::int` })
      .from(notificationUnreadCounts)
      .where(
        and(
          eq(notificationUnreadCounts.userId, userId),
          inArray(notificationUnreadCounts.businessKey, [businessId, '']),
        ),
      );
    return row?.n ?? 0;
  }

  /** Marks one read (kept read if it was); null when it is not the caller's. */
  async markRead(userId: string, businessId: string, id: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), this.mine(userId, businessId)))
      .returning();
    return row ?? null;
  }

  async markAllRead(userId: string, businessId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(this.mine(userId, businessId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), this.mine(userId, businessId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async preferences(userId: string): Promise<{ type: NotificationType; enabled: boolean }[]> {
    return this.db
      .select({ type: notificationPreferences.type, enabled: notificationPreferences.enabled })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
  }

  async savePreferences(userId: string, changes: [NotificationType, boolean][]): Promise<void> {
    if (changes.length === 0) return;
    await this.db
      .insert(notificationPreferences)
      .values(changes.map(([type, enabled]) => ({ userId, type, enabled })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  }

  /**
   * Whether `senderId` may send `recipientId` a friend request: they share a business (both members) or a community
   * (both active members), and the recipient has not blocked the sender.
   */
  async canBefriend(senderId: string, recipientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({
        ok: sql<boolean>`(EXISTS (SELECT 1 FROM ${businessMembers} a JOIN ${businessMembers} b
              ON b.business_id = a.business_id WHERE a.user_id = ${senderId} AND b.user_id = ${recipientId})
            OR EXISTS (SELECT 1 FROM ${communityMembers} a JOIN ${communityMembers} b
              ON b.community_id = a.community_id WHERE a.user_id = ${senderId} AND a.status = 'active'
                AND b.user_id = ${recipientId} AND b.status = 'active'))
          AND NOT EXISTS (SELECT 1 FROM ${userBlocks} x WHERE x.blocker_id = ${recipientId} AND x.blocked_id = ${senderId})`,
      })
      .from(users)
      .where(eq(users.id, recipientId));
    return Boolean(row?.ok);
  }

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Records a request from sender to recipient; false when one was recorded already (nothing changes). */
  async recordFriendRequest(tx: Executor, senderId: string, recipientId: string): Promise<boolean> {
    const rows = await tx
      .insert(friendRequests)
      .values({ senderId, recipientId })
      .onConflictDoNothing()
      .returning({ senderId: friendRequests.senderId });
    return rows.length > 0;
  }

  /**
   * Marks the sender's request to the recipient as received: 'marked' the first time, 'again' afterwards,
   * 'none' when no such request was recorded.
   */
  async markFriendRequestReceived(tx: Executor, senderId: string, recipientId: string) {
    const [row] = await tx
      .select({ receivedAt: friendRequests.receivedAt })
      .from(friendRequests)
      .where(and(eq(friendRequests.senderId, senderId), eq(friendRequests.recipientId, recipientId)))
      .for('update');
    if (!row) return 'none' as const;
    if (row.receivedAt) return 'again' as const;
    await tx
      .update(friendRequests)
      .set({ receivedAt: sql`now()` })
      .where(and(eq(friendRequests.senderId, senderId), eq(friendRequests.recipientId, recipientId)));
    return 'marked' as const;
  }
}
