import { CLIENT_ERROR_CODES, type ApiErrorShape } from '@atrium/contracts/error-codes';

/** The one error every call throws: { status, code, message, data } (docs/requirements.md §8). */
export class ApiError extends Error implements ApiErrorShape {
  readonly status: number;
  readonly code: string;
  readonly data?: unknown;
  /** A pass-through the spec says is not reported (no toast, no error report). */
  readonly quiet: boolean;

  constructor(status: number, code: string, message: string, data?: unknown, quiet = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.quiet = quiet;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof Error && (e as ApiError).name === 'ApiError' && typeof (e as ApiError).status === 'number';
}

/** Other errors with a body: code is the body's code, else the status; message is the body's error. */
export function fromResponse(status: number, body: unknown, statusText: string, quiet: boolean): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; error?: unknown; message?: unknown; details?: unknown };
    const code = typeof b.code === 'string' && b.code ? b.code : String(status);
    const message =
      typeof b.error === 'string' && b.error
        ? b.error
        : typeof b.message === 'string' && b.message
          ? b.message
          : statusText || `Request failed with status ${status}`;
    return new ApiError(status, code, message, b.details ?? body, quiet);
  }
  // No body: NETWORK_ERROR with the message (the HTTP status is kept for callers and reporting).
  return new ApiError(
    status,
    CLIENT_ERROR_CODES.network,
    statusText || `Request failed with status ${status}`,
    undefined,
    quiet,
  );
}

/** No answer at all (offline, DNS, timeout, CORS): NETWORK_ERROR with the message, status 0. */
export function networkError(message: string): ApiError {
  return new ApiError(0, CLIENT_ERROR_CODES.network, message);
}

/** The errors whose details name the fields at fault. */
const FIELD_ERROR_CODES = new Set(['VALIDATION_ERROR', 'CONFLICT']);

/**
 * The server validates with the same schemas as the forms: a VALIDATION_ERROR's field messages (or a CONFLICT's,
 * such as an address another record has), keyed by field, ready for a form's setErrors. Null for any other error
 * and for a conflict that names no field.
 */
export function fieldErrorsOf(e: unknown): Record<string, string> | null {
  if (!isApiError(e) || !FIELD_ERROR_CODES.has(e.code) || !Array.isArray(e.data)) return null;
  return Object.fromEntries((e.data as { field: string; message: string }[]).map((d) => [d.field, d.message]));
}

/**
 * A failed action for the screen: the spec's message as the headline, and the server's own message as the detail
 * when it says something more (never the same text twice).
 */
export function failureOf(title: string, e: unknown): { title: string; detail?: string } {
  const detail = isApiError(e) && e.message && e.message !== title ? e.message : undefined;
  return detail ? { title, detail } : { title };
}
