import { useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '@atrium/contracts';
import {
  marketplace,
  marketKeys,
  type ListingInput,
  type ListingSearch,
  type ListingUpdate,
  type ModerationQuery,
  type ReviewInput,
  type TransactionListQuery,
} from '@atrium/domain-market';

export function useListingSearch(query: ListingSearch, enabled = true) {
  return useQuery({
    queryKey: marketKeys.search(query),
    queryFn: () => marketplace.search(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useListing(id: string, enabled = true) {
  return useQuery({ queryKey: marketKeys.listing(id), queryFn: () => marketplace.get(id), enabled });
}

/** The page after `last` while the server's pagination says there is one (offset pages: "Load more"). */
const nextPage = (last: { pagination: Pagination }) =>
  last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined;

/**
 * The items of the pages loaded so far, each once: offset pages may repeat an item when the list changed between
 * two pages (a review hidden, a new report).
 */
export function itemsOf<T extends { _id: string }>(pages: { data: T[] }[]): T[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.data).filter((item) => !seen.has(item._id) && Boolean(seen.add(item._id)));
}

/** A listing's reviews, a page at a time ("Load more" asks for the next page). */
export function useListingReviews(id: string) {
  return useInfiniteQuery({
    queryKey: marketKeys.listingReviews(id),
    queryFn: ({ pageParam }) => marketplace.listingReviews(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useUserReviews(userId: string, page = 1) {
  return useQuery({
    queryKey: marketKeys.userReviews(userId, page),
    queryFn: () => marketplace.userReviews(userId, page),
  });
}

export function useTransactions(kind: 'purchases' | 'sales', query: TransactionListQuery) {
  return useQuery({
    queryKey: kind === 'purchases' ? marketKeys.purchases(query) : marketKeys.sales(query),
    queryFn: () => (kind === 'purchases' ? marketplace.purchases(query) : marketplace.sales(query)),
    placeholderData: keepPreviousData,
  });
}

/**
 * A transaction; with `pollPending` (back from Checkout) it is asked again every 2 s while pending, for at most
 * a minute: only Stripe's verified webhook marks it paid.
 */
export function useTransaction(id: string, pollPending = false) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: marketKeys.transaction(id),
    queryFn: () => marketplace.transaction(id),
    refetchInterval: (q) =>
      pollPending && q.state.data?.status === 'pending' && Date.now() - since < 60_000 ? 2_000 : false,
  });
}

/** A moderation queue, a page at a time ("Load more"). */
export function useModerationQueue(query: Omit<ModerationQuery, 'page'>) {
  return useInfiniteQuery({
    queryKey: marketKeys.moderation(query),
    queryFn: ({ pageParam }) => marketplace.moderation({ ...query, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * The marketplace calls that change something; each refreshes every marketplace view once it answered. Errors
 * reach the caller (pages show them through handleError).
 */
export function useMarketActions() {
  const qc = useQueryClient();
  return useMemo(() => {
    const after = async <R>(call: Promise<R>): Promise<R> => {
      const result = await call;
      await qc.invalidateQueries({ queryKey: marketKeys.all });
      return result;
    };
    return {
      create: (input: ListingInput) => after(marketplace.create(input)),
      update: (id: string, input: ListingUpdate) => after(marketplace.update(id, input)),
      /**
       * Deletes (archives) a listing. Its views are only marked stale, not asked again at once: the page still
       * showing it would get its 404 before it leaves for the marketplace tab.
       */
      remove: async (id: string) => {
        await marketplace.remove(id);
        void qc.invalidateQueries({ queryKey: marketKeys.all, refetchType: 'none' });
      },
      uploadImage: (id: string, file: File) => after(marketplace.uploadImage(id, file, file.name)),
      removeImage: (id: string, imageId: string) => after(marketplace.removeImage(id, imageId)),
      checkout: (id: string) => marketplace.checkout(id),
      review: (transactionId: string, input: ReviewInput) => after(marketplace.review(transactionId, input)),
      answer: (reviewId: string, text: string) => after(marketplace.answerReview(reviewId, text)),
      report: (reviewId: string, reason: string) => after(marketplace.reportReview(reviewId, reason)),
      hide: (reviewId: string) => after(marketplace.hideReview(reviewId)),
      restore: (reviewId: string) => after(marketplace.restoreReview(reviewId)),
    };
  }, [qc]);
}
