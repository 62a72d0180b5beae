import type { AdminUsersQuery } from './admin-users';

/* Every query key of the admin domain, spelled once (no literal keys in apps). */

export const businessKeys = {
  /** The caller's businesses (GET /businesses): the host's switcher and the admin pages share this cache. */
  list: ['businesses'] as const,
  /** One business; its invites sit under it, so invalidating it refreshes them too. */
  one: (id: string) => ['business', id] as const,
  invites: (id: string) => ['business', id, 'invites'] as const,
};

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUsersQuery) => ['admin-users', 'list', query] as const,
  detail: (id: string | undefined) => ['admin-users', 'detail', id] as const,
};

export const subscriptionKeys = {
  all: ['subscription'] as const,
  /** The current business's plan, status and the plans (GET /subscription). */
  overview: ['subscription', 'overview'] as const,
  invoices: ['subscription', 'invoices'] as const,
};
