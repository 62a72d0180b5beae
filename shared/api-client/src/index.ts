import { createApiClient } from './client';

/*
 * The transport only: the client (ky), the session, CSRF, refresh, error normalisation. Typed calls of a domain
 * live in its slice (shared/domains/<domain>), which calls through `api` below.
 */
export {
  createApiClient,
  type ApiClient,
  type ClientOptions,
  type RegisterResult,
  type RequestOptions,
} from './client';
export { ApiError, failureOf, fieldErrorsOf, isApiError } from './api-error';
export { isQuiet } from './quiet';
export { CircuitBreaker } from './circuit-breaker';
/*
 * The session is read-only outside the api-client: `sessionView` (for useSnapshot), `getSession()`,
 * `onSessionChange()`. Its writes are the client's (`api.auth`: sign-in, sign-out, openSession, adoptUser,
 * businessChanged); tests set one up through `@atrium/api-client/testing`.
 */
export {
  sessionView,
  getSession,
  onSessionChange,
  type ReadonlySession,
  type SessionState,
  type SessionStatus,
} from './session';

/** The one client of the page: host and every remote import this same instance (federation singleton). */
export const api = createApiClient();
