import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  businessMembers,
  businesses,
  communities,
  communityMembers,
  marketListingImages,
  marketListings,
  marketReviewReports,
  marketReviews,
  marketTransactions,
  users,
} from '../../db/schema';
import type { CheckedImage } from '../../lib/images';

export type ListingRow = typeof marketListings.$inferSelect;
export type ListingImageRow = Omit<typeof marketListingImages.$inferSelect, 'bytes'>;
export type TransactionRow = typeof marketTransactions.$inferSelect;
export type ReviewRow = typeof marketReviews.$inferSelect;
export type NewListing = Omit<typeof marketListings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewTransaction = Omit<typeof marketTransactions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TransactionFields = Partial<
  Pick<
    TransactionRow,
    | 'status'
    | 'amountRefunded'
    | 'stripeCheckoutSessionId'
    | 'stripePaymentIntentId'
    | 'paidAt'
    | 'refundedAt'
    | 'disputedAt'
  >
>;

/** A listing with what its answers show beside it: community name, seller name, first image. */
export interface ListingView extends ListingRow {
  communityName: string;
  sellerName: string;
  firstImageId: string | null;
}
export interface ReviewView extends ReviewRow {
  authorName: string;
  listingTitle: string;
  reportedByMe: boolean;
}
/** The community a listing is in, and the caller's standing there. */
export interface CommunityAccess {
  id: string;
  name: string;
  visibility: 'public' | 'private';
  active: boolean;
  moderator: boolean;
}

const personName = (table: typeof users) =>
  sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), 'Former member')`;
/** Newest first as the indexes are built (drizzle's `.desc()` in an index is DESC NULLS LAST): else a scan and a sort. */
const newest = (column: AnyColumn) => sql`${column} DESC NULLS LAST`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The search total stops counting here: a total past it tells nothing more to a person paging through. */
export const SEARCH_COUNT_CAP = 1_000;

const LISTING_ID = sql.raw('"market_listings"."id"');
const LISTING_SELLER = sql.raw('"market_listings"."seller_id"');
const LISTING_COMMUNITY = sql.raw('"market_listings"."community_id"');
const REVIEW_ID = sql.raw('"market_reviews"."id"');
const REVIEW_AUTHOR = sql.raw('"market_reviews"."author_id"');

/**
 * Neither the viewer nor `other` blocked the other: two NOT EXISTS, each one probe of user_blocks' primary key
 * (blocker_id, blocked_id), so a search still walks its listing index and looks each candidate's seller up.
 */
const notBlocked = (viewerId: string, other: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = ${other}) AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${other} AND b.blocked_id = ${viewerId})`;

export interface SearchParams {
  q?: string;
  category?: string;
  delivery?: string;
  currency?: string;
  minPrice?: number;
  maxPrice?: number;
  communityId?: string;
  sellerId?: string;
  sort: 'newest' | 'price_asc' | 'price_desc';
  page: number;
  limit: number;
}

/**
 * All SQL of the marketplace: listings, their images, transactions, reviews and reports. It reads communities,
 * community_members, users, businesses and user_blocks (names, visibility, membership, blocks) and writes none of them.
 */
export class MarketplaceRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---- communities (read only) ----

  async communityAccess(communityId: string, userId: string): Promise<CommunityAccess | null> {
    const [row] = await this.db
      .select({
        id: communities.id,
        name: communities.name,
        visibility: communities.visibility,
        role: communityMembers.role,
        status: communityMembers.status,
      })
      .from(communities)
      .leftJoin(
        communityMembers,
        and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)),
      )
      .where(eq(communities.id, communityId));
    if (!row) return null;
    const active = row.status === 'active';
    return {
      id: row.id,
      name: row.name,
      visibility: row.visibility,
      active,
      moderator: active && (row.role === 'owner' || row.role === 'moderator'),
    };
  }

  async userName(userId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: personName(users) })
      .from(users)
      .where(eq(users.id, userId));
    return row?.name ?? 'Former member';
  }

  async businessName(businessId: string | null): Promise<string> {
    if (!businessId) return '';
    const [row] = await this.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name ?? '';
  }

  /** Whether the user still belongs to the business (a listing's seller and the business its Stripe account pays). */
  async isBusinessMember(businessId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: businessMembers.id })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    return Boolean(row);
  }

  // ---- listings ----

  private listingView(db: Executor = this.db) {
    return db
      .select({
        listing: marketListings,
        communityName: communities.name,
        sellerName: personName(users),
        firstImageId: sql<
          string | null
        >`(SELECT i.id FROM market_listing_images i WHERE i.listing_id = ${LISTING_ID} ORDER BY i.position, i.created_at LIMIT 1)`,
      })
      .from(marketListings)
      .innerJoin(communities, eq(communities.id, marketListings.communityId))
      .leftJoin(users, eq(users.id, marketListings.sellerId));
  }

  private static view(r: {
    listing: ListingRow;
    communityName: string;
    sellerName: string;
    firstImageId: string | null;
  }): ListingView {
    return { ...r.listing, communityName: r.communityName, sellerName: r.sellerName, firstImageId: r.firstImageId };
  }

  async insertListing(values: NewListing): Promise<ListingRow> {
    const [row] = await this.db.insert(marketListings).values(values).returning();
    return row!;
  }

  async updateListing(id: string, values: Partial<NewListing>): Promise<void> {
    await this.db
      .update(marketListings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(marketListings.id, id));
  }

  async listing(id: string): Promise<ListingView | null> {
    const [row] = await this.listingView().where(eq(marketListings.id, id));
    return row ? MarketplaceRepository.view(row) : null;
  }

  /** Active listings the user may see (public communities, and private ones they are an active member of). */
  async search(userId: string, p: SearchParams): Promise<{ rows: ListingView[]; total: number }> {
    // The communities the user may read, as one array computed once (an InitPlan, not a join the planner may turn
    // into hashing every listing): the newest-first index is then walked and filtered until the page is full.
    const visible = sql`${LISTING_COMMUNITY} = ANY (ARRAY(SELECT c.id FROM communities c WHERE c.visibility = 'public' UNION ALL SELECT m.community_id FROM community_members m WHERE m.user_id = ${userId} AND m.status = 'active'))`;
    const where: (SQL | undefined)[] = [
      eq(marketListings.status, 'active'),
      visible,
      notBlocked(userId, LISTING_SELLER),
    ];
    if (p.q) where.push(sql`${marketListings.searchText} LIKE ${`%${escapeLike(p.q.toLowerCase())}%`}`);
    if (p.category) where.push(eq(marketListings.category, p.category));
    if (p.delivery) where.push(eq(marketListings.delivery, p.delivery as 'service' | 'product'));
    if (p.currency) where.push(eq(marketListings.currency, p.currency));
    if (p.minPrice !== undefined) where.push(gte(marketListings.price, p.minPrice));
    if (p.maxPrice !== undefined) where.push(lte(marketListings.price, p.maxPrice));
    if (p.communityId) where.push(eq(marketListings.communityId, p.communityId));
    if (p.sellerId) where.push(eq(marketListings.sellerId, p.sellerId));
    const condition = and(...where);
    const order =
      p.sort === 'price_asc'
        ? [asc(marketListings.price), asc(marketListings.id)]
        : p.sort === 'price_desc'
          ? [desc(marketListings.price), desc(marketListings.id)]
          : [newest(marketListings.createdAt), newest(marketListings.id)];
    // The page's ids from the listings alone (an ordered walk of an index, filtered, stopping when the page is
    // full), then those rows with their community, seller and first image: the joins and the image lookup cost
    // twenty rows, not every match before the sort.
    const [page, [counted]] = await Promise.all([
      this.db
        .select({ id: marketListings.id })
        .from(marketListings)
        .where(condition)
        .orderBy(...order)
        .limit(p.limit)
        .offset((p.page - 1) * p.limit),
      this.db.select({ total: sql<number>`count(*)::int` }).from(
        this.db
          .select({ one: sql`1` })
          .from(marketListings)
          .where(condition)
          .limit(SEARCH_COUNT_CAP)
          .as('capped'),
      ),
    ]);
    const ids = page.map((r) => r.id);
    const found =
      ids.length === 0
        ? []
        : (await this.listingView().where(inArray(marketListings.id, ids))).map(MarketplaceRepository.view);
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is ListingView => r !== undefined);
    return { rows, total: Number(counted?.total ?? 0) };
  }

  async mine(
    sellerId: string,
    status: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ rows: ListingView[]; total: number }> {
    const condition = and(
      eq(marketListings.sellerId, sellerId),
      status ? eq(marketListings.status, status as ListingRow['status']) : sql`${marketListings.status} <> 'archived'`,
    );
    const [rows, [counted]] = await Promise.all([
      this.listingView()
        .where(condition)
        .orderBy(newest(marketListings.createdAt), newest(marketListings.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(marketListings).where(condition),
    ]);
    return { rows: rows.map(MarketplaceRepository.view), total: Number(counted?.total ?? 0) };
  }

  /** Adds a visible review's rating to its listing's kept sum (sign −1 takes it away). */
  async addRating(listingId: string, rating: number, sign: 1 | -1, tx: Executor): Promise<void> {
    await tx
      .update(marketListings)
      .set({
        ratingSum: sql`${marketListings.ratingSum} + ${sign * rating}`,
        ratingCount: sql`${marketListings.ratingCount} + ${sign}`,
      })
      .where(eq(marketListings.id, listingId));
  }

  // ---- images ----

  async images(listingId: string): Promise<ListingImageRow[]> {
    return this.db
      .select({
        id: marketListingImages.id,
        listingId: marketListingImages.listingId,
        mime: marketListingImages.mime,
        size: marketListingImages.size,
        position: marketListingImages.position,
        createdAt: marketListingImages.createdAt,
      })
      .from(marketListingImages)
      .where(eq(marketListingImages.listingId, listingId))
      .orderBy(asc(marketListingImages.position), asc(marketListingImages.createdAt));
  }

  /** Adds an image after the others unless the listing has `max` already (its row locked: two uploads count once). */
  async addImage(listingId: string, image: CheckedImage, max: number): Promise<ListingImageRow | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: marketListings.id })
        .from(marketListings)
        .where(eq(marketListings.id, listingId))
        .for('update');
      const [stats] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${marketListingImages.position}), -1)::int` })
        .from(marketListingImages)
        .where(eq(marketListingImages.listingId, listingId));
      if (Number(stats?.n ?? 0) >= max) return null;
      const [row] = await tx
        .insert(marketListingImages)
        .values({
          listingId,
          mime: image.mime,
          bytes: image.bytes,
          size: image.bytes.length,
          position: Number(stats?.last ?? -1) + 1,
        })
        .returning({
          id: marketListingImages.id,
          listingId: marketListingImages.listingId,
          mime: marketListingImages.mime,
          size: marketListingImages.size,
          position: marketListingImages.position,
          createdAt: marketListingImages.createdAt,
        });
      return row!;
    });
  }

  async imageBytes(listingId: string, imageId: string): Promise<{ mime: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ mime: marketListingImages.mime, bytes: marketListingImages.bytes })
      .from(marketListingImages)
      .where(and(eq(marketListingImages.id, imageId), eq(marketListingImages.listingId, listingId)));
    return row ?? null;
  }

  async removeImage(listingId: string, imageId: string): Promise<boolean> {
    const rows = await this.db
      .delete(marketListingImages)
      .where(and(eq(marketListingImages.id, imageId), eq(marketListingImages.listingId, listingId)))
      .returning({ id: marketListingImages.id });
    return rows.length > 0;
  }

  // ---- transactions ----

  async insertTransaction(values: NewTransaction): Promise<TransactionRow> {
    const [row] = await this.db.insert(marketTransactions).values(values).returning();
    return row!;
  }

  async removeTransaction(id: string): Promise<void> {
    await this.db.delete(marketTransactions).where(eq(marketTransactions.id, id));
  }

  async updateTransaction(id: string, fields: TransactionFields, db: Executor = this.db): Promise<TransactionRow> {
    const [row] = await db
      .update(marketTransactions)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(marketTransactions.id, id))
      .returning();
    return row!;
  }

  async transactionById(id: string, db: Executor = this.db, lock = false): Promise<TransactionRow | null> {
    const query = db.select().from(marketTransactions).where(eq(marketTransactions.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async transactionBySession(sessionId: string, db: Executor = this.db): Promise<TransactionRow | null> {
    const [row] = await db
      .select()
      .from(marketTransactions)
      .where(eq(marketTransactions.stripeCheckoutSessionId, sessionId));
    return row ?? null;
  }

  async transactionByIntent(account: string, intent: string, db: Executor = this.db): Promise<TransactionRow | null> {
    const [row] = await db
      .select()
      .from(marketTransactions)
      .where(
        and(eq(marketTransactions.stripeAccountId, account), eq(marketTransactions.stripePaymentIntentId, intent)),
      );
    return row ?? null;
  }

  async transactionsOf(
    side: 'buyer' | 'seller',
    userId: string,
    status: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ rows: (TransactionRow & { reviewId: string | null })[]; total: number }> {
    const who = side === 'buyer' ? marketTransactions.buyerId : marketTransactions.sellerId;
    const condition = and(
      eq(who, userId),
      status ? eq(marketTransactions.status, status as TransactionRow['status']) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ t: marketTransactions, reviewId: marketReviews.id })
        .from(marketTransactions)
        .leftJoin(marketReviews, eq(marketReviews.transactionId, marketTransactions.id))
        .where(condition)
        .orderBy(newest(marketTransactions.createdAt), newest(marketTransactions.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(marketTransactions).where(condition),
    ]);
    return { rows: rows.map((r) => ({ ...r.t, reviewId: r.reviewId })), total: Number(counted?.total ?? 0) };
  }

  // ---- reviews ----

  async reviewOfTransaction(transactionId: string, db: Executor = this.db): Promise<ReviewRow | null> {
    const [row] = await db.select().from(marketReviews).where(eq(marketReviews.transactionId, transactionId));
    return row ?? null;
  }

  /** Inserts the review unless the purchase has one (null then: the unique index decides, not a read before). */
  async insertReview(values: typeof marketReviews.$inferInsert, tx: Executor): Promise<ReviewRow | null> {
    const [row] = await tx
      .insert(marketReviews)
      .values(values)
      .onConflictDoNothing({ target: marketReviews.transactionId })
      .returning();
    return row ?? null;
  }

  async updateReview(id: string, fields: Partial<ReviewRow>, tx: Executor = this.db): Promise<void> {
    await tx
      .update(marketReviews)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(marketReviews.id, id));
  }

  async reviewRow(id: string, tx: Executor = this.db, lock = false): Promise<ReviewRow | null> {
    const query = tx.select().from(marketReviews).where(eq(marketReviews.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  private reviewView(viewerId: string) {
    return this.db
      .select({
        review: marketReviews,
        authorName: personName(users),
        listingTitle: sql<string>`coalesce(${marketListings.title}, '')`,
        reportedByMe: sql<boolean>`EXISTS (SELECT 1 FROM market_review_reports r WHERE r.review_id = ${REVIEW_ID} AND r.reporter_id = ${viewerId} AND r.resolved_at IS NULL)`,
      })
      .from(marketReviews)
      .leftJoin(users, eq(users.id, marketReviews.authorId))
      .leftJoin(marketListings, eq(marketListings.id, marketReviews.listingId));
  }

  private static reviewOf(r: {
    review: ReviewRow;
    authorName: string;
    listingTitle: string;
    reportedByMe: boolean;
  }): ReviewView {
    return {
      ...r.review,
      authorName: r.authorName,
      listingTitle: r.listingTitle,
      reportedByMe: Boolean(r.reportedByMe),
    };
  }

  async review(id: string, viewerId: string): Promise<ReviewView | null> {
    const [row] = await this.reviewView(viewerId).where(eq(marketReviews.id, id));
    return row ? MarketplaceRepository.reviewOf(row) : null;
  }

  /**
   * Visible reviews of a listing, or of a seller in the communities the viewer may see. A review whose community was
   * deleted (community_id set null) is nobody's to moderate: only its author and the seller still see it.
   */
  async reviews(
    by: { listingId: string } | { sellerId: string },
    viewerId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: ReviewView[]; total: number; ratingSum: number }> {
    const condition = and(
      eq(marketReviews.status, 'visible'),
      'listingId' in by ? eq(marketReviews.listingId, by.listingId) : eq(marketReviews.sellerId, by.sellerId),
      sql`(${REVIEW_AUTHOR} IS NULL OR (${notBlocked(viewerId, REVIEW_AUTHOR)}))`,
      'listingId' in by
        ? undefined
        : sql`((${marketReviews.communityId} IS NULL AND ${viewerId} IN (${marketReviews.authorId}, ${marketReviews.sellerId})) OR EXISTS (SELECT 1 FROM communities c WHERE c.id = ${marketReviews.communityId} AND (c.visibility = 'public' OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewerId} AND m.status = 'active'))))`,
    );
    const [rows, [counted]] = await Promise.all([
      this.reviewView(viewerId)
        .where(condition)
        .orderBy(newest(marketReviews.createdAt), newest(marketReviews.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db
        .select({ total: count(), sum: sql<number>`coalesce(sum(${marketReviews.rating}), 0)::int` })
        .from(marketReviews)
        .where(condition),
    ]);
    return {
      rows: rows.map(MarketplaceRepository.reviewOf),
      total: Number(counted?.total ?? 0),
      ratingSum: Number(counted?.sum ?? 0),
    };
  }

  /** Reported (visible, reported at least once) or hidden reviews in the communities the user owns or moderates. */
  async moderation(
    moderatorId: string,
    status: 'reported' | 'hidden',
    page: number,
    limit: number,
  ): Promise<{ rows: (ReviewView & { communityName: string })[]; total: number }> {
    const moderated = sql`${marketReviews.communityId} IN (SELECT m.community_id FROM community_members m WHERE m.user_id = ${moderatorId} AND m.status = 'active' AND m.role IN ('owner', 'moderator'))`;
    const condition = and(
      moderated,
      status === 'hidden'
        ? eq(marketReviews.status, 'hidden')
        : and(eq(marketReviews.status, 'visible'), sql`${marketReviews.reportCount} > 0`),
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          review: marketReviews,
          authorName: personName(users),
          listingTitle: sql<string>`coalesce(${marketListings.title}, '')`,
          reportedByMe: sql<boolean>`EXISTS (SELECT 1 FROM market_review_reports r WHERE r.review_id = ${REVIEW_ID} AND r.reporter_id = ${moderatorId} AND r.resolved_at IS NULL)`,
          communityName: sql<string>`coalesce((SELECT c.name FROM communities c WHERE c.id = ${marketReviews.communityId}), '')`,
        })
        .from(marketReviews)
        .leftJoin(users, eq(users.id, marketReviews.authorId))
        .leftJoin(marketListings, eq(marketListings.id, marketReviews.listingId))
        .where(condition)
        .orderBy(desc(marketReviews.reportCount), desc(marketReviews.updatedAt), desc(marketReviews.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(marketReviews).where(condition),
    ]);
    return {
      rows: rows.map((r) => ({ ...MarketplaceRepository.reviewOf(r), communityName: r.communityName })),
      total: Number(counted?.total ?? 0),
    };
  }

  async reports(reviewIds: string[]) {
    if (reviewIds.length === 0) return [];
    return this.db
      .select({
        reviewId: marketReviewReports.reviewId,
        reason: marketReviewReports.reason,
        reporterName: personName(users),
        createdAt: marketReviewReports.createdAt,
      })
      .from(marketReviewReports)
      .leftJoin(users, eq(users.id, marketReviewReports.reporterId))
      .where(and(sql`${marketReviewReports.reviewId} IN ${reviewIds}`, isNull(marketReviewReports.resolvedAt)))
      .orderBy(asc(marketReviewReports.createdAt));
  }

  /**
   * Resolves the review's open reports (a moderator restored it): kept with when and by whom, out of the queue, and
   * their reporters may report it again.
   */
  async resolveReports(reviewId: string, moderatorId: string, tx: Executor): Promise<void> {
    await tx
      .update(marketReviewReports)
      .set({ resolvedAt: new Date(), resolvedBy: moderatorId })
      .where(and(eq(marketReviewReports.reviewId, reviewId), isNull(marketReviewReports.resolvedAt)));
  }

  /** One open report per person (the partial unique index decides): false when this person reported it already. */
  async report(reviewId: string, reporterId: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(marketReviewReports)
        .values({ reviewId, reporterId, reason })
        .onConflictDoNothing()
        .returning({ id: marketReviewReports.reviewId });
      if (rows.length === 0) return false;
      await tx
        .update(marketReviews)
        .set({ reportCount: sql`${marketReviews.reportCount} + 1`, updatedAt: new Date() })
        .where(eq(marketReviews.id, reviewId));
      return true;
    });
  }
}
