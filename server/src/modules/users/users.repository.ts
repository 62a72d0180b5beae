import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businesses, businessMembers, emailTokens, users } from '../../db/schema';

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

  /** Runs `fn` in one transaction (a password change and the sign-outs it causes commit together). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** New password; pending reset links die. The caller signs out the other sessions in the same transaction. */
  async changePassword(userId: string, passwordHash: string, db: Executor = this.db): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'reset_password'), isNull(emailTokens.usedAt)));
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
