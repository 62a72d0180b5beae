import { API_ROOT, makePagination, type Pagination } from '@atrium/contracts';
import {
  MARKET_MESSAGES as M,
  type Listing,
  type ListingImage,
  type ListingSummary,
  type MarketCheckout,
  type ModerationReview,
  type RatingSummary,
  type Review,
  type Transaction,
} from '@atrium/domain-market/schemas';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { CheckedImage } from '../../lib/images';
import { cleanText } from '../communities/communities.service';
import type { StripeCharge, StripeCheckoutSession, StripeEvent, StripeGateway } from '../stripe/stripe.gateway';
import type { StripeService } from '../stripe/stripe.service';
import type { PeopleService } from '../people/people.service';
import type {
  CommunityAccess,
  ListingImageRow,
  ListingView,
  MarketplaceRepository,
  ReviewView,
  SearchParams,
  TransactionRow,
} from './marketplace.repository';

type Caller = Pick<AuthContext, 'userId' | 'businessId'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const enc = encodeURIComponent;
const notFound = () => new AppError('NOT_FOUND', M.listingNotFound);

/** The metadata kind that marks a Checkout Session (and its payment intent) as a marketplace purchase. */
export const MARKET_METADATA_KIND = 'marketplace';

/** What handling a Stripe event did (payments' outcomes; stored on its stripe_events row). */
export type MarketEventOutcome =
  'applied' | 'held' | 'already_applied' | 'awaiting_async' | 'account_mismatch' | 'no_change';

function rating(sum: number, n: number): RatingSummary {
  return { average: n > 0 ? Math.round((sum / n) * 10) / 10 : null, count: n };
}

function requireText(text: string, field: string): string {
  const clean = cleanText(text);
  if (!clean) throw new AppError('VALIDATION_ERROR', M.emptyText, [{ field, message: M.emptyText }]);
  return clean;
}

export const listingImageUrl = (listingId: string, imageId: string) =>
  `${API_ROOT}/marketplace/listings/${enc(listingId)}/images/${enc(imageId)}`;

interface ListingFields {
  title?: string;
  description?: string;
  price?: number;
  currency?: string;
  category?: string;
  delivery?: 'service' | 'product';
  status?: 'active' | 'paused';
}

/**
 * The marketplace (issue #20 §3–4). A listing is in a community and takes its visibility: a private community's
 * listings, their images and reviews answer 404 to anyone who is not an active member. Listing needs active
 * membership; only the seller edits, deletes (archives) and adds images. Buying makes a Checkout Session on the
 * seller's business's connected Stripe account (payments' way); only the verified webhook (payments' endpoint, each
 * event once, `applyStripeEvent` in its transaction) marks a purchase paid, refunded or disputed. Reviews: the buyer
 * of a completed purchase, once; the seller answers; anyone who sees a review reports it once; the listing's
 * community's owner and moderators hide and restore.
 */
export class MarketplaceService {
  constructor(
    private readonly repo: MarketplaceRepository,
    private readonly deps: {
      config: Pick<Config, 'appUrl'>;
      gateway: StripeGateway | null;
      stripe: Pick<StripeService, 'chargeAccount'>;
      /** People's blocks: a listing or review of someone either side blocked is not shown. */
      people: Pick<PeopleService, 'blockedEitherWay'>;
      log?: (err: unknown, msg: string) => void;
    },
  ) {}

  // ---- access ----

  /** The community of a listing when the caller may read it (404 as if absent otherwise). */
  private async readableCommunity(caller: Caller, communityId: string): Promise<CommunityAccess> {
    const access = await this.repo.communityAccess(communityId, caller.userId);
    if (!access || (access.visibility === 'private' && !access.active)) throw notFound();
    return access;
  }

  /**
   * A listing the caller may see: active, or any but archived for its seller. The seller always sees (and so may
   * pause, edit, delete) their own listing, even after leaving or being removed from its private community.
   */
  private async readable(caller: Caller, id: string) {
    const listing = await this.repo.listing(id);
    if (!listing || listing.status === 'archived') throw notFound();
    if (listing.sellerId === caller.userId) return { listing };
    if (listing.status !== 'active') throw notFound();
    await this.readableCommunity(caller, listing.communityId);
    // A listing whose seller blocked the caller, or whom the caller blocked, is as if absent (as in search).
    if (listing.sellerId && (await this.deps.people.blockedEitherWay(caller.userId, listing.sellerId)))
      throw notFound();
    return { listing };
  }

  /**
   * Why nobody can buy the listing now because of its seller, or null: the seller is no longer an active member of
   * the listing's community, or no longer belongs to the business whose Stripe account would be charged.
   */
  private async sellerStanding(row: ListingView): Promise<string | null> {
    if (!row.sellerId || !row.businessId || !(await this.repo.isBusinessMember(row.businessId, row.sellerId)))
      return M.sellerLeftBusiness;
    const access = await this.repo.communityAccess(row.communityId, row.sellerId);
    if (!access?.active) return M.sellerLeftCommunity;
    return null;
  }

  private async ownListing(caller: Caller, id: string) {
    const loaded = await this.readable(caller, id);
    if (loaded.listing.sellerId !== caller.userId) throw new AppError('FORBIDDEN', M.sellerOnly);
    return loaded;
  }

  // ---- listings ----

  private summary(row: ListingView): ListingSummary {
    return {
      _id: row.id,
      title: row.title,
      price: row.price,
      currency: row.currency,
      category: row.category as ListingSummary['category'],
      delivery: row.delivery,
      status: row.status,
      communityId: row.communityId,
      communityName: row.communityName,
      sellerId: row.sellerId,
      sellerName: row.sellerName,
      imageUrl: row.firstImageId ? listingImageUrl(row.id, row.firstImageId) : null,
      rating: rating(row.ratingSum, row.ratingCount),
      createdAt: row.createdAt.toISOString(),
    };
  }

  private image(row: ListingImageRow): ListingImage {
    return {
      _id: row.id,
      url: listingImageUrl(row.listingId, row.id),
      mime: row.mime,
      size: row.size,
      position: row.position,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Whether the caller could buy now, and why not in plain words. */
  private async availability(caller: Caller, row: ListingView): Promise<Listing['checkout']> {
    if (row.sellerId === caller.userId) return { available: false, message: M.ownListing };
    if (row.status !== 'active') return { available: false, message: M.notForSale };
    const standing = await this.sellerStanding(row);
    if (standing) return { available: false, message: standing };
    if (!this.deps.gateway) return { available: false, message: M.paymentsNotSetUp };
    if (!row.businessId || !(await this.deps.stripe.chargeAccount(row.businessId)))
      return { available: false, message: M.sellerNotSetUp };
    return { available: true, message: null };
  }

  private async full(caller: Caller, id: string): Promise<Listing> {
    const { listing } = await this.readable(caller, id);
    const [images, checkout] = await Promise.all([this.repo.images(id), this.availability(caller, listing)]);
    return {
      ...this.summary(listing),
      description: listing.description,
      images: images.map((i) => this.image(i)),
      mine: listing.sellerId === caller.userId,
      checkout,
      updatedAt: listing.updatedAt.toISOString(),
    };
  }

  get(caller: Caller, id: string): Promise<Listing> {
    return this.full(caller, id);
  }

  private clean(input: ListingFields) {
    const out: ListingFields & { searchText?: string } = { ...input };
    if (input.title !== undefined) out.title = requireText(input.title, 'title');
    if (input.description !== undefined) out.description = cleanText(input.description);
    return out;
  }

  private static searchText(title: string, description: string) {
    return `${title} ${description}`.toLowerCase();
  }

  async create(caller: Caller, input: ListingFields & { communityId: string }): Promise<Listing> {
    const community = await this.readableCommunity(caller, input.communityId);
    if (!community.active) throw new AppError('FORBIDDEN', M.membersOnly);
    const v = this.clean(input);
    const row = await this.repo.insertListing({
      communityId: community.id,
      businessId: caller.businessId,
      sellerId: caller.userId,
      title: v.title!,
      description: v.description ?? '',
      price: v.price!,
      currency: v.currency ?? 'USD',
      category: v.category!,
      delivery: v.delivery!,
      status: v.status ?? 'active',
      searchText: MarketplaceService.searchText(v.title!, v.description ?? ''),
    });
    return this.full(caller, row.id);
  }

  async update(caller: Caller, id: string, input: ListingFields): Promise<Listing> {
    const { listing } = await this.ownListing(caller, id);
    const v = this.clean(input);
    const title = v.title ?? listing.title;
    const description = v.description ?? listing.description;
    await this.repo.updateListing(id, { ...v, searchText: MarketplaceService.searchText(title, description) });
    return this.full(caller, id);
  }

  /** Archives the listing: out of search and not for sale; its sales and reviews stay. */
  async remove(caller: Caller, id: string): Promise<void> {
    await this.ownListing(caller, id);
    await this.repo.updateListing(id, { status: 'archived' });
  }

  async search(caller: Caller, params: SearchParams): Promise<{ data: ListingSummary[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.search(caller.userId, { ...params, q: params.q || undefined });
    return { data: rows.map((r) => this.summary(r)), pagination: makePagination(total, params.page, params.limit) };
  }

  async mine(caller: Caller, q: { status?: string; page: number; limit: number }) {
    const { rows, total } = await this.repo.mine(caller.userId, q.status, q.page, q.limit);
    return { data: rows.map((r) => this.summary(r)), pagination: makePagination(total, q.page, q.limit) };
  }

  // ---- images ----

  async assertMayChangeImages(caller: Caller, id: string): Promise<void> {
    await this.ownListing(caller, id);
  }

  async addImage(caller: Caller, id: string, image: CheckedImage, max: number): Promise<ListingImage> {
    await this.ownListing(caller, id);
    const row = await this.repo.addImage(id, image, max);
    if (!row) throw new AppError('CONFLICT', M.tooManyImages);
    await this.repo.updateListing(id, {});
    return this.image(row);
  }

  async images(caller: Caller, id: string): Promise<ListingImage[]> {
    await this.readable(caller, id);
    return (await this.repo.images(id)).map((i) => this.image(i));
  }

  async imageBytes(caller: Caller, id: string, imageId: string) {
    await this.readable(caller, id);
    const image = await this.repo.imageBytes(id, imageId);
    if (!image) throw new AppError('NOT_FOUND', M.imageNotFound);
    return image;
  }

  async removeImage(caller: Caller, id: string, imageId: string): Promise<void> {
    await this.ownListing(caller, id);
    if (!(await this.repo.removeImage(id, imageId))) throw new AppError('NOT_FOUND', M.imageNotFound);
  }

  // ---- purchases ----

  /**
   * A Checkout Session for the listing's price on the seller's business's connected account. 503 with a plain
   * message when Stripe is not configured here or the seller's business cannot take cards. The pending transaction
   * is written first (its id is the session's metadata and idempotency key) and removed if Stripe refuses.
   */
  async checkout(caller: Caller, id: string): Promise<MarketCheckout> {
    const { listing } = await this.readable(caller, id);
    if (listing.sellerId === caller.userId) throw new AppError('FORBIDDEN', M.ownListing);
    if (listing.status !== 'active') throw new AppError('CONFLICT', M.notForSale);
    const standing = await this.sellerStanding(listing);
    if (standing) throw new AppError('CONFLICT', standing);
    const gateway = this.deps.gateway;
    if (!gateway) throw new AppError('SERVICE_UNAVAILABLE', M.paymentsNotSetUp);
    const account = listing.businessId ? await this.deps.stripe.chargeAccount(listing.businessId) : null;
    if (!account) throw new AppError('SERVICE_UNAVAILABLE', M.sellerNotSetUp);
    const [buyerName, sellerBusinessName] = await Promise.all([
      this.repo.userName(caller.userId),
      this.repo.businessName(listing.businessId),
    ]);
    const tx = await this.repo.insertTransaction({
      listingId: listing.id,
      communityId: listing.communityId,
      sellerId: listing.sellerId,
      sellerBusinessId: listing.businessId,
      buyerId: caller.userId,
      listingTitle: listing.title,
      delivery: listing.delivery,
      sellerName: listing.sellerName,
      sellerBusinessName,
      buyerName,
      amount: listing.price,
      currency: listing.currency,
      status: 'pending',
      stripeAccountId: account.stripeAccountId,
    });
    const app = this.deps.config.appUrl;
    let session: StripeCheckoutSession;
    try {
      session = await gateway.createCheckoutSession(M.stripeUnavailable, {
        account: account.stripeAccountId,
        amount: listing.price,
        currency: listing.currency,
        productName: listing.title.slice(0, 250),
        successUrl: `${app}/dashboard/transaction/${enc(tx.id)}?checkout=success`,
        cancelUrl: `${app}/marketplace/listing/${enc(listing.id)}?checkout=canceled`,
        metadata: { kind: MARKET_METADATA_KIND, market_transaction: tx.id, listing: listing.id },
        idempotencyKey: `atrium-market-${tx.id}`,
      });
    } catch (err) {
      await this.repo.removeTransaction(tx.id);
      throw err;
    }
    if (!session.url) {
      await this.repo.removeTransaction(tx.id);
      throw new AppError('SERVICE_UNAVAILABLE', M.stripeUnavailable);
    }
    await this.repo.updateTransaction(tx.id, { stripeCheckoutSessionId: session.id });
    return { url: session.url, transactionId: tx.id, sessionId: session.id };
  }

  private transactionDto(row: TransactionRow & { reviewId: string | null }, userId: string): Transaction {
    const role = row.buyerId === userId ? 'buyer' : 'seller';
    const completed = row.paidAt !== null;
    return {
      _id: row.id,
      listingId: row.listingId,
      listingTitle: row.listingTitle,
      delivery: row.delivery,
      sellerId: row.sellerId,
      sellerName: row.sellerName,
      buyerId: row.buyerId,
      buyerName: row.buyerName,
      amount: row.amount,
      amountRefunded: row.amountRefunded,
      currency: row.currency,
      status: row.status,
      role,
      paidAt: iso(row.paidAt),
      refundedAt: iso(row.refundedAt),
      disputedAt: iso(row.disputedAt),
      createdAt: row.createdAt.toISOString(),
      receipt: completed
        ? {
            number: `MP-${row.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
            issuedAt: row.paidAt!.toISOString(),
            sellerName: row.sellerName,
            sellerBusinessName: row.sellerBusinessName,
            buyerName: row.buyerName,
            description: row.listingTitle,
            amount: row.amount,
            amountRefunded: row.amountRefunded,
            currency: row.currency,
          }
        : null,
      reviewId: row.reviewId,
      canReview: role === 'buyer' && completed && row.reviewId === null,
    };
  }

  async transactions(caller: Caller, side: 'buyer' | 'seller', q: { status?: string; page: number; limit: number }) {
    const { rows, total } = await this.repo.transactionsOf(side, caller.userId, q.status, q.page, q.limit);
    return {
      data: rows.map((r) => this.transactionDto(r, caller.userId)),
      pagination: makePagination(total, q.page, q.limit),
    };
  }

  /** The buyer's or the seller's; 404 for anyone else. */
  async transaction(caller: Caller, id: string): Promise<Transaction> {
    const row = await this.repo.transactionById(id);
    if (!row || (row.buyerId !== caller.userId && row.sellerId !== caller.userId))
      throw new AppError('NOT_FOUND', M.transactionNotFound);
    const review = await this.repo.reviewOfTransaction(id);
    return this.transactionDto({ ...row, reviewId: review?.id ?? null }, caller.userId);
  }

  // ---- the webhook (called by payments inside its event transaction) ----

  /**
   * A Stripe event of the Connect endpoint, if it is a marketplace purchase's: its outcome, else null (payments
   * handles it). Runs in payments' transaction after the event id was taken, so each event applies once.
   */
  async applyStripeEvent(event: StripeEvent, tx: Executor): Promise<MarketEventOutcome | null> {
    const account = event.account ?? null;
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = object as StripeCheckoutSession;
        const found = await this.sessionTransaction(session, tx);
        if (!found) return null;
        if (found.stripeAccountId !== account) return 'account_mismatch';
        const row = (await this.repo.transactionById(found.id, tx, true))!;
        if (!row.stripeCheckoutSessionId)
          await this.repo.updateTransaction(row.id, { stripeCheckoutSessionId: session.id }, tx);
        if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
          if (row.status !== 'pending') return 'no_change';
          await this.repo.updateTransaction(row.id, { status: 'expired' }, tx);
          return 'applied';
        }
        const intent = idOf(session.payment_intent);
        if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') {
          await this.repo.updateTransaction(row.id, { stripePaymentIntentId: intent }, tx);
          return 'awaiting_async';
        }
        if (row.status !== 'pending' && row.status !== 'expired') return 'already_applied';
        const paid = session.amount_total ?? 0;
        const currency = (session.currency ?? '').toUpperCase();
        if (paid !== row.amount || currency !== row.currency) {
          // Never counted as a sale for another sum: stays pending, logged for the seller's Stripe dashboard.
          await this.repo.updateTransaction(row.id, { stripePaymentIntentId: intent }, tx);
          this.deps.log?.(
            new Error(`paid ${paid} ${currency}, expected ${row.amount} ${row.currency}`),
            `market transaction ${row.id} held`,
          );
          return 'held';
        }
        await this.repo.updateTransaction(
          row.id,
          { status: 'paid', stripePaymentIntentId: intent, paidAt: new Date() },
          tx,
        );
        return 'applied';
      }
      case 'charge.refunded': {
        const charge = object as StripeCharge;
        const row = await this.byCharge(charge, account, tx);
        if (!row) return null;
        if (!row.paidAt && !row.stripePaymentIntentId) {
          // Stripe does not order deliveries: refuse (nothing kept) so the refund is delivered again after the payment.
          // A held purchase (its payment intent recorded, never counted as a sale) is settled for this bookkeeping.
          if (charge.metadata?.kind === MARKET_METADATA_KIND)
            throw new AppError('CONFLICT', 'The purchase is not settled yet');
          return 'no_change';
        }
        const refunded = Math.min(charge.amount_refunded, row.amount);
        if (refunded <= row.amountRefunded) return 'no_change';
        const full = refunded >= row.amount;
        await this.repo.updateTransaction(
          row.id,
          {
            amountRefunded: refunded,
            refundedAt: new Date(),
            ...(full && row.status !== 'disputed' ? { status: 'refunded' as const } : {}),
          },
          tx,
        );
        return 'applied';
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = object as { charge?: unknown; payment_intent?: unknown; status?: string };
        const intent = idOf(dispute.payment_intent as string | { id: string } | null);
        if (!account || !intent) return null;
        const found = await this.repo.transactionByIntent(account, intent, tx);
        if (!found) {
          // Before its payment intent is recorded: refused (nothing kept) so Stripe delivers it again, when the
          // (expanded) charge says it is a marketplace charge.
          const charge = dispute.charge as { metadata?: Record<string, string> } | string | null | undefined;
          if (typeof charge === 'object' && charge?.metadata?.kind === MARKET_METADATA_KIND)
            throw new AppError('CONFLICT', 'The purchase is not settled yet');
          return null;
        }
        // A held purchase (intent recorded, paidAt null) is settled for dispute bookkeeping too.
        const row = (await this.repo.transactionById(found.id, tx, true))!;
        if (event.type === 'charge.dispute.created') {
          if (row.status === 'disputed') return 'no_change';
          await this.repo.updateTransaction(row.id, { status: 'disputed', disputedAt: new Date() }, tx);
          return 'applied';
        }
        if (row.status !== 'disputed') return 'no_change';
        // Won: the money stays the seller's (paid, or refunded if it was refunded in full meanwhile); lost: disputed.
        if (dispute.status !== 'won') return 'no_change';
        await this.repo.updateTransaction(
          row.id,
          { status: row.amountRefunded >= row.amount ? 'refunded' : row.paidAt ? 'paid' : 'pending' },
          tx,
        );
        return 'applied';
      }
      default:
        return null;
    }
  }

  /**
   * The purchase of a Checkout Session: by its session id, else (the event arrived before checkout() wrote the id)
   * by the session's metadata.market_transaction when that purchase has no session id yet.
   */
  private async sessionTransaction(session: StripeCheckoutSession, tx: Executor) {
    const found = await this.repo.transactionBySession(session.id, tx);
    if (found) return found;
    const fromMetadata = session.metadata?.kind === MARKET_METADATA_KIND ? session.metadata.market_transaction : null;
    const row = fromMetadata ? await this.repo.transactionById(fromMetadata, tx) : null;
    return row && !row.stripeCheckoutSessionId ? row : null;
  }

  private async byCharge(charge: StripeCharge, account: string | null, tx: Executor) {
    const intent = idOf(charge.payment_intent);
    let found = account && intent ? await this.repo.transactionByIntent(account, intent, tx) : null;
    const fromMetadata = charge.metadata?.market_transaction;
    if (!found && fromMetadata) {
      const row = await this.repo.transactionById(fromMetadata, tx);
      found = row && row.stripeAccountId === account ? row : null;
    }
    return found ? this.repo.transactionById(found.id, tx, true) : null;
  }

  // ---- reviews ----

  private reviewDto(row: ReviewView): Review {
    return {
      _id: row.id,
      listingId: row.listingId,
      listingTitle: row.listingTitle,
      transactionId: row.transactionId,
      authorId: row.authorId,
      authorName: row.authorName,
      sellerId: row.sellerId,
      rating: row.rating,
      text: row.text,
      answer: row.answer,
      answeredAt: iso(row.answeredAt),
      status: row.status,
      reportCount: row.reportCount,
      reportedByMe: row.reportedByMe,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async reviewFor(caller: Caller, id: string): Promise<Review> {
    const row = await this.repo.review(id, caller.userId);
    if (!row) throw new AppError('NOT_FOUND', M.reviewNotFound);
    return this.reviewDto(row);
  }

  /**
   * The buyer's review of a completed purchase (paid once: paid, refunded or disputed since), once. 404 for a
   * transaction that is not the caller's purchase; 409 before payment and for a second review.
   */
  async createReview(caller: Caller, transactionId: string, input: { rating: number; text: string }): Promise<Review> {
    const row = await this.repo.transactionById(transactionId);
    if (!row || row.buyerId !== caller.userId) throw new AppError('NOT_FOUND', M.transactionNotFound);
    if (!row.paidAt) throw new AppError('CONFLICT', M.reviewNeedsPurchase);
    const text = cleanText(input.text);
    const created = await this.repo.transaction(async (tx) => {
      const review = await this.repo.insertReview(
        {
          transactionId,
          listingId: row.listingId,
          communityId: row.communityId,
          authorId: caller.userId,
          sellerId: row.sellerId,
          rating: input.rating,
          text,
        },
        tx,
      );
      if (!review) throw new AppError('CONFLICT', M.reviewExists);
      if (row.listingId) await this.repo.addRating(row.listingId, input.rating, 1, tx);
      return review;
    });
    return this.reviewFor(caller, created.id);
  }

  /** A review the caller may see: visible, in a community they may read, not by someone either blocked (404 otherwise). */
  private async visibleReview(caller: Caller, id: string) {
    const row = await this.repo.reviewRow(id);
    if (!row || row.status !== 'visible') throw new AppError('NOT_FOUND', M.reviewNotFound);
    if (
      row.authorId &&
      row.authorId !== caller.userId &&
      (await this.deps.people.blockedEitherWay(caller.userId, row.authorId))
    )
      throw new AppError('NOT_FOUND', M.reviewNotFound);
    // A deleted community's reviews (community_id set null) have no moderators: their author and the seller only.
    if (!row.communityId && row.authorId !== caller.userId && row.sellerId !== caller.userId)
      throw new AppError('NOT_FOUND', M.reviewNotFound);
    if (row.communityId) {
      const access = await this.repo.communityAccess(row.communityId, caller.userId);
      if (!access || (access.visibility === 'private' && !access.active))
        throw new AppError('NOT_FOUND', M.reviewNotFound);
    }
    return row;
  }

  async listingReviews(caller: Caller, listingId: string, page: number, limit: number) {
    await this.readable(caller, listingId);
    const { rows, total, ratingSum } = await this.repo.reviews({ listingId }, caller.userId, page, limit);
    return {
      data: rows.map((r) => this.reviewDto(r)),
      pagination: makePagination(total, page, limit),
      rating: rating(ratingSum, total),
    };
  }

  async userReviews(caller: Caller, sellerId: string, page: number, limit: number) {
    const { rows, total, ratingSum } = await this.repo.reviews({ sellerId }, caller.userId, page, limit);
    return {
      data: rows.map((r) => this.reviewDto(r)),
      pagination: makePagination(total, page, limit),
      rating: rating(ratingSum, total),
    };
  }

  async answerReview(caller: Caller, id: string, text: string): Promise<Review> {
    const row = await this.visibleReview(caller, id);
    if (row.sellerId !== caller.userId) throw new AppError('FORBIDDEN', M.sellerOnly);
    await this.repo.updateReview(id, { answer: requireText(text, 'text'), answeredAt: new Date() });
    return this.reviewFor(caller, id);
  }

  async reportReview(caller: Caller, id: string, reason: string): Promise<Review> {
    await this.visibleReview(caller, id);
    if (!(await this.repo.report(id, caller.userId, requireText(reason, 'reason'))))
      throw new AppError('CONFLICT', M.alreadyReported);
    return this.reviewFor(caller, id);
  }

  /**
   * The listing's community's owner or a moderator, neither the listing's seller nor the review's author (403); 404
   * to anyone who may not read the community.
   */
  private async moderatable(caller: Caller, id: string) {
    const row = await this.repo.reviewRow(id);
    if (!row) throw new AppError('NOT_FOUND', M.reviewNotFound);
    const access = row.communityId ? await this.repo.communityAccess(row.communityId, caller.userId) : null;
    if (!access || (access.visibility === 'private' && !access.active))
      throw new AppError('NOT_FOUND', M.reviewNotFound);
    if (!access.moderator) throw new AppError('FORBIDDEN', M.moderatorsOnly);
    // A seller who moderates their community does not judge reviews of their own listings (nor an author their own).
    if (row.sellerId === caller.userId || row.authorId === caller.userId)
      throw new AppError('FORBIDDEN', M.notOwnReviews);
    return row;
  }

  async moderation(caller: Caller, q: { status: 'reported' | 'hidden'; page: number; limit: number }) {
    const { rows, total } = await this.repo.moderation(caller.userId, q.status, q.page, q.limit);
    const reports = await this.repo.reports(rows.map((r) => r.id));
    const data: ModerationReview[] = rows.map((r) => ({
      ...this.reviewDto(r),
      communityId: r.communityId ?? '',
      communityName: r.communityName,
      // The queue lists the communities the caller moderates; what is left is moderatable()'s own-case rule.
      canModerate: r.sellerId !== caller.userId && r.authorId !== caller.userId,
      reports: reports
        .filter((x) => x.reviewId === r.id)
        .map((x) => ({ reason: x.reason, reporterName: x.reporterName, createdAt: x.createdAt.toISOString() })),
    }));
    return { data, pagination: makePagination(total, q.page, q.limit) };
  }

  /**
   * Hides (or restores) a review; its rating leaves (or rejoins) the listing's average in the same transaction. A
   * restore resolves the review's open reports: the queue then shows only reports made after it.
   */
  async setReviewHidden(caller: Caller, id: string, hidden: boolean): Promise<Review> {
    await this.moderatable(caller, id);
    await this.repo.transaction(async (tx) => {
      const row = (await this.repo.reviewRow(id, tx, true))!;
      const want = hidden ? 'hidden' : 'visible';
      if (row.status === want) return;
      await this.repo.updateReview(
        id,
        hidden
          ? { status: 'hidden', hiddenBy: caller.userId, hiddenAt: new Date() }
          : { status: 'visible', hiddenBy: null, hiddenAt: null, reportCount: 0 },
        tx,
      );
      if (!hidden) await this.repo.resolveReports(id, caller.userId, tx);
      if (row.listingId) await this.repo.addRating(row.listingId, row.rating, hidden ? -1 : 1, tx);
    });
    return this.reviewFor(caller, id);
  }
}
