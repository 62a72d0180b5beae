import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, businessMembers, sessions, users } from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

/** Every user of the installation (not scoped to a business: the admin pages look across businesses). */
export class AdminUsersRepository {
  constructor(private readonly db: Executor) {}

  private searchCondition(search: string | undefined): SQL | undefined {
    const term = search?.trim();
    if (!term) return undefined;
    const pattern = `%${escapeLike(term)}%`;
    return or(
      sql`${users.email} ILIKE ${pattern}`,
      sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
    );
  }

  async list(search: string | undefined, page: number, limit: number) {
    const where = this.searchCondition(search);
    const [totalRow] = await this.db.select({ total: count() }).from(users).where(where);
    // Qualified by hand: inside the subquery an unqualified "id" would be business_members.id.
    const businessCount = sql<number>`(SELECT count(*) FROM business_members bm WHERE bm.user_id = "users"."id")::int`;
    const rows = await this.db
      .select({ ...summaryColumns, businessCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { total: totalRow?.total ?? 0, rows };
  }

  async find(id: string) {
    const [row] = await this.db
      .select({
        ...summaryColumns,
        phoneNumber: users.phoneNumber,
        city: users.city,
        country: users.country,
        industry: users.industry,
        googleSub: users.googleSub,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  membershipsOf(userId: string) {
    return this.db
      .select({
        businessId: businesses.id,
        businessName: businesses.name,
        role: businessMembers.role,
        joinedAt: businessMembers.createdAt,
      })
      .from(businessMembers)
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(eq(businessMembers.userId, userId))
      .orderBy(asc(businessMembers.createdAt), asc(businesses.name));
  }

  async activeSessionCount(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row?.n ?? 0;
  }
}
