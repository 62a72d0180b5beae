import type { RemoteModule } from '@atrium/contracts';

/** The CRM remote: contacts now; groups, tags, notes, import/export and forms arrive with the CRM issue. */
const remoteModule: RemoteModule = {
  name: 'crm',
  routes: [{ path: '/contacts', load: () => import('./features/contacts/contacts-page') }],
  nav: [{ key: 'contacts', label: 'Contacts', path: '/contacts', icon: 'contacts' }],
  newMenu: [],
  widgets: [],
};

export default remoteModule;
