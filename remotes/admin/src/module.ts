import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The admin remote: business settings (general, members and invites, integrations, notifications), new
 * business, the business's subscription (/subscription, also shown in the profile's subscription tab), and the admin
 * users pages for the product company's own staff (docs/requirements.md §2 and §6).
 */
const remoteModule: RemoteModule = {
  name: 'admin',
  routes: [
    { path: '/businesses/settings', load: () => import('./routes/business-settings-page') },
    { path: '/businesses/:businessId/settings', load: () => import('./routes/business-settings-page') },
    { path: '/businesses/new', load: () => import('./routes/new-business-page') },
    { path: '/admin-users', load: () => import('./routes/admin-users-page') },
    { path: '/admin-users/:userId', load: () => import('./routes/admin-user-page') },
    { path: '/subscription', load: () => import('./routes/subscription-page') },
  ],
  // Sidebar entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.admin.nav,
  newMenu: REMOTE_META.admin.newMenu,
  widgets: [],
};

export default remoteModule;
