import { isCompanyEmail, makePagination, type ListEnvelope, type PageQuery } from '@atrium/contracts';
import { ADMIN_MESSAGES, type AdminUserDetail, type AdminUserSummary } from '@atrium/domain-admin/schemas';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../lib/caller';
import type { AdminUsersRepository } from './admin-users.repository';

/** The admin pages are for company staff: signed in with an e-mail at the configured domain. */
export function assertCompanyUser(caller: AuthContext, domain: string | null): void {
  if (!isCompanyEmail(caller.user.email, domain)) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.companyOnly);
}

export class AdminUsersService {
  constructor(
    private readonly repo: AdminUsersRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(query: PageQuery): Promise<ListEnvelope<AdminUserSummary>> {
    const { total, rows } = await this.repo.list(query.search, query.page, query.limit);
    return {
      success: true,
      data: rows.map((r) => ({
        _id: r.id,
        id: r.id,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        verified: r.emailVerifiedAt !== null,
        businessCount: Number(r.businessCount),
        createdAt: r.createdAt.toISOString(),
      })),
      pagination: makePagination(total, query.page, query.limit),
    };
  }

  async get(id: string): Promise<AdminUserDetail> {
    const user = await this.repo.find(id);
    if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    const [memberships, activeSessions] = await Promise.all([
      this.repo.membershipsOf(id),
      this.repo.activeSessionCount(id, this.now()),
    ]);
    return {
      _id: user.id,
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      verified: user.emailVerifiedAt !== null,
      businessCount: memberships.length,
      createdAt: user.createdAt.toISOString(),
      phoneNumber: user.phoneNumber,
      city: user.city,
      country: user.country,
      industry: user.industry,
      hasGoogle: user.googleSub !== null,
      memberships: memberships.map((m) => ({
        businessId: m.businessId,
        businessName: m.businessName,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
      activeSessions,
    };
  }
}
