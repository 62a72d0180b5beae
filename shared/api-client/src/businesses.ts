import type { ApiClient } from './client';

/** Business calls (spec section 7, businesses): list, create, update, delete, invites, members, logo, switch. */
export function businessesApi(client: ApiClient) {
  return { client };
}
