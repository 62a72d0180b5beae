/**
 * The identity domain slice: e-mail verification, password reset, profile and picture, sessions, Google sign-in —
 * wire schemas, typed calls and query keys. Not a federation singleton: each app bundles its own copy. Sign-in,
 * refresh and sign-out themselves are the api-client's (`api.auth`), which owns the session.
 */
import { api } from '@atrium/api-client';
import { googleApi } from './api/google';
import { identityApi } from './api/identity';

export * from './schemas';
export * from './keys';
export { identityApi, type IdentityApi } from './api/identity';
export {
  googleApi,
  type GoogleApi,
  type GoogleCallback,
  type GoogleMode,
  type GoogleResult,
  type GoogleStatus,
} from './api/google';

export const identity = /* @__PURE__ */ identityApi(api);
export const google = /* @__PURE__ */ googleApi(api);
