import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_MIME_TYPES } from '@atrium/contracts';
import { AppError } from './errors';

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export interface CheckedImage {
  mime: ImageMime;
  bytes: Buffer;
}

/** Multipart limits for an image route: one file of at most IMAGE_MAX_BYTES, a few small fields. */
export const IMAGE_MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  headerPairs: 50,
  fieldSize: 1024,
} as const;

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The real type of an image from its first bytes; null for anything that is not png, jpeg, webp or gif. */
export function sniffImageType(bytes: Buffer): ImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Browsers' and tools' aliases of the accepted types. */
const ALIASES: Record<string, ImageMime> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

function normaliseDeclared(mime: string | undefined): string {
  const base = (mime ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return ALIASES[base] ?? base;
}

/**
 * Accepts the bytes only when the content is a png, jpeg, webp or gif AND the declared type (the part's
 * Content-Type) says the same; otherwise 415 with `formatMessage`. Over IMAGE_MAX_BYTES → 413.
 */
export function checkImage(bytes: Buffer, declaredMime: string | undefined, formatMessage: string): CheckedImage {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.noFile);
  const real = sniffImageType(bytes);
  if (!real || normaliseDeclared(declaredMime) !== real) throw new AppError('UNSUPPORTED_MEDIA_TYPE', formatMessage);
  return { mime: real, bytes };
}

/**
 * Reads the one image file of a multipart request (field name among `fields`) and checks it. Nothing is
 * stored by this function; on any failure the caller stores nothing either. The route's plugin must have
 * registered @fastify/multipart with IMAGE_MULTIPART_LIMITS.
 */
export async function readImageUpload(
  request: FastifyRequest,
  fields: readonly string[],
  formatMessage: string,
): Promise<CheckedImage> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notMultipart);
  let file;
  try {
    file = await request.file();
  } catch (error) {
    throw fileTooLarge(error) ?? new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.noFile);
  }
  if (!file) throw new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.noFile);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    throw fileTooLarge(error) ?? new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.noFile);
  }
  if (!fields.includes(file.fieldname)) throw new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.noFile);
  return checkImage(bytes, file.mimetype, formatMessage);
}

function fileTooLarge(error: unknown): AppError | null {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge) : null;
}
