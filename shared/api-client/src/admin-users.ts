import type { ApiClient } from './client';

/** Admin users (company-domain users only). */
export function adminUsersApi(client: ApiClient) {
  return { client };
}
