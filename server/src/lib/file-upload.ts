import type { FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_UPLOAD } from '@atrium/domain-work/schemas';
import { AppError } from './errors';

/**
 * Multipart limits for a route taking work files (register @fastify/multipart with `{ limits: FILE_MULTIPART_LIMITS }`).
 * One byte and one file above the allowed numbers, so that going over is seen (a file cut at exactly the limit
 * would look complete) and answered by the files service with the domain's messages: 413 tooLarge, 400 tooMany.
 */
export const FILE_MULTIPART_LIMITS = {
  fileSize: FILE_MAX_BYTES + 1,
  files: FILES_PER_UPLOAD + 1,
  fields: 5,
  parts: FILES_PER_UPLOAD + 1 + 5,
  headerPairs: 50,
  fieldSize: 1024,
} as const;

/** One file part of a multipart request, as the route hands it over (from request.parts()). */
export interface UploadPart {
  fieldname: string;
  filename: string;
  mimetype: string;
  file: NodeJS.ReadableStream & { truncated?: boolean };
}

/** One text field of a multipart request (@fastify/multipart types its value as unknown). */
export interface UploadField {
  fieldname: string;
  value: unknown;
}

export const isUploadPart = (part: UploadPart | UploadField): part is UploadPart =>
  'file' in part && typeof (part as UploadPart).file === 'object';

/**
 * What a failure while reading a multipart body means to the user. Fastify's multipart errors and busboy's
 * parse errors are the client's doing (never a 500): over the size → 413, too many parts → 400 tooMany, a body
 * that is not multipart or cannot be read → 400 noFile. An AppError, or an error that is not the upload's
 * (the database), is answered as it is.
 */
export function uploadFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION_ERROR', FILE_MESSAGES.tooMany);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('VALIDATION_ERROR', FILE_MESSAGES.noFile);
  }
  // busboy's own parse errors ("Unexpected end of multipart data", "Boundary not found" …) carry no code.
  if (error instanceof Error && !('code' in error) && isBusboyMessage(error.message)) {
    return new AppError('VALIDATION_ERROR', FILE_MESSAGES.noFile);
  }
  return error;
}

const isBusboyMessage = (message: string) =>
  /unexpected end of multipart data|terminated early|boundary (not found|required)/i.test(message);

/**
 * The parts of a multipart request for FilesService.saveUpload: 400 noFile when the request is not multipart
 * (instead of @fastify/multipart's 406). The route's plugin must register @fastify/multipart with
 * FILE_MULTIPART_LIMITS. Errors met while iterating are translated by the service (uploadFailure).
 */
export function uploadParts(request: FastifyRequest): AsyncIterable<UploadPart | UploadField> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', FILE_MESSAGES.noFile);
  try {
    return request.parts();
  } catch (error) {
    throw uploadFailure(error);
  }
}
