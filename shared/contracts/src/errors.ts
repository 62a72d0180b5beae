import * as z from 'zod';

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
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Transport-side codes the api-client produces on its own. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  authFailed: 'AUTH_FAILED',
  timeout: 'TIMEOUT',
} as const;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error answer of the API has this shape. `error` is the human message. */
export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  error: z.string(),
  details: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The normalised error every app sees: { status, code, message, data }. */
export interface ApiErrorShape {
  status: number;
  code: string;
  message: string;
  data?: unknown;
}

/** Turns zod issues into the list of field/message pairs the spec asks for. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '_',
    message: issue.message,
  }));
}
