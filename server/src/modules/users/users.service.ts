import type * as z from 'zod';
import { type MemberRole, type User } from '@atrium/contracts';
import { type PublicProfile, type updateProfileSchema } from '@atrium/domain-identity/schemas';
import { AppError } from '../../lib/errors';
import type { Executor } from '../../db/client';
import type { ProfileChanges, UserRecord, UsersRepository } from './users.repository';

export type ProfileUpdate = z.output<typeof updateProfileSchema>;

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
  constructor(private readonly repo: UsersRepository) {}

  async me(userId: string, businessId: string): Promise<User> {
    const row = await this.repo.findWithMembership(userId, businessId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return toUserDto(row.user, row.business, row.role);
  }

  /** Applies the given profile fields (an empty optional text clears the field) and answers the updated user. */
  /** The picture URL the images module stored a picture under (null: none); inside its transaction. */
  setProfilePicture(userId: string, url: string | null, tx?: Executor): Promise<void> {
    return this.repo.setProfilePicture(userId, url, tx);
  }

  async updateProfile(userId: string, businessId: string, input: ProfileUpdate): Promise<User> {
    const changes: ProfileChanges = {};
    for (const [key, value] of Object.entries(input) as [keyof ProfileChanges, string | null | undefined][]) {
      if (value === undefined) continue;
      if (key === 'firstName' || key === 'lastName') {
        if (value) changes[key] = value;
      } else changes[key] = value === '' ? null : value;
    }
    await this.repo.updateProfile(userId, changes);
    return this.me(userId, businessId);
  }

  async publicProfile(userId: string): Promise<PublicProfile> {
    const row = await this.repo.findPublic(userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return {
      _id: row.id,
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      industry: row.industry,
      city: row.city,
      country: row.country,
      hasPicture: row.profilePicture !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
