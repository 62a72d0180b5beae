import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, businessMembers, users } from '../../db/schema';

export class BusinessesRepository {
  constructor(private readonly db: Executor) {}

  /** The businesses a user belongs to, oldest membership first. */
  async listForUser(userId: string) {
    return this.db
      .select({ business: businesses })
      .from(businessMembers)
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(eq(businessMembers.userId, userId))
      .orderBy(asc(businessMembers.createdAt), asc(businesses.id));
  }

  async membersOf(businessIds: string[]) {
    if (businessIds.length === 0) return [];
    return this.db
      .select({
        member: businessMembers,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(inArray(businessMembers.businessId, businessIds))
      .orderBy(asc(businessMembers.createdAt));
  }
}
