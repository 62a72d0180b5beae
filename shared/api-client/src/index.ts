import { createApiClient } from './client';
import { contactsApi } from './contacts';

export { createApiClient, type ApiClient, type ClientOptions, type RequestOptions } from './client';
export { ApiError, isApiError } from './api-error';
export { isQuiet } from './quiet';
export { CircuitBreaker } from './circuit-breaker';
export { session, clearSession, type SessionState, type SessionStatus } from './session';
export { contactsApi } from './contacts';

/** The one client of the page: host and every remote import this same instance (federation singleton). */
export const api = createApiClient();
export const contacts = contactsApi(api);
