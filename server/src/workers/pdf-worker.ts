/**
 * The PDF worker thread's entry (lib/worker-pool.ts; built as dist/pdf-worker.js by build.mjs): the document
 * render (documents/pdf/render.ts) and the signed contract's seal (signatures/pdf/seal.ts), off the API's event
 * loop. The result's bytes are moved to the caller, not copied.
 */
import { serveTasks } from '../lib/worker-pool';
import { renderDocumentPdfHere } from '../modules/documents/pdf/render';
import type { PdfDocumentModel } from '../modules/documents/pdf/model';
import { sealRenderedPdf, type SealTask } from '../modules/signatures/pdf/seal';

/** The bytes in an ArrayBuffer of their own, which can be moved to the other thread. */
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

serveTasks({
  render: async (model: PdfDocumentModel) => {
    const pdf = own(await renderDocumentPdfHere(model));
    return { value: pdf, transfer: [pdf.buffer] };
  },
  seal: async (task: SealTask) => {
    const sealed = await sealRenderedPdf(task);
    const pdf = own(sealed.pdf);
    return { value: { ...sealed, pdf }, transfer: [pdf.buffer] };
  },
});
