import { and, asc, eq, gt, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@atrium/contracts';
import type { Database, Executor } from '../../db/client';
import { businesses, businessInvites, businessMembers, users } from '../../db/schema';
import type { NewBusiness } from './businesses.service';

export type BusinessPatch = Partial<
  Pick<typeof businesses.$inferInsert, 'name' | 'type' | 'colors' | 'settings' | 'logo' | 'subscriptionTier'>
>;

export interface NewInvite {
  businessId: string;
  email: string;
  role: MemberRole;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
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

  /** Runs `fn` in one transaction (a deletion and the sessions moved off the business, together). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Deletes the business (members, invites, contacts, notes, logo ... cascade). */
  async deleteBusiness(businessId: string, db: Executor = this.db): Promise<void> {
    await db.delete(businesses).where(eq(businesses.id, businessId));
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

  /** Removes a membership (the caller moves that user's sessions off the business in the same transaction). */
  async removeMember(businessId: string, userId: string, db: Executor = this.db): Promise<void> {
    await db
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
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
