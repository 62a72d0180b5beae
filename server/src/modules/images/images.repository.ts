import { and, eq } from 'drizzle-orm';
import { API_ROOT } from '@atrium/contracts';
import type { Database, Executor } from '../../db/client';
import { images } from '../../db/schema';
import type { CheckedImage } from '../../lib/images';

/** Where a user's picture is served; `v` changes with every upload so caches never go stale. */
export const pictureUrl = (userId: string, version: string) =>
  `${API_ROOT}/users/${encodeURIComponent(userId)}/picture/medium?v=${encodeURIComponent(version)}`;

export class ImagesRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction (an image stored and the business or user pointed at it, together). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Replaces the business's logo; answers the new image's id. */
  async replaceBusinessLogo(businessId: string, image: CheckedImage, tx: Executor): Promise<string> {
    await tx.delete(images).where(eq(images.businessId, businessId));
    const [row] = await tx
      .insert(images)
      .values({ kind: 'business_logo', businessId, mime: image.mime, bytes: image.bytes, size: image.bytes.length })
      .returning({ id: images.id });
    return row!.id;
  }

  /** False when there was no logo. */
  async deleteBusinessLogo(businessId: string, tx: Executor): Promise<boolean> {
    const deleted = await tx.delete(images).where(eq(images.businessId, businessId)).returning({ id: images.id });
    return deleted.length > 0;
  }

  async businessLogo(businessId: string) {
    const [row] = await this.db
      .select({ mime: images.mime, bytes: images.bytes })
      .from(images)
      .where(and(eq(images.kind, 'business_logo'), eq(images.businessId, businessId)))
      .limit(1);
    return row ?? null;
  }

  /** Replaces the user's picture; answers the new image's id. */
  async replaceUserPicture(userId: string, image: CheckedImage, tx: Executor): Promise<string> {
    await tx.delete(images).where(eq(images.userId, userId));
    const [row] = await tx
      .insert(images)
      .values({ kind: 'user_picture', userId, mime: image.mime, bytes: image.bytes, size: image.bytes.length })
      .returning({ id: images.id });
    return row!.id;
  }

  async deleteUserPicture(userId: string, tx: Executor): Promise<boolean> {
    const deleted = await tx.delete(images).where(eq(images.userId, userId)).returning({ id: images.id });
    return deleted.length > 0;
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
