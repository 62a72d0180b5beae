import { DOCUMENT_MESSAGES as M } from './messages';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Base64 text → bytes, in the browser and in Node (atob is global in both). */
function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * GET /documents/{id}/pdf is read as text (spec §"Documents"): JSON whose `data` holds the base64 PDF. The answer
 * comes as its text, or as the api-client's parsed body (which is undefined when the text was not JSON). Anything
 * that is not JSON with a string `data` → 'Invalid response format'; a `data` that is not base64 of a PDF
 * ("%PDF-" header) → 'Failed to parse base64 PDF response'.
 */
export function parsePdfAnswer(answer: unknown): Uint8Array {
  let body: unknown = answer;
  if (typeof answer === 'string') {
    try {
      body = JSON.parse(answer);
    } catch {
      throw new Error(M.invalidResponseFormat);
    }
  }
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'string') throw new Error(M.invalidResponseFormat);
  const clean = data.replace(/\s+/g, '');
  if (!clean || clean.length % 4 !== 0 || !BASE64.test(clean)) throw new Error(M.pdfParseFailed);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(clean);
  } catch {
    throw new Error(M.pdfParseFailed);
  }
  const header = String.fromCharCode(...bytes.subarray(0, 5));
  if (header !== '%PDF-') throw new Error(M.pdfParseFailed);
  return bytes;
}
