import { IMAGE_MESSAGES, type User } from '@atrium/contracts';
import { BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin/schemas';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { CheckedImage } from '../../lib/images';
import { logoUrl, type BusinessesService } from '../businesses/businesses.service';
import type { UsersService } from '../users/users.service';
import { pictureUrl, type ImagesRepository } from './images.repository';

type Caller = Pick<AuthContext, 'userId' | 'businessId'>;
export interface StoredImage {
  mime: string;
  bytes: Buffer;
}

/**
 * Business logos and profile pictures: who may change or see them (the businesses service's membership rules),
 * and the answers (the business or the user as they are after the change). The images module stores only the
 * `images` table; the business's `logo` and the user's `profile_picture` URLs are set through the businesses and
 * users services, in the same transaction. The bytes were checked by the route (lib/images.ts) before any of this.
 */
export class ImagesService {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly businesses: Pick<BusinessesService, 'requireManager' | 'requireRole' | 'dto' | 'setLogo'>,
    private readonly users: Pick<UsersService, 'me' | 'setProfilePicture'>,
  ) {}

  /** Owner or admin; answers the business with its new logo URL. */
  async setBusinessLogo(caller: Caller, businessId: string, image: CheckedImage): Promise<Business> {
    await this.businesses.requireManager(businessId, caller.userId);
    await this.repo.transaction(async (tx) => {
      const id = await this.repo.replaceBusinessLogo(businessId, image, tx);
      await this.businesses.setLogo(businessId, logoUrl(businessId, id.slice(0, 8)), tx);
    });
    return this.businesses.dto(businessId);
  }

  /** Checked before the upload is read: a caller who may not change the logo sends no bytes to the server. */
  async assertMayChangeLogo(caller: Caller, businessId: string): Promise<void> {
    await this.businesses.requireManager(businessId, caller.userId);
  }

  async deleteBusinessLogo(caller: Caller, businessId: string): Promise<Business> {
    await this.businesses.requireManager(businessId, caller.userId);
    await this.repo.transaction(async (tx) => {
      await this.repo.deleteBusinessLogo(businessId, tx);
      await this.businesses.setLogo(businessId, null, tx);
    });
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
    await this.repo.transaction(async (tx) => {
      const id = await this.repo.replaceUserPicture(caller.userId, image, tx);
      await this.users.setProfilePicture(caller.userId, pictureUrl(caller.userId, id.slice(0, 8)), tx);
    });
    return this.users.me(caller.userId, caller.businessId);
  }

  async deleteUserPicture(caller: Caller): Promise<User> {
    await this.repo.transaction(async (tx) => {
      await this.repo.deleteUserPicture(caller.userId, tx);
      await this.users.setProfilePicture(caller.userId, null, tx);
    });
    return this.users.me(caller.userId, caller.businessId);
  }

  /** Any signed-in user sees any user's picture; 404 when there is none. */
  async userPicture(userId: string): Promise<StoredImage> {
    const picture = await this.repo.userPicture(userId);
    if (!picture) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.pictureNotFound);
    return picture;
  }
}
