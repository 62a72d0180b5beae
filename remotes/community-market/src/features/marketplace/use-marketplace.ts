import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useListingReviews(id: string, page = 1) {
  return useQuery({
    queryKey: marketKeys.listingReviews(id, page),
    queryFn: () => marketplace.listingReviews(id, page),
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

export function useModerationQueue(query: ModerationQuery) {
  return useQuery({ queryKey: marketKeys.moderation(query), queryFn: () => marketplace.moderation(query) });
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
      remove: (id: string) => after(marketplace.remove(id)),
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
