import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type {
  Community,
  CommunityEvent,
  CommunityInput,
  CommunityList,
  CommunityListQuery,
  CommunityMember,
  CommunityUpdate,
  EventHit,
  EventInput,
  EventSearchQuery,
  MemberUpdate,
  Post,
  PostComment,
  PostList,
  ReactionKind,
  RsvpStatus,
} from '../community';
import type {
  Listing,
  ListingImage,
  ListingInput,
  ListingList,
  ListingSearch,
  ListingUpdate,
  MarketCheckout,
  ModerationList,
  ModerationQuery,
  MyListingsQuery,
  Review,
  ReviewInput,
  ReviewList,
  Transaction,
  TransactionList,
  TransactionListQuery,
} from '../marketplace';
import type { Person, Profile, Relation } from '../people';

const enc = encodeURIComponent;
type Data<T> = { success: true; data: T };

/** Community calls (docs/requirements.md "Communities"): communities, members, posts, comments, reactions, events. */
export function communitiesApi(client: ApiClient) {
  const c = (id: string) => `communities/${enc(id)}`;
  return {
    list: (query: CommunityListQuery = {}, opts: { signal?: AbortSignal } = {}) =>
      client.get<CommunityList>('communities', { ...query }, opts),
    /** Events by title in the communities the caller may read (the global search). */
    searchEvents: async (query: EventSearchQuery, opts: { signal?: AbortSignal } = {}) =>
      (await client.get<Data<EventHit[]>>('communities/events', { ...query }, opts)).data,
    get: async (id: string) => (await client.get<Data<Community>>(c(id))).data,
    create: async (input: CommunityInput) => (await client.post<Data<Community>>('communities', input)).data,
    update: async (id: string, input: CommunityUpdate) => (await client.put<Data<Community>>(c(id), input)).data,
    remove: async (id: string) => {
      await client.delete(c(id));
    },
    /** Multipart, field 'cover'. */
    uploadCover: async (id: string, file: Blob, fileName = 'cover') => {
      const form = new FormData();
      form.append('cover', file, fileName);
      return (await client.upload<Data<Community>>(`${c(id)}/cover`, form)).data;
    },
    removeCover: async (id: string) => (await client.delete<Data<Community>>(`${c(id)}/cover`)).data,
    /** Where the cover is served (an <img> src); its 404 is quiet in the client. */
    coverUrl: (id: string) => `${API_ROOT}/${c(id)}/cover`,
    join: async (id: string) => (await client.post<Data<Community>>(`${c(id)}/join`, {})).data,
    leave: async (id: string) => (await client.post<Data<Community>>(`${c(id)}/leave`, {})).data,
    members: async (id: string) => (await client.get<Data<CommunityMember[]>>(`${c(id)}/members`)).data,
    updateMember: async (id: string, userId: string, input: MemberUpdate) =>
      (await client.put<Data<CommunityMember>>(`${c(id)}/members/${enc(userId)}`, input)).data,
    removeMember: async (id: string, userId: string) => {
      await client.delete(`${c(id)}/members/${enc(userId)}`);
    },
    posts: (id: string, page = 1) => client.get<PostList>(`${c(id)}/posts`, { page }),
    createPost: async (id: string, body: string) => (await client.post<Data<Post>>(`${c(id)}/posts`, { body })).data,
    removePost: async (id: string, postId: string) => {
      await client.delete(`${c(id)}/posts/${enc(postId)}`);
    },
    react: async (id: string, postId: string, kind: ReactionKind) =>
      (await client.put<Data<Post>>(`${c(id)}/posts/${enc(postId)}/reaction`, { kind })).data,
    unreact: async (id: string, postId: string) =>
      (await client.delete<Data<Post>>(`${c(id)}/posts/${enc(postId)}/reaction`)).data,
    comments: async (id: string, postId: string) =>
      (await client.get<Data<PostComment[]>>(`${c(id)}/posts/${enc(postId)}/comments`)).data,
    comment: async (id: string, postId: string, body: string) =>
      (await client.post<Data<PostComment>>(`${c(id)}/posts/${enc(postId)}/comments`, { body })).data,
    removeComment: async (id: string, postId: string, commentId: string) => {
      await client.delete(`${c(id)}/posts/${enc(postId)}/comments/${enc(commentId)}`);
    },
    events: async (id: string) => (await client.get<Data<CommunityEvent[]>>(`${c(id)}/events`)).data,
    event: async (id: string, eventId: string) =>
      (await client.get<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}`)).data,
    createEvent: async (id: string, input: EventInput) =>
      (await client.post<Data<CommunityEvent>>(`${c(id)}/events`, input)).data,
    removeEvent: async (id: string, eventId: string) => {
      await client.delete(`${c(id)}/events/${enc(eventId)}`);
    },
    rsvp: async (id: string, eventId: string, status: RsvpStatus) =>
      (await client.put<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}/rsvp`, { status })).data,
    cancelRsvp: async (id: string, eventId: string) =>
      (await client.delete<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}/rsvp`)).data,
    /** The event as an iCalendar file (add to calendar): a link the browser downloads with the session cookie. */
    icsUrl: (id: string, eventId: string) => `${API_ROOT}/${c(id)}/events/${enc(eventId)}/ics`,
  };
}

/** People calls: profile, the spec's friends/followers/following lists (403 passed quietly), follow, friend, block. */
export function peopleApi(client: ApiClient) {
  const u = (id: string) => `users/${enc(id)}`;
  return {
    profile: async (id: string) => (await client.get<Data<Profile>>(`${u(id)}/profile`)).data,
    friends: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/friends`)).data,
    followers: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/followers`)).data,
    following: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/following`)).data,
    follow: async (id: string) => (await client.post<Data<Relation>>(`${u(id)}/follow`, {})).data,
    unfollow: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/follow`)).data,
    /** Asks to be friends; when they asked first, you are friends. Then tells them (spec's notification call). */
    friendRequest: async (id: string) => {
      const relation = (await client.post<Data<Relation>>(`${u(id)}/friend-request`, {})).data;
      if (relation.friend === 'friends')
        await client.post('notifications/friend-request-received', { senderUserId: id }).catch(() => undefined);
      else await client.post('notifications/friend-request-sent', { recipientUserId: id }).catch(() => undefined);
      return relation;
    },
    unfriend: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/friend`)).data,
    block: async (id: string) => (await client.post<Data<Relation>>(`${u(id)}/block`, {})).data,
    unblock: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/block`)).data,
  };
}

/**
 * Marketplace calls (docs/requirements.md "Marketplace"), all under /api/v1/marketplace:
 *
 * - search            GET    /marketplace/listings?q&category&delivery&currency&minPrice&maxPrice&communityId&sellerId&sort&page&limit
 * - mine              GET    /marketplace/listings/mine?status&page&limit     the caller's own listings
 * - get               GET    /marketplace/listings/{id}                        with images, rating, checkout availability
 * - create            POST   /marketplace/listings                             listingInputSchema (caller active in the community)
 * - update            PUT    /marketplace/listings/{id}                        listingUpdateSchema (seller only, else 403)
 * - remove            DELETE /marketplace/listings/{id}                        archives it (seller only; sales and reviews kept)
 * - images            GET    /marketplace/listings/{id}/images
 * - uploadImage       POST   /marketplace/listings/{id}/images                 multipart field 'image' (or 'file'); 415/413; ≤ 8
 * - imageUrl          GET    /marketplace/listings/{id}/images/{imageId}      the bytes (an <img> src)
 * - removeImage       DELETE /marketplace/listings/{id}/images/{imageId}
 * - checkout          POST   /marketplace/listings/{id}/checkout              → { url, transactionId, sessionId }; 503 not set up
 * - purchases         GET    /marketplace/purchases?status&page&limit          the caller's purchases, newest first
 * - sales             GET    /marketplace/sales?status&page&limit              the caller's sales, newest first
 * - transaction       GET    /marketplace/transactions/{id}                    buyer or seller only (404 otherwise)
 * - review            POST   /marketplace/transactions/{id}/review             reviewInputSchema; 409 without a completed purchase / twice
 * - listingReviews    GET    /marketplace/listings/{id}/reviews?page&limit     visible reviews + rating summary
 * - userReviews       GET    /marketplace/users/{userId}/reviews?page&limit    visible reviews of the user's listings (as seller)
 * - answerReview      PUT    /marketplace/reviews/{id}/answer                  { text } (the seller only)
 * - reportReview      POST   /marketplace/reviews/{id}/report                  { reason } (once per person)
 * - moderation        GET    /marketplace/reviews/moderation?status=reported|hidden   reviews in communities the caller moderates
 * - hideReview        POST   /marketplace/reviews/{id}/hide                    the listing's community's owner / moderators
 * - restoreReview     POST   /marketplace/reviews/{id}/restore                 the same
 */
export function marketplaceApi(client: ApiClient) {
  const l = (id: string) => `marketplace/listings/${enc(id)}`;
  const r = (id: string) => `marketplace/reviews/${enc(id)}`;
  return {
    search: (query: ListingSearch = {}) => client.get<ListingList>('marketplace/listings', { ...query }),
    mine: (query: MyListingsQuery = {}) => client.get<ListingList>('marketplace/listings/mine', { ...query }),
    get: async (id: string) => (await client.get<Data<Listing>>(l(id))).data,
    create: async (input: ListingInput) => (await client.post<Data<Listing>>('marketplace/listings', input)).data,
    update: async (id: string, input: ListingUpdate) => (await client.put<Data<Listing>>(l(id), input)).data,
    remove: async (id: string) => {
      await client.delete(l(id));
    },
    images: async (id: string) => (await client.get<Data<ListingImage[]>>(`${l(id)}/images`)).data,
    /** Multipart, field 'image'. */
    uploadImage: async (id: string, file: Blob, fileName = 'image') => {
      const form = new FormData();
      form.append('image', file, fileName);
      return (await client.upload<Data<ListingImage>>(`${l(id)}/images`, form)).data;
    },
    removeImage: async (id: string, imageId: string) => {
      await client.delete(`${l(id)}/images/${enc(imageId)}`);
    },
    /** Where an image is served (an <img> src); the answers' `url` already says it. */
    imageUrl: (id: string, imageId: string) => `${API_ROOT}/${l(id)}/images/${enc(imageId)}`,
    /** A Checkout Session for the listing: send the browser to `url`. 503 with a plain message when not set up. */
    checkout: async (id: string) => (await client.post<Data<MarketCheckout>>(`${l(id)}/checkout`, {})).data,
    purchases: (query: TransactionListQuery = {}) => client.get<TransactionList>('marketplace/purchases', { ...query }),
    sales: (query: TransactionListQuery = {}) => client.get<TransactionList>('marketplace/sales', { ...query }),
    transaction: async (id: string) =>
      (await client.get<Data<Transaction>>(`marketplace/transactions/${enc(id)}`)).data,
    review: async (transactionId: string, input: ReviewInput) =>
      (await client.post<Data<Review>>(`marketplace/transactions/${enc(transactionId)}/review`, input)).data,
    listingReviews: (id: string, page = 1) => client.get<ReviewList>(`${l(id)}/reviews`, { page }),
    userReviews: (userId: string, page = 1) =>
      client.get<ReviewList>(`marketplace/users/${enc(userId)}/reviews`, { page }),
    answerReview: async (id: string, text: string) =>
      (await client.put<Data<Review>>(`${r(id)}/answer`, { text })).data,
    reportReview: async (id: string, reason: string) =>
      (await client.post<Data<Review>>(`${r(id)}/report`, { reason })).data,
    moderation: (query: ModerationQuery = {}) =>
      client.get<ModerationList>('marketplace/reviews/moderation', { ...query }),
    hideReview: async (id: string) => (await client.post<Data<Review>>(`${r(id)}/hide`, {})).data,
    restoreReview: async (id: string) => (await client.post<Data<Review>>(`${r(id)}/restore`, {})).data,
  };
}

export type CommunitiesApi = ReturnType<typeof communitiesApi>;
export type MarketplaceApi = ReturnType<typeof marketplaceApi>;
export type PeopleApi = ReturnType<typeof peopleApi>;
