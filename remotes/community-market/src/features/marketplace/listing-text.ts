import { CATEGORY_LABELS, type ListingCategory } from '@atrium/domain-market';

/** A category's label (the value itself when unknown). */
export function categoryLabel(value: string): string {
  return CATEGORY_LABELS[value as ListingCategory] ?? value;
}

/** What a listing image may be (the server checks the bytes too: the images module's 2 MB and types). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
