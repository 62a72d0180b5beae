import { and, asc, eq, gt, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@atrium/contracts';
import type { Database, Executor } from '../../db/client';
import { businesses, businessInvites, businessMembers, sessions, users } from '../../db/schema';
import type { NewBusiness } from './businesses.service';

export type BusinessPatch = Partial<
  Pick<typeof businesses.$inferInsert, 'name' | 'type' | 'colors' | 'settings' | 'logo'>
>;

export interface NewInvite {
  businessId: string;
  email: string;
  role: MemberRole;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

/** Which sessions a relocation moves: every session on the business, or only one user's. */
interface RelocateScope {
  businessId: string;
  userId?: string;
  reason: string;
}

export class BusinessesRepository {
  constructor(private readonly db: Database) {}

  /** The businesses a user belongs to, oldest membership first. */
  async listForUser(userId: string, db: Executor = this.db) {
    return db
      .select({ business: businesses })
      .from(businessMembers)
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(eq(businessMembers.userId, userId))
      .orderBy(asc(businessMembers.createdAt), asc(businesses.id));
  }

  async countForUser(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(businessMembers)
      .where(eq(businessMembers.userId, userId));
    return row?.n ?? 0;
  }

  async membersOf(businessIds: string[], db: Executor = this.db) {
    if (businessIds.length === 0) return [];
    return db
      .select({
        member: businessMembers,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(inArray(businessMembers.businessId, businessIds))
      .orderBy(asc(businessMembers.createdAt), asc(businessMembers.id));
  }

  async findBusiness(businessId: string, db: Executor = this.db) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  }

  /** The user's role in the business, or null when they are not a member (or the business does not exist). */
  async roleOf(businessId: string, userId: string, db: Executor = this.db): Promise<MemberRole | null> {
    const [row] = await db
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
      .limit(1);
    return row?.role ?? null;
  }

  /**
   * A new business with its creator as owner. The slug is the base when free, else base-2, base-3, ... Inside
   * the caller's transaction when given one (a savepoint there, so a lost slug race can be retried).
   */
  async createBusiness(userId: string, business: NewBusiness, db: Executor = this.db): Promise<string> {
    return db.transaction(async (tx) => {
      const base = business.slug;
      const taken = await tx
        .select({ slug: businesses.slug })
        .from(businesses)
        .where(or(eq(businesses.slug, base), like(businesses.slug, `${base}-%`)));
      const takenSet = new Set(taken.map((t) => t.slug));
      let slug = base;
      for (let n = 2; takenSet.has(slug); n++) slug = `${base}-${n}`;
      const [row] = await tx
        .insert(businesses)
        .values({ ...business, slug, createdBy: userId })
        .returning({ id: businesses.id });
      await tx.insert(businessMembers).values({ businessId: row!.id, userId, role: 'owner' });
      return row!.id;
    });
  }

  async updateBusiness(businessId: string, patch: BusinessPatch, db: Executor = this.db): Promise<void> {
    await db
      .update(businesses)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(businesses.id, businessId));
  }

  /**
   * Deletes the business (members, invites, contacts, notes, logo ... cascade). Sessions whose current business
   * it was move to another business of their user first, or are revoked (and then go with the cascade) when the
   * user has none left.
   */
  async deleteBusiness(businessId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.relocateSessions(tx, { businessId, reason: 'business_deleted' });
      await tx.delete(businesses).where(eq(businesses.id, businessId));
    });
  }

  /**
   * Moves live sessions off a business: to the user's other business they used last (else their oldest
   * membership), or revokes them when the user has no other business.
   */
  async relocateSessions(db: Executor, { businessId, userId, reason }: RelocateScope): Promise<void> {
    const scope = and(
      eq(sessions.businessId, businessId),
      isNull(sessions.revokedAt),
      userId ? eq(sessions.userId, userId) : undefined,
    );
    await db.execute(sql`
      UPDATE ${sessions} AS s SET business_id = (
        SELECT bm.business_id FROM ${businessMembers} bm
        WHERE bm.user_id = s.user_id AND bm.business_id <> ${businessId}
        ORDER BY (SELECT max(s2.last_used_at) FROM ${sessions} s2
                  WHERE s2.user_id = bm.user_id AND s2.business_id = bm.business_id) DESC NULLS LAST,
                 bm.created_at ASC, bm.business_id ASC
        LIMIT 1)
      WHERE s.business_id = ${businessId} AND s.revoked_at IS NULL
        ${userId ? sql`AND s.user_id = ${userId}` : sql``}
        AND EXISTS (SELECT 1 FROM ${businessMembers} bm
                    WHERE bm.user_id = s.user_id AND bm.business_id <> ${businessId})`);
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(scope);
  }

  /**
   * Runs `fn` in a transaction holding the business row's lock, so member changes of one business (and the
   * last-owner rule they check) are serialised.
   */
  async withBusinessLock<T>(businessId: string, fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ${businesses} WHERE ${businesses.id} = ${businessId} FOR UPDATE`);
      return fn(tx);
    });
  }

  async countOwners(businessId: string, db: Executor = this.db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'owner')));
    return row?.n ?? 0;
  }

  async findMember(businessId: string, userId: string, db: Executor = this.db) {
    const [row] = await this.membersQuery(db)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async setRole(businessId: string, userId: string, role: MemberRole, db: Executor = this.db): Promise<void> {
    await db
      .update(businessMembers)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  }

  /** Removes a membership and moves that user's sessions on the business elsewhere (or revokes them). */
  async removeMember(businessId: string, userId: string, db: Executor = this.db): Promise<void> {
    await db
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    await this.relocateSessions(db, { businessId, userId, reason: 'membership_removed' });
  }

  /** A member of the business with this e-mail (any case), if any. */
  async memberByEmail(businessId: string, email: string) {
    const [row] = await this.db
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(and(eq(businessMembers.businessId, businessId), eq(sql`lower(${users.email})`, email.toLowerCase())))
      .limit(1);
    return row ?? null;
  }

  /** Replaces the pending invite of the same address (if any) by a new one. */
  async replaceInvite(invite: NewInvite) {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(businessInvites)
        .where(
          and(
            eq(businessInvites.businessId, invite.businessId),
            eq(sql`lower(${businessInvites.email})`, invite.email.toLowerCase()),
            isNull(businessInvites.acceptedAt),
          ),
        );
      const [row] = await tx.insert(businessInvites).values(invite).returning();
      return row!;
    });
  }

  private invitesQuery(db: Executor = this.db) {
    return db
      .select({
        invite: businessInvites,
        inviter: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(businessInvites)
      .leftJoin(users, eq(users.id, businessInvites.invitedBy));
  }

  async pendingInvites(businessId: string) {
    return this.invitesQuery()
      .where(and(eq(businessInvites.businessId, businessId), isNull(businessInvites.acceptedAt)))
      .orderBy(asc(businessInvites.createdAt), asc(businessInvites.id));
  }

  async findInvite(businessId: string, inviteId: string) {
    const [row] = await this.invitesQuery()
      .where(and(eq(businessInvites.businessId, businessId), eq(businessInvites.id, inviteId)))
      .limit(1);
    return row ?? null;
  }

  async deletePendingInvite(businessId: string, inviteId: string): Promise<boolean> {
    const rows = await this.db
      .delete(businessInvites)
      .where(
        and(
          eq(businessInvites.businessId, businessId),
          eq(businessInvites.id, inviteId),
          isNull(businessInvites.acceptedAt),
        ),
      )
      .returning({ id: businessInvites.id });
    return rows.length > 0;
  }

  async deleteInviteById(inviteId: string): Promise<void> {
    await this.db.delete(businessInvites).where(eq(businessInvites.id, inviteId));
  }

  async findInviteByTokenHash(tokenHash: string) {
    const [row] = await this.db.select().from(businessInvites).where(eq(businessInvites.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  /**
   * Uses the invite (single use, unexpired) and adds the membership, atomically. False when the invite was
   * used or expired meanwhile. An existing membership is kept as it is.
   */
  async acceptInvite(inviteId: string, userId: string): Promise<{ businessId: string } | null> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(businessInvites)
        .set({ acceptedAt: sql`now()`, acceptedBy: userId })
        .where(
          and(
            eq(businessInvites.id, inviteId),
            isNull(businessInvites.acceptedAt),
            gt(businessInvites.expiresAt, sql`now()`),
          ),
        )
        .returning({ businessId: businessInvites.businessId, role: businessInvites.role });
      if (!used) return null;
      await tx
        .insert(businessMembers)
        .values({ businessId: used.businessId, userId, role: used.role })
        .onConflictDoNothing({ target: [businessMembers.businessId, businessMembers.userId] });
      return { businessId: used.businessId };
    });
  }

  /** A live session's remember-me flag and current business (null when revoked, expired or someone else's). */
  async findSession(sessionId: string, userId: string) {
    const [row] = await this.db
      .select({ id: sessions.id, businessId: sessions.businessId, rememberMe: sessions.rememberMe })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Points a live session at another business (a sign-in then lands there too: it is the last used). */
  async setSessionBusiness(sessionId: string, businessId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ businessId, lastUsedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  private membersQuery(db: Executor) {
    return db
      .select({
        member: businessMembers,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId));
  }
}
