import type { Deps } from '../../lib/deps';
import type { MemberRole, User } from '@atrium/contracts';
import { AppError } from '../../lib/errors';
import type { UserRecord, UsersRepository } from './users.repository';

export interface CurrentBusiness {
  id: string;
  name: string;
  type: string | null;
}

/** The contracts' user: the person plus their role in, and the name of, the current business. */
export function toUserDto(user: UserRecord, business: CurrentBusiness, role: MemberRole): User {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    businessId: business.id,
    businessName: business.name,
    businessType: business.type,
    accountType: 'business',
    profilePicture: user.profilePicture,
    picture: user.profilePicture,
    phoneNumber: user.phoneNumber,
    city: user.city,
    state: user.state,
    country: user.country,
    industry: user.industry,
    createdAt: user.createdAt.toISOString(),
  };
}

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly deps?: Deps,
  ) {}

  async me(userId: string, businessId: string): Promise<User> {
    const row = await this.repo.findWithMembership(userId, businessId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return toUserDto(row.user, row.business, row.role);
  }
}
