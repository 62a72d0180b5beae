// Only what the browser's shared zod exports (contracts/src/zod-browser.ts): no strictObject, no z.email.
import * as z from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, paginationSchema } from '@atrium/contracts';
import { requiredText } from './required-text';

/*
 * The marketplace (issue #20 §3–4): listings of services and products, each in a community (its visibility is the
 * community's: a private community's listings, reviews and images answer 404 to non-members); purchases through a
 * Stripe Checkout Session on the seller's business's connected account; reviews after a completed purchase (one
 * per purchase), answered by the seller, reported by anyone who sees them, hidden and restored by the listing's
 * community's owner and moderators. docs/requirements.md "Marketplace: decisions where the spec is silent".
 *
 * Money is an integer in the currency's minor units (cents): `price: 4900` in USD is 49.00 USD.
 */

export const LISTING_TITLE_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 5000;
/** 1.00 in minor units: the smallest price (above Stripe's minimum charge in every currency offered). */
export const LISTING_PRICE_MIN = 100;
/** 999,999.99: Stripe Checkout's largest amount for one payment in these currencies; more is refused as absurd. */
export const LISTING_PRICE_MAX = 99_999_999;
export const LISTING_IMAGES_MAX = 8;
export const LISTING_PAGE_SIZE = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_ANSWER_MAX = 2000;
export const REPORT_REASON_MAX = 500;

/** Two-decimal currencies only (the price's minor units are cents in each). */
export const MARKET_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'NZD'] as const;
export type MarketCurrency = (typeof MARKET_CURRENCIES)[number];
export const LISTING_CATEGORIES = [
  'consulting',
  'design',
  'development',
  'marketing',
  'writing',
  'finance',
  'legal',
  'training',
  'equipment',
  'software',
  'other',
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  consulting: 'Consulting',
  design: 'Design',
  development: 'Development',
  marketing: 'Marketing',
  writing: 'Writing',
  finance: 'Finance',
  legal: 'Legal',
  training: 'Training',
  equipment: 'Equipment',
  software: 'Software',
  other: 'Other',
};
/** The categories as a Select's options, in order. */
export const LISTING_CATEGORY_OPTIONS = LISTING_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
/** The currencies a listing may be priced in (the same list, under the name the pages use). */
export const LISTING_CURRENCIES = MARKET_CURRENCIES;
/** Listing images: the images module's types and size (2 MB), checked by their bytes on the server. */
export const LISTING_IMAGE_TYPES = IMAGE_MIME_TYPES;
export const LISTING_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const LISTING_DELIVERIES = ['service', 'product'] as const;
export type ListingDelivery = (typeof LISTING_DELIVERIES)[number];
/** active: listed and for sale; paused: seen by its seller only, not for sale; archived: deleted (kept for its sales). */
export const LISTING_STATUSES = ['active', 'paused', 'archived'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/** pending: Checkout started; paid; refunded (in full); disputed (the buyer's bank); expired: the session ended unpaid. */
export const TRANSACTION_STATUSES = ['pending', 'paid', 'refunded', 'disputed', 'expired'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const REVIEW_STATUSES = ['visible', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Texts the marketplace pages and the server share (toasts and refusals), spelled once. */
export const MARKET_MESSAGES = {
  listingCreated: 'Listing created successfully',
  listingUpdated: 'Listing updated successfully',
  listingDeleted: 'Listing deleted',
  listingNotFound: 'Listing not found',
  imageNotFound: 'Image not found',
  imageUploaded: 'Image added',
  imageRemoved: 'Image removed',
  invalidImageFormat: 'Images must be PNG, JPEG, WebP or GIF',
  tooManyImages: `A listing has at most ${LISTING_IMAGES_MAX} images`,
  sellerOnly: 'Only the seller can do this',
  membersOnly: 'Join the community first',
  priceTooLow: 'Price must be at least 1.00',
  priceTooHigh: 'Price must be at most 999,999.99',
  priceWhole: 'Price must be a whole number of cents',
  currencyUnsupported: 'Choose one of the offered currencies',
  ownListing: 'You cannot buy your own listing',
  notForSale: 'This listing is not for sale',
  /** The seller was removed from (or left) the listing's community (409). */
  sellerLeftCommunity: 'This listing is not for sale: its seller is no longer a member of its community',
  /** The seller no longer belongs to the business whose Stripe account the listing charges (409). */
  sellerLeftBusiness: 'This listing is not for sale: its seller no longer belongs to the selling business',
  /** Stripe is not configured on this installation (503). */
  paymentsNotSetUp: 'Payments are not set up on this installation',
  /** The seller's business has no connected Stripe account that takes cards (503). */
  sellerNotSetUp: 'The seller has not set up card payments yet',
  stripeUnavailable: 'Stripe is not answering right now. Please try again in a moment.',
  transactionNotFound: 'Transaction not found',
  reviewNotFound: 'Review not found',
  reviewCreated: 'Thank you for your review',
  reviewNeedsPurchase: 'You can review a listing only after a completed purchase',
  reviewExists: 'You already reviewed this purchase',
  answerSaved: 'Your answer was published',
  reported: 'Thank you — the moderators will look at this review',
  alreadyReported: 'You already reported this review',
  hidden: 'Review hidden',
  restored: 'Review restored',
  moderatorsOnly: 'Only the community’s owner and moderators can do this',
  /** A moderator who is the listing's seller or the review's author (403). */
  notOwnReviews: 'You cannot hide or restore a review of your own listing or your own review',
  emptyText: 'Write something first',
} as const;

/** A price in minor units: a whole number from LISTING_PRICE_MIN to LISTING_PRICE_MAX. */
export const priceSchema = z.coerce
  .number({ error: 'Price is required' })
  .int(MARKET_MESSAGES.priceWhole)
  .min(LISTING_PRICE_MIN, MARKET_MESSAGES.priceTooLow)
  .max(LISTING_PRICE_MAX, MARKET_MESSAGES.priceTooHigh);
export const currencySchema = z.enum(MARKET_CURRENCIES, { error: MARKET_MESSAGES.currencyUnsupported });

/** POST /marketplace/listings. */
export const listingInputSchema = z.object({
  communityId: z.string({ error: 'Community is required' }).trim().min(1, 'Community is required').max(100),
  title: requiredText(LISTING_TITLE_MAX, 'Title'),
  description: z.string().trim().max(LISTING_DESCRIPTION_MAX).default(''),
  price: priceSchema,
  currency: currencySchema.default('USD'),
  category: z.enum(LISTING_CATEGORIES, { error: 'Choose a category' }),
  delivery: z.enum(LISTING_DELIVERIES, { error: 'Choose service or product' }),
  status: z.enum(['active', 'paused']).default('active'),
});
export type ListingInput = z.input<typeof listingInputSchema>;
/** PUT /marketplace/listings/{id}: any of the fields (the community stays). */
export const listingUpdateSchema = z.object({
  title: requiredText(LISTING_TITLE_MAX, 'Title').optional(),
  description: z.string().trim().max(LISTING_DESCRIPTION_MAX).optional(),
  price: priceSchema.optional(),
  currency: currencySchema.optional(),
  category: z.enum(LISTING_CATEGORIES).optional(),
  delivery: z.enum(LISTING_DELIVERIES).optional(),
  status: z.enum(['active', 'paused']).optional(),
});
export type ListingUpdate = z.input<typeof listingUpdateSchema>;

/** GET /marketplace/listings: search (active listings the caller may see). Prices in minor units. */
export const listingSearchSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    category: z.enum(LISTING_CATEGORIES).optional(),
    delivery: z.enum(LISTING_DELIVERIES).optional(),
    currency: currencySchema.optional(),
    minPrice: z.coerce.number().int().min(0).max(LISTING_PRICE_MAX).optional(),
    maxPrice: z.coerce.number().int().min(0).max(LISTING_PRICE_MAX).optional(),
    communityId: z.string().trim().min(1).max(100).optional(),
    sellerId: z.string().trim().min(1).max(100).optional(),
    sort: z.enum(LISTING_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(500).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(LISTING_PAGE_SIZE),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    path: ['maxPrice'],
    message: 'The highest price must not be below the lowest',
  });
export interface ListingSearch {
  q?: string;
  category?: ListingCategory;
  delivery?: ListingDelivery;
  currency?: MarketCurrency;
  minPrice?: number;
  maxPrice?: number;
  communityId?: string;
  sellerId?: string;
  sort?: ListingSort;
  page?: number;
  limit?: number;
}
/** GET /marketplace/listings/mine: the caller's own listings (every status but archived unless asked). */
export const myListingsQuerySchema = z.object({
  status: z.enum(LISTING_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LISTING_PAGE_SIZE),
});
export interface MyListingsQuery {
  status?: ListingStatus;
  page?: number;
  limit?: number;
}

export const listingImageSchema = z.object({
  _id: z.string(),
  /** Where the bytes are served (an <img> src, with the session cookie). */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const ratingSummarySchema = z.object({
  /** Mean of the visible reviews' ratings, one decimal; null without any. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** Whether the caller can buy now, and the plain reason when not (the Buy button shows it, disabled). */
export const checkoutAvailabilitySchema = z.object({
  available: z.boolean(),
  message: z.string().nullable(),
});

/** A listing in search results and "my listings". */
export const listingSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  price: z.number().int(),
  currency: z.string(),
  category: z.enum(LISTING_CATEGORIES),
  delivery: z.enum(LISTING_DELIVERIES),
  status: z.enum(LISTING_STATUSES),
  communityId: z.string(),
  communityName: z.string(),
  sellerId: z.string().nullable(),
  sellerName: z.string(),
  /** The first image's URL, or null. */
  imageUrl: z.string().nullable(),
  rating: ratingSummarySchema,
  createdAt: z.string(),
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

/** GET /marketplace/listings/{id}. */
export const listingSchema = listingSummarySchema.extend({
  description: z.string(),
  images: z.array(listingImageSchema),
  /** The caller is the seller (edit, images, delete). */
  mine: z.boolean(),
  checkout: checkoutAvailabilitySchema,
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export const checkoutAnswerSchema = z.object({
  /** Stripe's hosted Checkout page: the browser goes there. */
  url: z.string(),
  transactionId: z.string(),
  sessionId: z.string(),
});
export type MarketCheckout = z.infer<typeof checkoutAnswerSchema>;

export const receiptSchema = z.object({
  /** 'MP-' and the transaction's first eight characters, upper case. */
  number: z.string(),
  issuedAt: z.string(),
  sellerName: z.string(),
  sellerBusinessName: z.string(),
  buyerName: z.string(),
  description: z.string(),
  amount: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A purchase (for its buyer) or a sale (for its seller): GET /marketplace/transactions/{id} and the lists. */
export const transactionSchema = z.object({
  _id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  delivery: z.enum(LISTING_DELIVERIES),
  sellerId: z.string().nullable(),
  sellerName: z.string(),
  buyerId: z.string().nullable(),
  buyerName: z.string(),
  amount: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The caller's side of it. */
  role: z.enum(['buyer', 'seller']),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Once paid (null before). */
  receipt: receiptSchema.nullable(),
  /** The buyer's review of this purchase, if any. */
  reviewId: z.string().nullable(),
  /** The caller is the buyer, the purchase was completed and not reviewed yet. */
  canReview: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LISTING_PAGE_SIZE),
});
export interface TransactionListQuery {
  status?: TransactionStatus;
  page?: number;
  limit?: number;
}

/** POST /marketplace/transactions/{id}/review. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, `Review must be at most ${REVIEW_TEXT_MAX} characters`).default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export const reviewAnswerInputSchema = z.object({ text: requiredText(REVIEW_ANSWER_MAX, 'Answer') });
export const reportInputSchema = z.object({ reason: requiredText(REPORT_REASON_MAX, 'Reason') });

export const reviewSchema = z.object({
  _id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  transactionId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  sellerId: z.string().nullable(),
  rating: z.number().int(),
  text: z.string(),
  /** The seller's answer, or null. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  reportCount: z.number().int(),
  reportedByMe: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
/** A review in the moderation list: with its community and the open reports' reasons. */
export const moderationReviewSchema = reviewSchema.extend({
  communityId: z.string(),
  communityName: z.string(),
  reports: z.array(z.object({ reason: z.string(), reporterName: z.string(), createdAt: z.string() })),
  /** The caller may hide / restore it: false on a review of their own listing or their own review (the server's 403). */
  canModerate: z.boolean(),
});
export type ModerationReview = z.infer<typeof moderationReviewSchema>;
/** GET /marketplace/reviews/moderation: reported (visible, reported at least once) or hidden. */
export const moderationQuerySchema = z.object({
  status: z.enum(['reported', 'hidden']).default('reported'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LISTING_PAGE_SIZE),
});
export interface ModerationQuery {
  status?: 'reported' | 'hidden';
  page?: number;
  limit?: number;
}
export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LISTING_PAGE_SIZE),
});

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
export const listingAnswerSchema = ok(listingSchema);
export const listingListAnswerSchema = paged(listingSummarySchema);
export const listingImageAnswerSchema = ok(listingImageSchema);
export const listingImageListAnswerSchema = ok(z.array(listingImageSchema));
export const marketCheckoutAnswerSchema = ok(checkoutAnswerSchema);
export const transactionAnswerSchema = ok(transactionSchema);
export const transactionListAnswerSchema = paged(transactionSchema);
export const reviewAnswerSchema = ok(reviewSchema);
export const reviewListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(reviewSchema),
  pagination: paginationSchema,
  rating: ratingSummarySchema,
});
export const moderationListAnswerSchema = paged(moderationReviewSchema);
export type ListingList = z.infer<typeof listingListAnswerSchema>;
export type TransactionList = z.infer<typeof transactionListAnswerSchema>;
export type ReviewList = z.infer<typeof reviewListAnswerSchema>;
export type ModerationList = z.infer<typeof moderationListAnswerSchema>;

/** Minor units as the decimal a form shows ('49.00'). */
export function minorToPrice(minor: number): string {
  return (minor / 100).toFixed(2);
}
/** A form's decimal ('49', '49.9', '49.90') as minor units; NaN when it is not a price with at most two decimals. */
export function priceToMinor(text: string): number {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
/** '49.00 USD' style, in the browser's locale when given. */
export function formatPrice(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
