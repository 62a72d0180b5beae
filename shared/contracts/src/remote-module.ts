import type { ComponentType } from 'react';
import type { SidebarKey } from './constants';
import type { RemoteMeta } from './remote-meta';
import type { SearchProvider } from './search';

/** A page a remote contributes to the host's single router. */
export interface RemoteRoute {
  /** Absolute path as in docs/requirements.md §2, e.g. '/contacts' or '/contacts/:contactId'. */
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
  action: { type: 'navigate'; to: string } | { type: 'modal'; id: ModalId };
}

export interface RemoteDashboardWidget {
  key: string;
  title: string;
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * Every modal one app may open in another, by id, with the payload its opener passes on the bus
 * ('modal:open'). A remote offering a new modal adds its id here, so openers and the modal agree on the data.
 */
export interface ModalPayloads {
  /**
   * crm: the contact form. No payload = a new contact ('+ New' → Contact); `contact` = edit that one (a crm
   * `Contact` from @atrium/domain-crm, which contracts does not import: the modal reads it as its own type).
   */
  contact: { contact?: ModalRecord } | undefined;
  /**
   * work: the task form. No payload = a new task ('+ New' → Task); `projectId` = a new task in that project;
   * `task` = edit that one (a work `Task` from @atrium/domain-work, read by the modal as its own type).
   */
  task: { task?: ModalRecord; projectId?: string } | undefined;
  /** work: the project form. No payload = a new project ('+ New' → Project); `project` = edit that one. */
  project: { project?: ModalRecord } | undefined;
  /**
   * work: the meeting form. No payload = a new meeting ('+ New' → Meeting); `start`/`end`/`allDay` = a new one over
   * that range (a range selected on the calendar: ISO instants, or for all-day the first and the last day,
   * inclusive); `projectId` = a new one in that project; `attendees` = a new one with these attending (a contact
   * page's 'New meeting'); `meeting` = edit that one (a work `Meeting`).
   */
  meeting:
    | {
        meeting?: ModalRecord;
        projectId?: string;
        start?: string;
        end?: string;
        allDay?: boolean;
        attendees?: ModalAttendee[];
      }
    | undefined;
}

/** An attendee handed to the meeting modal: a contact or a member (the work slice's MeetingAttendee). */
export interface ModalAttendee {
  id: string;
  model: 'Contact' | 'User';
  email: string | null;
  name: string | null;
}

/** A record handed to another app's modal; its full wire type lives in the owning domain slice. */
export interface ModalRecord {
  _id: string;
}
export type ModalId = keyof ModalPayloads;

/** What 'modal:open' carries: an id and that id's payload. */
export type ModalOpen = { [K in ModalId]: { id: K; data?: ModalPayloads[K] } }[ModalId];

/** Props the host gives a modal it mounts for a remote. */
export interface RemoteModalProps<K extends ModalId = ModalId> {
  onClose: () => void;
  /** Whatever the opener passed on the bus for this id. */
  data?: ModalPayloads[K];
}

/** A modal a remote offers to the whole app: the host mounts it when 'modal:open' names its id. */
export type RemoteModal = {
  [K in ModalId]: { id: K; load: () => Promise<{ default: ComponentType<RemoteModalProps<K>> }> };
}[ModalId];

/**
 * A widget in the header's right-hand group (docs/requirements.md §2, header: the notification bell, the
 * weather and further widgets). The host renders every remote's widgets in ascending order, each lazily and in
 * its own error boundary: a widget that fails to load or render disappears, the header stays.
 */
export interface RemoteHeaderWidget {
  key: string;
  order: number;
  load: () => Promise<{ default: ComponentType }>;
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
  /** Optional: this remote's part of the header's global search (see SearchProvider). */
  search?: SearchProvider;
  /** Optional: widgets in the header (bell, weather…), placed by order among every remote's. */
  headerWidgets?: RemoteHeaderWidget[];
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
  /**
   * Each remote's entry and its static metadata (REMOTE_META: routes, sidebar, '+ New', public paths, modals,
   * search, widgets), so the host draws the shell without loading any remote. A remote listed without
   * `routes` is loaded with the shell, as before metadata existed.
   */
  remotes: ({
    name: RemoteName;
    entry: string;
  } & Partial<RemoteMeta>)[];
  /** The product company's e-mail domain (server ADMIN_EMAIL_DOMAIN): who sees the admin pages. */
  companyDomain?: string;
  /**
   * Error reporting for the browser apps (server SENTRY_BROWSER_DSN or SENTRY_DSN): a Sentry-compatible DSN, which is
   * public by design, with the environment and release. Absent: reporting is off.
   */
  errorReporting?: { dsn: string; environment: string; release?: string };
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
    (m.search === undefined || typeof m.search === 'function') &&
    (m.headerWidgets === undefined ||
      (Array.isArray(m.headerWidgets) &&
        m.headerWidgets.every(
          (w) => typeof w.key === 'string' && typeof w.order === 'number' && typeof w.load === 'function',
        ))) &&
    m.routes.every((r) => typeof r.path === 'string' && r.path.startsWith('/') && typeof r.load === 'function')
  );
}
