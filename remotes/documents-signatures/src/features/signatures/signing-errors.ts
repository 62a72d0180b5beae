import { isApiError } from '@atrium/api-client';
import { SIGNATURE_ERROR_PAGES } from '@atrium/domain-documents';

/**
 * Where a refused signing link leads (the slice's SIGNATURE_ERROR_PAGES, by the error's code): a reused or expired
 * link to /document-expired, an unknown one to /document-not-found, a voided or declined workflow to
 * /document-error. NOT_YOUR_TURN stays on the page (the signer waits for an email); anything else (the network, a
 * field message) is said where it happened: null.
 */
export function signingErrorPage(e: unknown): string | null {
  if (!isApiError(e)) return null;
  const byCode = (SIGNATURE_ERROR_PAGES as Record<string, string>)[e.code];
  if (byCode) return byCode;
  // A body without a code of ours: decide on the status as the public document view does.
  if (e.status === 410) return SIGNATURE_ERROR_PAGES.GONE;
  if (e.status === 404) return SIGNATURE_ERROR_PAGES.NOT_FOUND;
  return null;
}

export const isNotYourTurn = (e: unknown) => isApiError(e) && e.code === 'SIGNATURE_NOT_YOUR_TURN';
