import type { ComponentType } from 'react';
import type { RemoteModule } from '@atrium/contracts';

type Pages = typeof import('./routes/public-pages');
/** One chunk holds the small public pages; each route picks its page from it. */
const page = (name: keyof Pages) => () =>
  import('./routes/public-pages').then((m) => ({ default: m[name] as ComponentType }));

/**
 * The documents-signatures remote. Today it serves the public pages a signed-out visitor reaches from a link
 * (docs/requirements.md §2): expired or missing documents, the e-sign disclosure and the invoice pages. Their
 * paths are listed in contracts (REMOTE_PUBLIC_PATHS) so the server's /remotes.json can tell the host to load
 * this remote alone for them. Its signed-in pages arrive with their own issues.
 */
const remoteModule: RemoteModule = {
  name: 'documents_signatures',
  routes: [
    { path: '/document-expired', load: page('DocumentExpiredPage'), public: true },
    { path: '/document-not-found', load: page('DocumentNotFoundPage'), public: true },
    { path: '/document-error', load: page('DocumentNotFoundPage'), public: true },
    { path: '/legal/esign-disclosure', load: page('EsignDisclosurePage'), public: true },
    { path: '/invoices/pay', load: page('InvoicePayPage'), public: true },
    { path: '/invoice-payment-success', load: page('InvoicePaymentSuccessPage'), public: true },
  ],
  nav: [],
  newMenu: [],
  widgets: [],
};

export default remoteModule;
