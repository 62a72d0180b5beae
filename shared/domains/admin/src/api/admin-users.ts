import type { ListEnvelope } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';
import type { AdminUserDetail, AdminUserSummary, AdminUsersQuery } from '../schemas';

const enc = encodeURIComponent;

/** Admin users (company-domain users only): every user of the installation. */
export function adminUsersApi(client: ApiClient) {
  return {
    list: (query: AdminUsersQuery = {}) =>
      client.get<ListEnvelope<AdminUserSummary>>('admin/users', {
        search: query.search?.trim(),
        page: query.page,
        limit: query.limit,
      }),
    get: async (id: string) =>
      (await client.get<{ success: true; data: AdminUserDetail }>(`admin/users/${enc(id)}`)).data,
  };
}
