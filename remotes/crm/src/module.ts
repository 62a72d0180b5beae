import type { RemoteModule } from '@atrium/contracts';

/** The CRM remote: contacts (list, detail, add/edit/delete); groups, tags, notes and import grow here. */
const remoteModule: RemoteModule = {
  name: 'crm',
  routes: [
    { path: '/contacts', load: () => import('./routes/contacts-page') },
    { path: '/contacts/:contactId', load: () => import('./routes/contact-detail-page') },
  ],
  nav: [{ key: 'contacts', label: 'Contacts', path: '/contacts', icon: 'contacts' }],
  newMenu: [{ key: 'contact', label: 'Contact', order: 1, action: { type: 'modal', id: 'contact' } }],
  widgets: [],
  modals: [{ id: 'contact', load: () => import('./features/contact-form/contact-modal-entry') }],
};

export default remoteModule;
