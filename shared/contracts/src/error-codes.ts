// The error codes and the normalised error shape without zod: the api-client, which the first screen loads,
// needs them; the error body's schema stays in ./errors.
import { MESSAGES } from './messages';

/** Product error classes of docs/requirements.md §8, with their HTTP status. */
export const ERROR_STATUS = {
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  LOGIN_FAILED: 401,
  EMAIL_NOT_VERIFIED: 403,
  CSRF_INVALID: 403,
  /** The database (or another service the request needs) is away for now: try again (with Retry-After). */
  SERVICE_UNAVAILABLE: 503,
  /** Refused by the HTTP layer before any route ran (lib/client-errors.ts on the server). */
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  /** A public link (a shared document) that expired: the client shows its "expired" page, not "not found". */
  GONE: 410,
  /** A call the product no longer supports (the older meeting add-contact/remove-contact calls): say what replaced it. */
  DEPRECATED_CALL: 400,
  /** A signer's link that already served (signed or declined): single use. The client shows its expired page. */
  SIGNATURE_LINK_USED: 409,
  /** A signer's link of a workflow the sender voided. */
  SIGNATURE_VOIDED: 410,
  /** A signer's link of a workflow another signer declined. */
  SIGNATURE_DECLINED: 410,
  /** Sequential signing: this signer's turn has not come (they get an email when it does). */
  SIGNATURE_NOT_YOUR_TURN: 409,
  /** A community's name is taken (any case), on create and on rename: the client shows the spec's own toast. */
  DUPLICATE_COMMUNITY_NAME: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The codes whose toast is the spec's own text rather than the body's message (§8: "Code DUPLICATE_COMMUNITY_NAME
 * gives the toast …"). The shared error handler reads this one map; nothing else spells these texts.
 */
export const ERROR_CODE_TOASTS: Partial<Record<ErrorCode, string>> = {
  DUPLICATE_COMMUNITY_NAME: MESSAGES.duplicateCommunityName,
};

/** Transport-side codes the api-client produces on its own. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  authFailed: 'AUTH_FAILED',
  timeout: 'TIMEOUT',
} as const;

/** The normalised error every app sees: { status, code, message, data }. */
export interface ApiErrorShape {
  status: number;
  code: string;
  message: string;
  data?: unknown;
}
