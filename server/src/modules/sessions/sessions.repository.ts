import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businessMembers, sessions } from '../../db/schema';

/** Which sessions a relocation moves: every session on the business, or only one user's. */
export interface RelocateScope {
  businessId: string;
  userId?: string;
  reason: 'business_deleted' | 'membership_removed';
}

/**
 * Session revocation, relocation and listing: the only SQL that ends sessions. Sign-in and rotation (auth) open and extend
 * them; every module that signs someone out (a password change, a reset, a Google proof of the address, a sign-out)
 * does it through SessionsService. Methods taking `db` run inside the caller's transaction when given one.
 */
/** Revokes the sessions not revoked yet that match every condition; the ids it revoked. */
function revokeLive(db: Executor, reason: string, where: (SQL | undefined)[]) {
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(isNull(sessions.revokedAt), ...where))
    .returning({ id: sessions.id });
}

export class SessionsRepository {
  constructor(private readonly db: Database) {}

  /** Revokes every live session of a user (but `exceptSessionId`); their refresh tokens die with them. */
  async revokeAllOf(userId: string, reason: string, exceptSessionId?: string, db: Executor = this.db): Promise<number> {
    const revoked = await revokeLive(db, reason, [
      eq(sessions.userId, userId),
      exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
    ]);
    return revoked.length;
  }

  /** Revokes one session, whoever's it is (sign-out, refresh-token reuse, lost membership). */
  async revoke(sessionId: string, reason: string, db: Executor = this.db): Promise<void> {
    await revokeLive(db, reason, [eq(sessions.id, sessionId)]);
  }

  /** Revokes one live session of the user; false when there is none with that id (someone else's, dead…). */
  async revokeOwn(userId: string, sessionId: string, reason: string): Promise<boolean> {
    const revoked = await revokeLive(this.db, reason, [
      eq(sessions.id, sessionId),
      eq(sessions.userId, userId),
      gt(sessions.expiresAt, sql`now()`),
    ]);
    return revoked.length > 0;
  }

  /**
   * Moves live sessions off a business (all of them, or one user's): to the user's other business they used last
   * (else their oldest membership), or revokes them when the user has no other business.
   */
  async relocateOff(scope: RelocateScope, db: Executor = this.db): Promise<void> {
    const { businessId, userId, reason } = scope;
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
    await revokeLive(db, reason, [
      eq(sessions.businessId, businessId),
      userId ? eq(sessions.userId, userId) : undefined,
    ]);
  }

  /** A live session's remember-me flag and current business (null when revoked, expired or someone else's). */
  async findLive(sessionId: string, userId: string) {
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
  async moveTo(sessionId: string, businessId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ businessId, lastUsedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** The user's live sessions (not revoked, not expired), most recently used first. */
  async active(userId: string) {
    return this.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  }
}
