/**
 * renderDocumentPdf(model) → the PDF bytes, rendered in a worker thread (the pool of lib/worker-pool.ts, entry
 * src/workers/pdf-worker.ts) so that the 0.1–1.5 s of layout never holds the API's event loop: see ./render.ts for
 * the renderer (pdfmake, fonts from npm packages, no network or file access from a document).
 */
import { WorkerPool } from '../../../lib/worker-pool';
import type { PdfDocumentModel } from './model';

export type * from './model';
export { DEFAULT_PDF_LABELS } from './model';
export { htmlToBlocks } from './html';

let pool: WorkerPool | null = null;

/**
 * The PDF worker threads of this process (render and, for the signatures module, the seal): at most two, ended
 * when idle.
 */
export function pdfWorkers(): WorkerPool {
  return (pool ??= new WorkerPool({ entry: 'pdf-worker' }));
}

/**
 * Renders the document in a worker thread. An image that looks like PNG/JPEG but that pdfkit cannot read makes the
 * first try throw: the document is then rendered again without images rather than failing (./render.ts).
 */
export async function renderDocumentPdf(model: PdfDocumentModel): Promise<Uint8Array> {
  return pdfWorkers().run<Uint8Array>('render', model);
}
