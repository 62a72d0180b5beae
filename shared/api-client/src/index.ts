import { createApiClient } from './client';
import { contactGroupsApi, contactTagsApi, contactsApi } from './contacts';
import { contactImportApi } from './contact-import';
import { identityApi } from './identity';
import { businessesApi } from './businesses';
import { adminUsersApi } from './admin-users';
import { googleApi } from './google';

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
export { contactGroupsApi, contactTagsApi, contactsApi, type ContactGroupSummary } from './contacts';
export { identityApi, type IdentityApi } from './identity';
export { businessesApi, type BusinessInvite, type BusinessesApi } from './businesses';
export { adminUsersApi } from './admin-users';
export { googleApi, type GoogleApi, type GoogleCallback, type GoogleMode, type GoogleStatus } from './google';
export {
  contactImportApi,
  CONTACT_UPLOAD_TIMEOUT_MS,
  CONTACT_VALIDATE_TIMEOUT_MS,
  type ContactImportApi,
  type ContactImportMappingInput,
} from './contact-import';

/** The one client of the page: host and every remote import this same instance (federation singleton). */
export const api = createApiClient();
export const contacts = contactsApi(api);
export const contactGroups = contactGroupsApi(api);
export const contactTags = contactTagsApi(api);
export const contactImport = contactImportApi(api);
export const identity = identityApi(api);
export const businesses = businessesApi(api);
export const adminUsers = adminUsersApi(api);
export const google = googleApi(api);
