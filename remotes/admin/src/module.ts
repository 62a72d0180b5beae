import type { RemoteModule } from '@atrium/contracts';

/**
 * The admin remote: business settings (general, members and invites, integrations, notifications), new
 * business, and the admin users pages for the product company's own staff (docs/requirements.md §2 and §6).
 */
const remoteModule: RemoteModule = {
  name: 'admin',
  routes: [
    { path: '/businesses/settings', load: () => import('./routes/business-settings-page') },
    { path: '/businesses/:businessId/settings', load: () => import('./routes/business-settings-page') },
    { path: '/businesses/new', load: () => import('./routes/new-business-page') },
    { path: '/admin-users', load: () => import('./routes/admin-users-page') },
    { path: '/admin-users/:userId', load: () => import('./routes/admin-user-page') },
  ],
  nav: [
    { key: 'admin-users', label: 'Admin users', path: '/admin-users', icon: 'admin-users', requires: 'companyDomain' },
  ],
  newMenu: [],
  widgets: [],
};

export default remoteModule;
