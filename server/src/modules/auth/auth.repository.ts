import { RecentLookups } from '../../lib/recent-lookups';
import type { SharedVersion } from '../../lib/redis';
import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  businesses,
  businessMembers,
  emailTokens,
  refreshTokens,
  sessions,
  users,
  type EmailTokenKind,
} from '../../db/schema';
import { publicUserColumns } from '../users/users.repository';

export interface NewUser {
  email: string;
  /** Null for an account that signs in with Google only. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  /** Set when the address is already proven (Google sign-in); null/absent → unverified. */
  emailVerifiedAt?: Date | null;
  /** The linked Google account (OIDC `sub`), for accounts created by Google sign-in. */
  googleSub?: string | null;
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

/**
 * The lookup every authenticated request makes: built once as a prepared statement (query building and
 * PostgreSQL's parse/plan are paid once per connection, not per request).
 */
function sessionContextQuery(db: Database) {
  return db
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
      and(eq(businessMembers.userId, sessions.userId), eq(businessMembers.businessId, sql.placeholder('businessId'))),
    )
    .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_session_context');
}

type SessionContextRow = Awaited<ReturnType<ReturnType<typeof sessionContextQuery>['execute']>>[number];

/**
 * How long one process trusts a session lookup it made (lib/recent-lookups.ts). This process's own changes are seen
 * at once; another server process's sign-out or membership change within this time — or at once when the processes
 * share a version through Redis (REDIS_URL).
 */
export const SESSION_CONTEXT_TTL_MS = 2_000;

export class AuthRepository {
  private readonly sessionContext;
  private readonly recentContexts: RecentLookups<SessionContextRow>;

  /** `sessionVersion`: shared by every API process (Redis) — their remembered lookups are dropped together. */
  constructor(
    private readonly db: Database,
    sessionVersion?: SharedVersion,
  ) {
    this.sessionContext = sessionContextQuery(db);
    this.recentContexts = new RecentLookups<SessionContextRow>(SESSION_CONTEXT_TTL_MS, 5000, sessionVersion);
  }

  async findUserByEmail(email: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        passwordHash: users.passwordHash,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row ?? null;
  }

  /** Runs `fn` in one transaction (an account and its first business; a reset and the sign-outs it causes). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A new user (the e-mail's unique index refuses a taken address: UNIQUE_VIOLATION). */
  async insertUser(user: NewUser, db: Executor = this.db): Promise<string> {
    const [row] = await db.insert(users).values(user).returning({ id: users.id });
    return row!.id;
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
    return this.recentContexts.get(`${sessionId}|${userId}|${businessId}`, async () => {
      const [row] = await this.sessionContext.execute({ sessionId, userId, businessId });
      return row ?? null;
    });
  }

  /**
   * Called before any unsafe request is answered (app.ts): the next lookup reads the database again — in every API
   * process when they share a version (resolves once it has moved on).
   */
  forgetSessionContexts(): Promise<void> {
    return this.recentContexts.forget();
  }

  /** A refresh token by its hash, with its session; `usedWithinGrace`: rotated less than `graceMs` ago (database clock). */
  async findRefreshToken(tokenHash: string, graceMs: number) {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        usedWithinGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - ${graceMs}::int * interval '1 millisecond', false)`,
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

  async sessionIdOfRefreshToken(tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row?.sessionId ?? null;
  }

  /** Stores a new mailed code/token for the user; the user's earlier unused ones of that kind stop working. */
  async replaceEmailToken(token: {
    id: string;
    userId: string;
    kind: EmailTokenKind;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(emailTokens)
        .where(and(eq(emailTokens.userId, token.userId), eq(emailTokens.kind, token.kind), isNull(emailTokens.usedAt)));
      await tx.insert(emailTokens).values(token);
    });
  }

  /** The user's newest unused token of a kind (expired or not: the caller checks). */
  async latestUnusedToken(userId: string, kind: EmailTokenKind) {
    const [row] = await this.db
      .select({ id: emailTokens.id, tokenHash: emailTokens.tokenHash, expiresAt: emailTokens.expiresAt })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * Counts one guess against a code, atomically. False when the code is used up (attempt limit reached, used,
   * expired) — then the guess must not even be compared.
   */
  async countAttempt(tokenId: string, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(emailTokens)
      .set({ attempts: sql`${emailTokens.attempts} + 1` })
      .where(
        and(
          eq(emailTokens.id, tokenId),
          isNull(emailTokens.usedAt),
          lt(emailTokens.attempts, maxAttempts),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: emailTokens.id });
    return rows.length > 0;
  }

  /** Marks a verification code used and the user's address verified. False when it was used meanwhile. */
  async consumeVerificationCode(tokenId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await markUsed(tx, tokenId))) return false;
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId));
      return true;
    });
  }

  /** A reset token by its hash, with its user (and their address); null when unknown. */
  async findEmailToken(tokenHash: string, kind: EmailTokenKind) {
    const [row] = await this.db
      .select({
        id: emailTokens.id,
        userId: emailTokens.userId,
        email: users.email,
        expiresAt: emailTokens.expiresAt,
        usedAt: emailTokens.usedAt,
      })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind)))
      .limit(1);
    return row ?? null;
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.passwordHash ?? null;
  }

  /**
   * A new password for a signed-in user, inside the caller's transaction; pending reset links die. The caller
   * signs out the other sessions in the same transaction (SessionsService).
   */
  async changePassword(userId: string, passwordHash: string, tx: Executor): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'reset_password'), isNull(emailTokens.usedAt)));
  }

  /**
   * Password reset inside the caller's transaction: the token is used up (false when it already was), the
   * password replaced, the address counts as verified (the mailbox was proven) and every other reset token of the
   * user dies. The caller revokes the sessions in the same transaction (SessionsService).
   */
  async resetPassword(tokenId: string, userId: string, passwordHash: string, tx: Executor): Promise<boolean> {
    if (!(await markUsed(tx, tokenId))) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.kind, 'reset_password'),
          isNull(emailTokens.usedAt),
          ne(emailTokens.id, tokenId),
        ),
      );
    return true;
  }
}

async function markUsed(tx: Executor, tokenId: string): Promise<boolean> {
  const rows = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning({ id: emailTokens.id });
  return rows.length > 0;
}
