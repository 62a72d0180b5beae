import { and, eq, sql } from 'drizzle-orm';
import { API_ROOT } from '@atrium/contracts';
import type { Database } from '../../db/client';
import { businesses, images, users } from '../../db/schema';
import type { CheckedImage } from '../../lib/images';
import { logoUrl } from '../businesses/businesses.service';

/** Where a user's picture is served; `v` changes with every upload so caches never go stale. */
export const pictureUrl = (userId: string, version: string) =>
  `${API_ROOT}/users/${encodeURIComponent(userId)}/picture/medium?v=${encodeURIComponent(version)}`;

export class ImagesRepository {
  constructor(private readonly db: Database) {}

  /** Replaces the business's logo and points businesses.logo at it, in one transaction. */
  async setBusinessLogo(businessId: string, image: CheckedImage): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(images).where(eq(images.businessId, businessId));
      const [row] = await tx
        .insert(images)
        .values({ kind: 'business_logo', businessId, mime: image.mime, bytes: image.bytes, size: image.bytes.length })
        .returning({ id: images.id });
      await tx
        .update(businesses)
        .set({ logo: logoUrl(businessId, row!.id.slice(0, 8)), updatedAt: sql`now()` })
        .where(eq(businesses.id, businessId));
    });
  }

  /** False when there was no logo. */
  async deleteBusinessLogo(businessId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = await tx.delete(images).where(eq(images.businessId, businessId)).returning({ id: images.id });
      await tx
        .update(businesses)
        .set({ logo: null, updatedAt: sql`now()` })
        .where(eq(businesses.id, businessId));
      return deleted.length > 0;
    });
  }

  async businessLogo(businessId: string) {
    const [row] = await this.db
      .select({ mime: images.mime, bytes: images.bytes })
      .from(images)
      .where(and(eq(images.kind, 'business_logo'), eq(images.businessId, businessId)))
      .limit(1);
    return row ?? null;
  }

  /** Replaces the user's picture and points users.profile_picture at it, in one transaction. */
  async setUserPicture(userId: string, image: CheckedImage): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(images).where(eq(images.userId, userId));
      const [row] = await tx
        .insert(images)
        .values({ kind: 'user_picture', userId, mime: image.mime, bytes: image.bytes, size: image.bytes.length })
        .returning({ id: images.id });
      await tx
        .update(users)
        .set({ profilePicture: pictureUrl(userId, row!.id.slice(0, 8)), updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    });
  }

  async deleteUserPicture(userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = await tx.delete(images).where(eq(images.userId, userId)).returning({ id: images.id });
      await tx
        .update(users)
        .set({ profilePicture: null, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return deleted.length > 0;
    });
  }

  async userPicture(userId: string) {
    const [row] = await this.db
      .select({ mime: images.mime, bytes: images.bytes })
      .from(images)
      .where(and(eq(images.kind, 'user_picture'), eq(images.userId, userId)))
      .limit(1);
    return row ?? null;
  }
}
