import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businesses, businessMembers, emailTokens, sessions, users } from '../../db/schema';
import { revokeUserSessions } from '../auth/auth.repository';

/** Every user column but the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  city: users.city,
  state: users.state,
  country: users.country,
  industry: users.industry,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
};

export type UserRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  industry: string | null;
  profilePicture: string | null;
  createdAt: Date;
};

/** The profile fields a user may change about themselves. */
export type ProfileChanges = Partial<
  Pick<UserRecord, 'firstName' | 'lastName' | 'phoneNumber' | 'city' | 'state' | 'country' | 'industry'>
>;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findWithMembership(userId: string, businessId: string) {
    const [row] = await this.db
      .select({
        user: publicUserColumns,
        role: businessMembers.role,
        business: { id: businesses.id, name: businesses.name, type: businesses.type },
      })
      .from(users)
      .innerJoin(businessMembers, and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, businessId)))
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
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
   * New password; every other session of the user is revoked and pending reset links die. Answers how many
   * sessions were revoked.
   */
  async changePassword(userId: string, passwordHash: string, keepSessionId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'reset_password'), isNull(emailTokens.usedAt)));
      return revokeUserSessions(tx, userId, 'password_changed', keepSessionId);
    });
  }

  /** The user's live sessions (not revoked, not expired), most recently used first. */
  async activeSessions(userId: string) {
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

  /** Revokes one live session of the user; false when there is none with that id (someone else's, dead…). */
  async revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'revoked_by_user' })
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

  revokeOtherSessions(userId: string, keepSessionId: string): Promise<number> {
    return revokeUserSessions(this.db, userId, 'revoked_by_user', keepSessionId);
  }

  async findPublic(userId: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        industry: users.industry,
        city: users.city,
        country: users.country,
        profilePicture: users.profilePicture,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }
}
