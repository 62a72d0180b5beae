import { REMOTE_PUBLIC_PATHS } from './public-routes';
import type { ModalId, RemoteName, RemoteNavEntry, RemoteNewMenuEntry } from './remote-module';

/**
 * What the host needs to know about a remote before loading any of its code: which paths it serves, its
 * sidebar and '+ New' entries, the modals it offers, and whether it has a search provider, home widgets or
 * header widgets. The server lists it per remote in /remotes.json (a static table: the server never loads
 * remote code), so the host draws the sidebar and '+ New' without fetching any remote entry and loads a
 * remote's entry only when one of these is used (docs/architecture.md, "What loads when").
 *
 * Each remote's module.ts takes its `nav` and `newMenu` from here, and its module test checks that its routes,
 * modals, search provider and widgets agree with this table.
 */
export interface RemoteMeta {
  /** Route patterns of the module's routes, as in RemoteRoute.path (public ones included). */
  routes: string[];
  /** Path prefixes served to signed-out visitors (REMOTE_PUBLIC_PATHS); absent = none. */
  publicPaths?: string[];
  nav: RemoteNavEntry[];
  newMenu: RemoteNewMenuEntry[];
  /** Ids of the modals it offers on the bus. */
  modals?: ModalId[];
  /** It answers the header's global search: loaded when the user starts a search. */
  search?: boolean;
  /** It has home dashboard widgets: loaded when home is shown. */
  widgets?: boolean;
  /** It has header widgets: loaded with the shell (the header is on every signed-in page). */
  headerWidgets?: boolean;
}

const publicPaths = (name: RemoteName) => {
  const p = REMOTE_PUBLIC_PATHS[name];
  return p?.length ? { publicPaths: [...p] } : {};
};

export const REMOTE_META: Readonly<Record<RemoteName, RemoteMeta>> = {
  crm: {
    routes: ['/contacts', '/contacts/:contactId', '/groups', '/groups/create'],
    nav: [{ key: 'contacts', label: 'Contacts', path: '/contacts', icon: 'contacts' }],
    newMenu: [{ key: 'contact', label: 'Contact', order: 1, action: { type: 'modal', id: 'contact' } }],
    modals: ['contact'],
    search: true,
    widgets: true,
  },
  work: {
    routes: [
      '/projects',
      '/projects/:projectId',
      '/projects/:projectId/:tab',
      '/tasks',
      '/calendar',
      '/calendar/meetings/:meetingId',
      '/calendar/tasks/:taskId',
      '/calendar/projects/:projectId',
    ],
    nav: [
      { key: 'projects', label: 'Projects', path: '/projects', icon: 'projects' },
      { key: 'tasks', label: 'Tasks', path: '/tasks', icon: 'tasks' },
      { key: 'calendar', label: 'Calendar', path: '/calendar', icon: 'calendar' },
    ],
    newMenu: [
      { key: 'task', label: 'Task', order: 2, action: { type: 'modal', id: 'task' } },
      { key: 'project', label: 'Project', order: 3, action: { type: 'modal', id: 'project' } },
      { key: 'meeting', label: 'Meeting', order: 4, action: { type: 'modal', id: 'meeting' } },
    ],
    modals: ['task', 'project', 'meeting'],
    search: true,
    widgets: true,
  },
  documents_signatures: {
    routes: [
      '/documents',
      '/documents/create',
      '/documents/editor/:id',
      '/documents/responses/:documentId',
      '/files/documents',
      '/packages',
      '/packages/new',
      '/packages/:id',
      '/templates',
      '/contact-forms',
      '/contact-forms/create',
      '/contact-forms/editor/:id',
      '/responses',
      '/response/:submissionId',
      '/finance',
      '/finance/:tab',
      '/signatures',
      '/signatures/workflows',
      '/signatures/completed',
      '/signatures/workflows/:workflowId',
      '/signatures/workflows/:workflowId/business-owner-sign',
      '/signatures/workflows/:workflowId/view-document',
      // Public (signed in or not), under the prefixes of REMOTE_PUBLIC_PATHS.
      '/documents/view/:id',
      '/packages/view/:id',
      '/forms/:publicId',
      '/document-expired',
      '/document-not-found',
      '/document-error',
      '/legal/esign-disclosure',
      '/invoices/pay',
      '/invoice-payment-success',
    ],
    ...publicPaths('documents_signatures'),
    nav: [
      { key: 'finance', label: 'Finance', path: '/finance', icon: 'finance' },
      { key: 'documents', label: 'Documents', path: '/documents', icon: 'documents' },
      { key: 'contact-forms', label: 'Contact Forms', path: '/contact-forms', icon: 'contact-forms' },
    ],
    newMenu: [
      {
        key: 'invoice',
        label: 'Invoice',
        order: 5,
        action: { type: 'navigate', to: '/documents/create?type=invoice' },
      },
      {
        key: 'contract',
        label: 'Contract',
        order: 6,
        action: { type: 'navigate', to: '/documents/create?type=contract' },
      },
      {
        key: 'questionnaire',
        label: 'Questionnaire',
        order: 7,
        action: { type: 'navigate', to: '/documents/create?type=questionnaire' },
      },
    ],
    widgets: true,
  },
  comms: {
    routes: [
      '/emails',
      '/emails/:tab',
      '/emails/templates/create',
      '/emails/templates/:id/edit',
      '/emails/campaigns/create',
      '/emails/campaigns/:id',
      '/automation',
      '/automation/new',
      '/automation/:automationId/edit',
      // Public (signed in or not): a campaign message's unsubscribe link.
      '/unsubscribe/:token',
    ],
    ...publicPaths('comms'),
    nav: [
      { key: 'emails', label: 'Emails', path: '/emails', icon: 'emails' },
      // The mobile menu shows Subscription in its place (spec, sidebar).
      { key: 'automation', label: 'Automation', path: '/automation', icon: 'automation', only: 'desktop' },
    ],
    newMenu: [],
    headerWidgets: true,
  },
  community_market: {
    routes: [
      '/communities',
      '/communities/:communityId',
      '/communities/:communityId/events/:eventId',
      '/events/create',
      '/user/:userId',
      '/marketplace',
      '/marketplace/create',
      '/marketplace/listing/:listingId',
      '/marketplace/listing/:listingId/edit',
      '/marketplace/reviews',
      '/dashboard/purchases',
      '/dashboard/sales',
      '/dashboard/transaction/:transactionId',
    ],
    nav: [{ key: 'communities', label: 'Communities', path: '/communities', icon: 'communities' }],
    newMenu: [],
    search: true,
  },
  admin: {
    routes: [
      '/businesses/settings',
      '/businesses/:businessId/settings',
      '/businesses/new',
      '/admin-users',
      '/admin-users/:userId',
      '/subscription',
    ],
    nav: [
      // The mobile menu shows Subscription where the sidebar shows Automation (docs/requirements.md §2).
      { key: 'subscription', label: 'Subscription', path: '/subscription', icon: 'subscription', only: 'mobile' },
      {
        key: 'admin-users',
        label: 'Admin users',
        path: '/admin-users',
        icon: 'admin-users',
        requires: 'companyDomain',
      },
    ],
    newMenu: [],
  },
};

/**
 * Checks a loaded module against its metadata (each remote's module test calls it): the routes, modals, search
 * provider and widgets the module has must be the ones the table announces. Returns the disagreements.
 */
export function metaMismatches(
  meta: RemoteMeta,
  m: {
    routes: { path: string; public?: boolean }[];
    nav: RemoteNavEntry[];
    newMenu: RemoteNewMenuEntry[];
    widgets: unknown[];
    modals?: { id: string }[];
    search?: unknown;
    headerWidgets?: unknown[];
  },
): string[] {
  const out: string[] = [];
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');
  if (
    !same(
      meta.routes,
      m.routes.map((r) => r.path),
    )
  )
    out.push('routes');
  if (JSON.stringify(meta.nav) !== JSON.stringify(m.nav)) out.push('nav');
  if (JSON.stringify(meta.newMenu) !== JSON.stringify(m.newMenu)) out.push('newMenu');
  if (
    !same(
      meta.modals ?? [],
      (m.modals ?? []).map((x) => x.id),
    )
  )
    out.push('modals');
  if (!!meta.search !== (typeof m.search === 'function')) out.push('search');
  if (!!meta.widgets !== m.widgets.length > 0) out.push('widgets');
  if (!!meta.headerWidgets !== (m.headerWidgets?.length ?? 0) > 0) out.push('headerWidgets');
  const publicRoutes = m.routes.filter((r) => r.public).map((r) => r.path);
  const covered = (p: string) => (meta.publicPaths ?? []).some((x) => p === x || p.startsWith(`${x}/`));
  if (!publicRoutes.every(covered)) out.push('publicPaths');
  return out;
}
