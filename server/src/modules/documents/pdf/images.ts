/**
 * Images (logo, signatures) for the PDF: PNG or JPEG, as bytes or a data URL. Anything else — another format,
 * a broken data URL, a file too big — is dropped (null), so a bad logo never stops the document.
 */
import type { PdfImage } from './model';

/** Bigger images are skipped: the PDF is built in memory per request. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length > magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function decodeDataUrl(url: string): Uint8Array | null {
  const match = /^data:image\/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/i.exec(url.trim());
  if (!match) return null;
  // Base64 is 4/3 of the bytes: refuse before decoding a huge string.
  if ((match[1]!.length * 3) / 4 > MAX_IMAGE_BYTES + 4) return null;
  return Buffer.from(match[1]!, 'base64');
}

/** The image as a PNG/JPEG data URL pdfmake can draw, or null when it is not one. */
export function imageDataUrl(image: PdfImage | null | undefined): string | null {
  if (!image) return null;
  const bytes = typeof image === 'string' ? decodeDataUrl(image) : image;
  if (!bytes || bytes.length > MAX_IMAGE_BYTES) return null;
  const mime = startsWith(bytes, PNG) ? 'image/png' : startsWith(bytes, JPEG) ? 'image/jpeg' : null;
  if (!mime) return null;
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}
