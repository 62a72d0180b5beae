import type { ApiClient } from './client';

/** Identity calls (spec section 7, auth and user): verify e-mail, resend, forgot/reset password, Google, profile, password change, sessions. */
export function identityApi(client: ApiClient) {
  return { client };
}
