import { IMAGE_MESSAGES, type User } from '@atrium/contracts';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { CheckedImage } from '../../lib/images';
import type { BusinessesService } from '../businesses/businesses.service';
import type { UsersService } from '../users/users.service';
import type { ImagesRepository } from './images.repository';
import { BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin/schemas';

type Caller = Pick<AuthContext, 'userId' | 'businessId'>;
export interface StoredImage {
  mime: string;
  bytes: Buffer;
}

/**
 * Business logos and profile pictures: who may change or see them (the businesses service's membership rules),
 * and the answers (the business or the user as they are after the change). The bytes were checked by the route
 * (lib/images.ts) before any of this runs.
 */
export class ImagesService {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly businesses: Pick<BusinessesService, 'requireManager' | 'requireRole' | 'dto'>,
    private readonly users: Pick<UsersService, 'me'>,
  ) {}

  /** Owner or admin; answers the business with its new logo URL. */
  async setBusinessLogo(caller: Caller, businessId: string, image: CheckedImage): Promise<Business> {
    await this.businesses.requireManager(businessId, caller.userId);
    await this.repo.setBusinessLogo(businessId, image);
    return this.businesses.dto(businessId);
  }

  /** Checked before the upload is read: a caller who may not change the logo sends no bytes to the server. */
  async assertMayChangeLogo(caller: Caller, businessId: string): Promise<void> {
    await this.businesses.requireManager(businessId, caller.userId);
  }

  async deleteBusinessLogo(caller: Caller, businessId: string): Promise<Business> {
    await this.businesses.requireManager(businessId, caller.userId);
    await this.repo.deleteBusinessLogo(businessId);
    return this.businesses.dto(businessId);
  }

  /** Members only (404 otherwise, as for the business itself); 404 when there is no logo. */
  async businessLogo(caller: Caller, businessId: string): Promise<StoredImage> {
    await this.businesses.requireRole(businessId, caller.userId);
    const logo = await this.repo.businessLogo(businessId);
    if (!logo) throw new AppError('NOT_FOUND', BUSINESS_MESSAGES.logoNotFound);
    return logo;
  }

  async setUserPicture(caller: Caller, image: CheckedImage): Promise<User> {
    await this.repo.setUserPicture(caller.userId, image);
    return this.users.me(caller.userId, caller.businessId);
  }

  async deleteUserPicture(caller: Caller): Promise<User> {
    await this.repo.deleteUserPicture(caller.userId);
    return this.users.me(caller.userId, caller.businessId);
  }

  /** Any signed-in user sees any user's picture; 404 when there is none. */
  async userPicture(userId: string): Promise<StoredImage> {
    const picture = await this.repo.userPicture(userId);
    if (!picture) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.pictureNotFound);
    return picture;
  }
}
