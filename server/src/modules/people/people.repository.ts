import { and, asc, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { userBlocks, userFollows, userFriends, users } from '../../db/schema';

const nameOf = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), 'Former member')`;

/** All SQL of people: follows, friendships, blocks (and the users' names and pictures they show). */
export class PeopleRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async user(id: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: nameOf,
        picture: users.profilePicture,
        industry: users.industry,
        city: users.city,
        country: users.country,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Whether either blocked the other: `mine` (a blocked b), `theirs` (b blocked a). */
  async blocks(a: string, b: string) {
    const rows = await this.db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
          and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
        ),
      );
    return { mine: rows.some((r) => r.blockerId === a), theirs: rows.some((r) => r.blockerId === b) };
  }

  async follows(a: string, b: string): Promise<boolean> {
    const [row] = await this.db
      .select({ x: userFollows.followerId })
      .from(userFollows)
      .where(and(eq(userFollows.followerId, a), eq(userFollows.followeeId, b)))
      .limit(1);
    return Boolean(row);
  }

  /** The friendship row between a and b, whichever asked. */
  async friendship(a: string, b: string, db: Executor = this.db) {
    const [row] = await db
      .select()
      .from(userFriends)
      .where(
        or(
          and(eq(userFriends.requesterId, a), eq(userFriends.addresseeId, b)),
          and(eq(userFriends.requesterId, b), eq(userFriends.addresseeId, a)),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async follow(a: string, b: string): Promise<void> {
    await this.db.insert(userFollows).values({ followerId: a, followeeId: b }).onConflictDoNothing();
  }

  async unfollow(a: string, b: string, db: Executor = this.db): Promise<void> {
    await db.delete(userFollows).where(and(eq(userFollows.followerId, a), eq(userFollows.followeeId, b)));
  }

  async requestFriend(a: string, b: string, tx: Executor): Promise<void> {
    await tx.insert(userFriends).values({ requesterId: a, addresseeId: b }).onConflictDoNothing();
  }

  async acceptFriend(requester: string, addressee: string, tx: Executor): Promise<void> {
    await tx
      .update(userFriends)
      .set({ acceptedAt: new Date() })
      .where(and(eq(userFriends.requesterId, requester), eq(userFriends.addresseeId, addressee)));
  }

  async unfriend(a: string, b: string, db: Executor = this.db): Promise<void> {
    await db
      .delete(userFriends)
      .where(
        or(
          and(eq(userFriends.requesterId, a), eq(userFriends.addresseeId, b)),
          and(eq(userFriends.requesterId, b), eq(userFriends.addresseeId, a)),
        ),
      );
  }

  /** a blocks b: follows and friendship both ways end. */
  async block(a: string, b: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(userBlocks).values({ blockerId: a, blockedId: b }).onConflictDoNothing();
      await this.unfollow(a, b, tx);
      await this.unfollow(b, a, tx);
      await this.unfriend(a, b, tx);
    });
  }

  async unblock(a: string, b: string): Promise<void> {
    await this.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)));
  }

  async counts(userId: string) {
    const [[followers], [following], [friends]] = await Promise.all([
      this.db.select({ n: count() }).from(userFollows).where(eq(userFollows.followeeId, userId)),
      this.db.select({ n: count() }).from(userFollows).where(eq(userFollows.followerId, userId)),
      this.db
        .select({ n: count() })
        .from(userFriends)
        .where(
          and(
            isNotNull(userFriends.acceptedAt),
            or(eq(userFriends.requesterId, userId), eq(userFriends.addresseeId, userId)),
          ),
        ),
    ]);
    return { followers: followers?.n ?? 0, following: following?.n ?? 0, friends: friends?.n ?? 0 };
  }

  async followers(userId: string) {
    return this.db
      .select({ _id: users.id, name: nameOf })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followerId))
      .where(eq(userFollows.followeeId, userId))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  async following(userId: string) {
    return this.db
      .select({ _id: users.id, name: nameOf })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followeeId))
      .where(eq(userFollows.followerId, userId))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  async friends(userId: string) {
    return this.db
      .select({ _id: users.id, name: nameOf })
      .from(userFriends)
      .innerJoin(
        users,
        sql`${users.id} = case when ${userFriends.requesterId} = ${userId} then ${userFriends.addresseeId} else ${userFriends.requesterId} end`,
      )
      .where(
        and(
          isNotNull(userFriends.acceptedAt),
          or(eq(userFriends.requesterId, userId), eq(userFriends.addresseeId, userId)),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  /** Pending requests addressed to the user (not used by the lists; kept for the profile's relation). */
  async pendingTo(userId: string) {
    return this.db
      .select({ requesterId: userFriends.requesterId })
      .from(userFriends)
      .where(and(eq(userFriends.addresseeId, userId), isNull(userFriends.acceptedAt)));
  }
}
