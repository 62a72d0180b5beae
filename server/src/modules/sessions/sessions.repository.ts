import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions } from '../../db/schema';

/**
 * Session revocation and listing: the only SQL that ends sessions. Sign-in and rotation (auth) open and extend
 * them; every module that signs someone out (a password change, a reset, a Google proof of the address, a sign-out)
 * does it through SessionsService. Methods taking `db` run inside the caller's transaction when given one.
 */
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  /** Revokes every live session of a user (but `exceptSessionId`); their refresh tokens die with them. */
  async revokeAllOf(userId: string, reason: string, exceptSessionId?: string, db: Executor = this.db): Promise<number> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Revokes one session, whoever's it is (sign-out, refresh-token reuse, lost membership). */
  async revoke(sessionId: string, reason: string, db: Executor = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes one live session of the user; false when there is none with that id (someone else's, dead…). */
  async revokeOwn(userId: string, sessionId: string, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
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
