import type { ComponentType } from 'react';
import type { SidebarKey } from './constants';

/** A page a remote contributes to the host's single router. */
export interface RemoteRoute {
  /** Absolute path as in spec section 2, e.g. '/contacts' or '/contacts/:contactId'. */
  path: string;
  /** Lazy page component: the host wraps it in Suspense and an error boundary. */
  load: () => Promise<{ default: ComponentType }>;
  /** Public routes skip the sign-in requirement and render outside the shell. */
  public?: boolean;
}

export interface RemoteNavEntry {
  key: SidebarKey;
  label: string;
  path: string;
  /** Name of an icon the shared UI package knows. */
  icon: string;
  /** Desktop only (hidden in the mobile menu) or mobile only. */
  only?: 'desktop' | 'mobile';
  /**
   * Shown only to some users, decided by the host from the session user: 'companyDomain' = the e-mail ends
   * with @ the product company's domain (RemotesManifest.companyDomain; absent = no one).
   */
  requires?: 'companyDomain';
}

export interface RemoteNewMenuEntry {
  key: string;
  label: string;
  order: number;
  /** Navigate to a path, or raise a modal by id on the event bus. */
  action: { type: 'navigate'; to: string } | { type: 'modal'; id: string };
}

export interface RemoteDashboardWidget {
  key: string;
  title: string;
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

/** Props the host gives a modal it mounts for a remote. */
export interface RemoteModalProps {
  onClose: () => void;
  /** Whatever the opener passed on the bus (e.g. an entity id to edit). */
  data?: unknown;
}

/** A modal a remote offers to the whole app: the host mounts it when 'modal:open' names its id. */
export interface RemoteModal {
  id: string;
  load: () => Promise<{ default: ComponentType<RemoteModalProps> }>;
}

/** What every remote's './module' exposes as its default export. The host knows remotes only through this. */
export interface RemoteModule {
  name: RemoteName;
  routes: RemoteRoute[];
  nav: RemoteNavEntry[];
  newMenu: RemoteNewMenuEntry[];
  widgets: RemoteDashboardWidget[];
  /** Optional: modals other apps may open through the bus (e.g. '+ New' → Contact). */
  modals?: RemoteModal[];
}

export const REMOTE_NAMES = ['crm', 'work', 'documents_signatures', 'comms', 'community_market', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Port map of ARCHITECTURE.md; the manifest may point anywhere at deploy time. */
export const REMOTE_PORTS: Record<RemoteName, number> = {
  crm: 3001,
  work: 3002,
  documents_signatures: 3003,
  comms: 3004,
  community_market: 3005,
  admin: 3006,
};

/** The manifest the host fetches at run time from /remotes.json. */
export interface RemotesManifest {
  remotes: { name: RemoteName; entry: string }[];
  /** The product company's e-mail domain (server ADMIN_EMAIL_DOMAIN): who sees the admin pages. */
  companyDomain?: string;
}

export function isRemoteModule(value: unknown): value is RemoteModule {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<RemoteModule>;
  return (
    typeof m.name === 'string' &&
    (REMOTE_NAMES as readonly string[]).includes(m.name) &&
    Array.isArray(m.routes) &&
    Array.isArray(m.nav) &&
    Array.isArray(m.newMenu) &&
    Array.isArray(m.widgets) &&
    (m.modals === undefined ||
      (Array.isArray(m.modals) && m.modals.every((x) => typeof x.id === 'string' && typeof x.load === 'function'))) &&
    m.routes.every((r) => typeof r.path === 'string' && r.path.startsWith('/') && typeof r.load === 'function')
  );
}
