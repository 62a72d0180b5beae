import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, MESSAGES, type ApiErrorBody, type ErrorCode, type FieldError } from '@atrium/contracts';
import { FOREIGN_KEY_VIOLATION, isDatabaseUnavailable, pgErrorCode } from '../db/client';
import type { ErrorReporter } from './error-reporting';

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  NOT_FOUND: 'Not found',
  VALIDATION_ERROR: 'Validation failed',
  UNAUTHORIZED: 'Not signed in',
  FORBIDDEN: 'Forbidden',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  INTERNAL_ERROR: MESSAGES.unexpected,
  LOGIN_FAILED: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: 'Email address is not verified',
  CSRF_INVALID: 'Invalid CSRF token',
  SERVICE_UNAVAILABLE: 'The service is unavailable right now. Please try again in a moment.',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  URI_TOO_LONG: 'The address is too long',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  DEPRECATED_CALL: 'This call is no longer supported',
  GONE: 'This link has expired',
  SIGNATURE_LINK_USED: 'This signing link has already been used',
  SIGNATURE_VOIDED: 'This signing request was withdrawn by the sender',
  SIGNATURE_DECLINED: 'This signing request was declined by another signer',
  SIGNATURE_NOT_YOUR_TURN: 'It is not your turn to sign yet',
  DUPLICATE_COMMUNITY_NAME: 'A community with this name already exists',
};

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_UNAVAILABLE_S = 5;

/** The one error class services throw; the handler below turns it into the contracts' error body. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: FieldError[],
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }

  toBody(): ApiErrorBody {
    return {
      success: false,
      code: this.code,
      error: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** Mirrors contracts' toFieldErrors for the issues fastify-type-provider-zod hands over. */
function fieldErrors(validation: { instancePath: string; message?: string }[]): FieldError[] {
  return validation.map((v) => ({
    field: v.instancePath.split('/').filter(Boolean).join('.') || '_',
    message: v.message ?? 'Invalid value',
  }));
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export const CHANGED_MEANWHILE = 'Something this change refers to was just removed. Reload and try again.';

declare module 'fastify' {
  interface FastifyInstance {
    /** lib/error-reporting.ts: where this app's 5xx are reported (null: SENTRY_DSN unset, reporting off). */
    errorReporter: ErrorReporter | null;
  }
  interface FastifyContextConfig {
    /**
     * The `error` text of a 400 for this route's invalid body (e.g. 'Invalid project data'); the field messages
     * stay in `details`. Without it: 'Validation failed'.
     */
    validationMessage?: string;
  }
}

/**
 * Maps anything thrown to an AppError (and a status when fastify gave a 4xx outside the catalogue).
 * `bodyMessage`: the route's text for an invalid body (route config `validationMessage`).
 */
export function toAppError(error: unknown, bodyMessage?: string): { appError: AppError; status: number } {
  if (error instanceof AppError) return { appError: error, status: error.statusCode };
  const err = error as FastifyError & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const message = bodyMessage && err.validationContext === 'body' ? bodyMessage : 'Validation failed';
    return {
      appError: new AppError('VALIDATION_ERROR', message, fieldErrors(err.validation)),
      status: 400,
    };
  }
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') {
    if (err.code === 'FST_ERR_BAD_URL') {
      return { appError: new AppError('VALIDATION_ERROR', 'The address is not valid'), status: 400 };
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return { appError: new AppError('VALIDATION_ERROR', 'Malformed JSON body'), status: 400 };
    }
  }
  if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
    return { appError: new AppError('VALIDATION_ERROR', 'Malformed JSON body'), status: 400 };
  }
  // A row the write refers to (a group, a contact) was deleted between the service's check and the write: the
  // transaction rolled back; the caller only needs to try again with what exists now.
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
    return { appError: new AppError('CONFLICT', CHANGED_MEANWHILE), status: 409 };
  }
  // The database dropped the connection or could not be reached in time: nothing was written (a transaction
  // rolls back with its connection), and the same request can simply be sent again.
  if (isDatabaseUnavailable(error)) return { appError: new AppError('SERVICE_UNAVAILABLE'), status: 503 };
  const status = typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    return { appError: new AppError(code, err.message || undefined), status };
  }
  return { appError: new AppError('INTERNAL_ERROR'), status: 500 };
}

export function errorHandler(this: FastifyInstance, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

/** Answers any error in the contracts' error body (the error handler, and Fastify's framework errors). */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { appError, status } = toAppError(error, request.routeOptions?.config?.validationMessage);
  if (status === 503) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_S));
  } else if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (status >= 500) request.server.errorReporter?.requestFailed(error, request, status);
  else request.log.debug({ code: appError.code, msg: appError.message }, 'request rejected');
  return reply.status(status).type('application/json; charset=utf-8').send(appError.toBody());
}
