import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isPreviewable, type WorkFile } from '@atrium/domain-work/schemas';
import { UNSAFE_CHARS, wellFormed } from './file-sniff';

/** Stored files may be kept by the browser for five minutes (they never change; a deleted one 404s after). */
export const FILE_CACHE_CONTROL = 'private, max-age=300';

/**
 * A file's own document can never run script in our origin: `sandbox` gives it an opaque origin and no
 * scripts, `default-src 'none'` loads nothing (inline styles only, for the browser's own image viewer).
 */
const SANDBOXED = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
/**
 * A PDF shown inline: Chrome and Safari refuse to start their PDF viewer in a sandboxed document, so no
 * `sandbox` here — the viewer runs the document isolated from our origin, and the bytes are a PDF by their
 * signature and served as one with nosniff. The app's own pages (same origin) may frame it for a preview.
 */
const PDF_INLINE = "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'self'";

/** RFC 5987 attr-char: what may stay unescaped in `filename*`. encodeURIComponent leaves ' ( ) * too. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition of a stored file (RFC 6266): `inline` or `attachment`, an ASCII `filename` for old
 * clients (accents dropped, anything else outside printable ASCII, quotes, backslashes and % as `_`) and the
 * exact name as UTF-8 in `filename*` (RFC 5987), which every current browser prefers.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const exact = wellFormed(name).replace(UNSAFE_CHARS, '');
  const ascii =
    exact
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'file';
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(exact || 'file')}`;
}

/**
 * Answers a stored file as a stream: its sniffed type (text as UTF-8), its length, inline for images and PDFs
 * unless `download` (then attachment), never sniffed again by the browser, never able to run script in the
 * API's origin, privately cacheable for five minutes.
 */
export function sendStoredFile(reply: FastifyReply, file: WorkFile, stream: Readable, download: boolean) {
  const inline = !download && isPreviewable(file.type);
  const pdfInline = inline && file.type === 'application/pdf';
  return reply
    .header('content-type', file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name, inline))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', pdfInline ? PDF_INLINE : SANDBOXED)
    .header('x-frame-options', pdfInline ? 'SAMEORIGIN' : 'DENY')
    .header('cache-control', FILE_CACHE_CONTROL)
    .send(stream);
}

/** Bytes out with their headers (an image, a cover: the answer is not JSON, so the reply is untyped). */
export function sendBytes(reply: FastifyReply, headers: Record<string, string>, body: Buffer | string) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.send(body);
}
