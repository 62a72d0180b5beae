import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The community-market remote (issue #20): communities (discover, mine, a community's about, posts, events and
 * members; create and edit), events (create, the event page with RSVP and .ics), people (the public profile with
 * their listings and reviews, follow, friend requests and blocking) and the marketplace (listings browsed on the
 * Marketplace tab of /communities — /marketplace redirects there as the spec says —, create and edit, a listing's
 * page with Buy through Stripe Checkout and reviews, purchases, sales, a transaction, review moderation).
 */
const remoteModule: RemoteModule = {
  name: 'community_market',
  routes: [
    { path: '/communities', load: () => import('./routes/communities-page') },
    { path: '/communities/:communityId', load: () => import('./routes/community-page') },
    { path: '/communities/:communityId/events/:eventId', load: () => import('./routes/event-page') },
    { path: '/events/create', load: () => import('./routes/event-create-page') },
    { path: '/user/:userId', load: () => import('./routes/user-page') },
    { path: '/marketplace', load: () => import('./routes/marketplace-redirect') },
    { path: '/marketplace/create', load: () => import('./routes/listing-form-page') },
    { path: '/marketplace/listing/:listingId', load: () => import('./routes/listing-page') },
    { path: '/marketplace/listing/:listingId/edit', load: () => import('./routes/listing-form-page') },
    { path: '/marketplace/reviews', load: () => import('./routes/review-moderation-page') },
    { path: '/dashboard/purchases', load: () => import('./routes/purchases-page') },
    { path: '/dashboard/sales', load: () => import('./routes/sales-page') },
    { path: '/dashboard/transaction/:transactionId', load: () => import('./routes/transaction-page') },
  ],
  // Sidebar entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.community_market.nav,
  newMenu: REMOTE_META.community_market.newMenu,
  widgets: [],
  // The header's global search asks this remote for communities and events; the code loads on the first search.
  search: (query) => import('./features/search/community-search').then((m) => m.searchCommunities(query)),
};

export default remoteModule;
