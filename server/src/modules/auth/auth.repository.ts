import { and, asc, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businesses, businessMembers, refreshTokens, sessions, users } from '../../db/schema';
import { publicUserColumns } from '../users/users.repository';
import type { NewBusiness } from '../businesses/businesses.service';

export interface NewAccount {
  user: {
    email: string;
    /** Null for an account that signs in with Google only. */
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    /** Set when the address is already proven (Google sign-in); null/absent → unverified. */
    emailVerifiedAt?: Date | null;
    /** The linked Google account (OIDC `sub`), for accounts created by Google sign-in. */
    googleSub?: string | null;
  };
  business: NewBusiness;
}

export interface NewSession {
  id: string;
  userId: string;
  businessId: string;
  rememberMe: boolean;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUserByEmail(email: string) {
    const [row] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row ?? null;
  }

  /**
   * User + business + owner membership in one transaction. The business slug is the base slug when free,
   * else the base with a random suffix (the unique constraint is the final judge).
   */
  async createAccount(account: NewAccount): Promise<{ userId: string; businessId: string }> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values(account.user).returning({ id: users.id });
      const base = account.business.slug;
      const taken = await tx
        .select({ slug: businesses.slug })
        .from(businesses)
        .where(or(eq(businesses.slug, base), like(businesses.slug, `${base}-%`)));
      const takenSet = new Set(taken.map((t) => t.slug));
      let slug = base;
      for (let n = 2; takenSet.has(slug); n++) slug = `${base}-${n}`;
      const [business] = await tx
        .insert(businesses)
        .values({ ...account.business, slug, createdBy: user!.id })
        .returning({ id: businesses.id });
      await tx.insert(businessMembers).values({ businessId: business!.id, userId: user!.id, role: 'owner' });
      return { userId: user!.id, businessId: business!.id };
    });
  }

  /** The business a sign-in lands in: the one last used, else the oldest membership. */
  async defaultBusinessId(userId: string): Promise<string | null> {
    const lastUsed = sql`(SELECT max(${sessions.lastUsedAt}) FROM ${sessions} WHERE ${sessions.userId} = ${businessMembers.userId} AND ${sessions.businessId} = ${businessMembers.businessId})`;
    const [row] = await this.db
      .select({ businessId: businessMembers.businessId })
      .from(businessMembers)
      .where(eq(businessMembers.userId, userId))
      .orderBy(sql`${lastUsed} DESC NULLS LAST`, asc(businessMembers.createdAt))
      .limit(1);
    return row?.businessId ?? null;
  }

  async createSession(session: NewSession, tokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values(session);
      await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash });
    });
  }

  /**
   * A live session with its user and the membership of the given business (null when not a member).
   * Null when the session does not exist, belongs to someone else, was revoked or expired.
   */
  async findSessionContext(sessionId: string, userId: string, businessId: string) {
    const [row] = await this.db
      .select({
        session: { id: sessions.id, rememberMe: sessions.rememberMe },
        user: publicUserColumns,
        role: businessMembers.role,
        business: { id: businesses.id, name: businesses.name, type: businesses.type },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        businessMembers,
        and(eq(businessMembers.userId, sessions.userId), eq(businessMembers.businessId, businessId)),
      )
      .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
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

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        session: {
          id: sessions.id,
          userId: sessions.userId,
          businessId: sessions.businessId,
          rememberMe: sessions.rememberMe,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        },
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Marks the presented token used and stores its successor, atomically. False when the token was used
   * meanwhile (two requests raced with one token): the caller treats that as reuse.
   */
  async rotateRefreshToken(input: {
    tokenId: string;
    sessionId: string;
    nextHash: string;
    expiresAt: Date;
    businessId: string;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.id, input.tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (used.length === 0) return false;
      await tx.insert(refreshTokens).values({ sessionId: input.sessionId, tokenHash: input.nextHash });
      await tx
        .update(sessions)
        .set({ lastUsedAt: sql`now()`, expiresAt: input.expiresAt, businessId: input.businessId })
        .where(eq(sessions.id, input.sessionId));
      return true;
    });
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async sessionIdOfRefreshToken(tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row?.sessionId ?? null;
  }
}
