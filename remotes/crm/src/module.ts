import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/** The CRM remote: contacts (list, detail, add/edit/delete); groups, tags, notes and import grow here. */
const remoteModule: RemoteModule = {
  name: 'crm',
  routes: [
    { path: '/contacts', load: () => import('./routes/contacts-page') },
    { path: '/contacts/:contactId', load: () => import('./routes/contact-detail-page') },
    { path: '/groups', load: () => import('./routes/groups-page') },
    { path: '/groups/create', load: () => import('./routes/group-create-page') },
  ],
  // Sidebar and '+ New' entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.crm.nav,
  newMenu: REMOTE_META.crm.newMenu,
  widgets: [
    {
      key: 'recent-contacts',
      title: 'Recent contacts',
      order: 20,
      load: () => import('./features/widgets/recent-contacts-widget'),
    },
    {
      key: 'customer-insights',
      title: 'Customer insights',
      order: 80,
      load: () => import('./features/widgets/customer-insights-widget'),
    },
  ],
  modals: [{ id: 'contact', load: () => import('./features/contact-form/contact-modal-entry') }],
  // The header's global search asks this remote for contacts; the code loads on the first search.
  search: (query) => import('./features/search/contact-search').then((m) => m.searchContacts(query)),
};

export default remoteModule;
