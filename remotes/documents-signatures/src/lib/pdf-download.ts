import { handleError } from '@atrium/ui';

/** A file name for a document's PDF: its title without characters file systems refuse. */
export function pdfFileName(title: string): string {
  const base = title.replace(/[\\/:*?"<>|]+|\s+/g, ' ').trim() || 'document';
  return `${base}.pdf`;
}

/**
 * Fetches a document's PDF (the slice's call decodes the base64 answer and throws the spec's messages on a bad
 * one) and saves it through a temporary link. A failure is an error toast with its message; returns whether it
 * was saved.
 */
export async function downloadPdf(load: () => Promise<Uint8Array>, title: string): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = await load();
  } catch (e) {
    handleError(e);
    return false;
  }
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = pdfFileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
