import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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

export class UsersRepository {
  constructor(private readonly db: Executor) {}

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
}
