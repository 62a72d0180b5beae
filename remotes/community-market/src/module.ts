import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The community-market remote (issue #20, first slice): communities (discover, mine, a community's about, posts,
 * events and members; create and edit), events (create, the event page with RSVP and .ics) and people (the public
 * profile with follow, friend requests and blocking). The marketplace pages come later; /marketplace redirects to
 * /communities as the spec says.
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
  ],
  // Sidebar entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.community_market.nav,
  newMenu: REMOTE_META.community_market.newMenu,
  widgets: [],
};

export default remoteModule;
