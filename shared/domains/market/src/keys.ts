import type { CommunityListQuery } from './community';
import type { ListingSearch, ModerationQuery, MyListingsQuery, TransactionListQuery } from './marketplace';

/* Every query key of the market domain, spelled once (no literal keys in apps). */

export const communityKeys = {
  all: ['communities'] as const,
  list: (query: CommunityListQuery) => ['communities', 'list', query] as const,
  one: (id: string) => ['communities', 'one', id] as const,
  members: (id: string) => ['communities', 'one', id, 'members'] as const,
  posts: (id: string, page: number) => ['communities', 'one', id, 'posts', page] as const,
  comments: (id: string, postId: string) => ['communities', 'one', id, 'comments', postId] as const,
  events: (id: string) => ['communities', 'one', id, 'events'] as const,
  event: (id: string, eventId: string) => ['communities', 'one', id, 'events', eventId] as const,
};

export const peopleKeys = {
  all: ['people'] as const,
  profile: (userId: string) => ['people', userId, 'profile'] as const,
  list: (userId: string, kind: 'friends' | 'followers' | 'following') => ['people', userId, kind] as const,
};

/** Marketplace keys: invalidating marketKeys.all reaches listings, transactions and reviews alike. */
export const marketKeys = {
  all: ['marketplace'] as const,
  listings: ['marketplace', 'listings'] as const,
  search: (query: ListingSearch) => ['marketplace', 'listings', 'search', query] as const,
  mine: (query: MyListingsQuery) => ['marketplace', 'listings', 'mine', query] as const,
  listing: (id: string) => ['marketplace', 'listings', 'one', id] as const,
  images: (id: string) => ['marketplace', 'listings', 'one', id, 'images'] as const,
  /** A listing's reviews, the pages loaded so far (one infinite query: "Load more"). */
  listingReviews: (id: string) => ['marketplace', 'listings', 'one', id, 'reviews'] as const,
  transactions: ['marketplace', 'transactions'] as const,
  purchases: (query: TransactionListQuery) => ['marketplace', 'transactions', 'purchases', query] as const,
  sales: (query: TransactionListQuery) => ['marketplace', 'transactions', 'sales', query] as const,
  transaction: (id: string) => ['marketplace', 'transactions', 'one', id] as const,
  reviews: ['marketplace', 'reviews'] as const,
  userReviews: (userId: string, page: number) => ['marketplace', 'reviews', 'user', userId, page] as const,
  /** A moderation queue, the pages loaded so far (one infinite query per status: "Load more"). */
  moderation: (query: Omit<ModerationQuery, 'page'>) => ['marketplace', 'reviews', 'moderation', query] as const,
};
