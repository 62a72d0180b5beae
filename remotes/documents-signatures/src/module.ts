import type { ComponentType } from 'react';
import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

type Pages = typeof import('./routes/public-pages');
/** One chunk holds the small public pages; each route picks its page from it. */
const page = (name: keyof Pages) => () =>
  import('./routes/public-pages').then((m) => ({ default: m[name] as ComponentType }));

/**
 * The documents-signatures remote: the documents list, the document editor (invoice, contract, questionnaire),
 * the client's view of a document (also public through its link) and its responses; and the public pages a
 * signed-out visitor reaches from a link (docs/requirements.md §2). The public paths are listed in contracts
 * (REMOTE_PUBLIC_PATHS) so the server's /remotes.json can tell the host to load this remote alone for them.
 * Everything heavy loads on first use; this file is all the host loads until then.
 */
const remoteModule: RemoteModule = {
  name: 'documents_signatures',
  routes: [
    { path: '/documents', load: () => import('./routes/documents-page') },
    { path: '/documents/create', load: () => import('./routes/document-create-page') },
    { path: '/documents/editor/:id', load: () => import('./routes/document-editor-page') },
    { path: '/documents/responses/:documentId', load: () => import('./routes/document-responses-page') },
    { path: '/files/documents', load: () => import('./routes/files-page') },
    { path: '/packages', load: () => import('./routes/packages-page') },
    { path: '/packages/new', load: () => import('./routes/package-builder-page') },
    { path: '/packages/:id', load: () => import('./routes/package-builder-page') },
    { path: '/templates', load: () => import('./routes/templates-redirect-page') },
    { path: '/contact-forms', load: () => import('./routes/contact-forms-page') },
    { path: '/contact-forms/create', load: () => import('./routes/contact-forms-create-page') },
    { path: '/contact-forms/editor/:id', load: () => import('./routes/contact-forms-editor-page') },
    { path: '/responses', load: () => import('./routes/responses-page') },
    { path: '/response/:submissionId', load: () => import('./routes/response-page') },
    { path: '/finance', load: () => import('./routes/finance-page') },
    { path: '/finance/:tab', load: () => import('./routes/finance-page') },
    // Signature workflows (the spec's sidebar has none: reached from /documents).
    { path: '/signatures', load: () => import('./routes/signatures-page') },
    { path: '/signatures/workflows', load: () => import('./routes/signatures-page') },
    { path: '/signatures/completed', load: () => import('./routes/signatures-completed-page') },
    { path: '/signatures/workflows/:workflowId', load: () => import('./routes/signature-workflow-page') },
    {
      path: '/signatures/workflows/:workflowId/business-owner-sign',
      load: () => import('./routes/signature-owner-sign-page'),
    },
    {
      path: '/signatures/workflows/:workflowId/view-document',
      load: () => import('./routes/signature-view-document-page'),
    },
    // The client's view: public, so the link `/documents/view/{id}?token=…` opens signed out too.
    { path: '/documents/view/:id', load: () => import('./routes/document-view-page'), public: true },
    // A package's flow for its client (signed out, through the package link).
    { path: '/packages/view/:id', load: () => import('./routes/package-view-page'), public: true },
    // A contact form's public page (signed out, or framed in a website by the embed snippet).
    { path: '/forms/:publicId', load: () => import('./routes/public-form-page'), public: true },
    { path: '/document-expired', load: page('DocumentExpiredPage'), public: true },
    { path: '/document-not-found', load: page('DocumentNotFoundPage'), public: true },
    { path: '/document-error', load: page('DocumentNotFoundPage'), public: true },
    { path: '/legal/esign-disclosure', load: () => import('./routes/esign-disclosure-page'), public: true },
    // The client pays an invoice by card (Stripe Checkout) and comes back to the payment's status.
    { path: '/invoices/pay', load: () => import('./routes/invoice-pay-page'), public: true },
    { path: '/invoice-payment-success', load: () => import('./routes/invoice-payment-success-page'), public: true },
  ],
  // Sidebar and '+ New' entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.documents_signatures.nav,
  newMenu: REMOTE_META.documents_signatures.newMenu,
  // Home widgets (docs/requirements.md §1): revenue summary and sales overview, between calendar (30) and projects (70).
  widgets: [
    {
      key: 'revenue-summary',
      title: 'Revenue summary',
      order: 40,
      load: () => import('./features/finance/revenue-summary-widget'),
    },
    {
      key: 'sales-overview',
      title: 'Sales overview',
      order: 50,
      load: () => import('./features/finance/sales-overview-widget'),
    },
  ],
};

export default remoteModule;
