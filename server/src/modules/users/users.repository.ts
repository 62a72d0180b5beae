import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businesses, businessMembers, users } from '../../db/schema';

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

  /** Points the user's profile_picture at an uploaded image (images module), or clears it. */
  async setProfilePicture(userId: string, url: string | null, db: Executor = this.db): Promise<void> {
    await db
      .update(users)
      .set({ profilePicture: url, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
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
