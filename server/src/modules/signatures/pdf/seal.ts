/**
 * The seal of a rendered contract (PAdES baseline B-B, ETSI.CAdES.detached): pdf-lib writes the metadata and the
 * signature placeholder, @signpdf fills it with our CMS signature (./cms.ts). Runs in a PDF worker thread
 * (src/workers/pdf-worker.ts): `finalizeSignedPdf` (./finalize.ts) sends it a `SealTask`.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { CadesSigner, type SealingKey } from './cms';
import type { LoadedSigningIdentity } from './identity';

/** What the seal needs (a structured clone: the key is a KeyObject, which worker threads can receive). */
export interface SealTask {
  rendered: Uint8Array;
  title: string;
  workflowId: string;
  businessName: string;
  documentSha256: string;
  /** The seal's claimed signing time (/M). */
  signedAt: Date;
  key: SealingKey & Pick<LoadedSigningIdentity, 'commonName' | 'source'>;
}

export interface SealedPdf {
  pdf: Uint8Array;
  sealedSha256: string;
  pageCount: number;
}

/** PDF text strings of the signature dictionary are written as PDFDocEncoding by the placeholder: ASCII only. */
const ascii = (value: string) =>
  value
    .replace(/[\u2013\u2014]/g, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();

/** Seals on the calling thread (the worker's). */
export async function sealRenderedPdf(task: SealTask): Promise<SealedPdf> {
  // Buffers arrive as plain Uint8Arrays from another thread; the CMS code reads them as Buffers.
  const key = {
    ...task.key,
    certificateDer: Buffer.from(task.key.certificateDer),
    issuerDer: Buffer.from(task.key.issuerDer),
  };
  const pdfDoc = await PDFDocument.load(task.rendered, { updateMetadata: false });
  pdfDoc.setTitle(`${task.title} (signed)`);
  pdfDoc.setSubject(`Signed contract, signature workflow ${task.workflowId}`);
  pdfDoc.setKeywords([`document-sha256:${task.documentSha256}`, `workflow:${task.workflowId}`]);
  pdfDoc.setProducer('Atrium');
  pdfDoc.setCreator('Atrium signatures');
  pdfDoc.setModificationDate(task.signedAt);
  const pages = pdfDoc.getPages();
  pdflibAddPlaceholder({
    pdfDoc,
    // The (invisible) signature field sits on the certificate page.
    pdfPage: pages[pages.length - 1],
    reason: ascii(`Signed by all parties; sealed by Atrium (workflow ${task.workflowId})`),
    contactInfo: '',
    name: ascii(key.commonName),
    location: ascii(task.businessName),
    signingTime: task.signedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Our CMS is ~1.5 KB with the certificate; a configured certificate may bring its chain.
    signatureLength: key.source === 'configured' ? 16384 : 8192,
    appName: 'Atrium',
  });
  const prepared = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  const pdf = await new SignPdf().sign(prepared, new CadesSigner(key));
  return { pdf, sealedSha256: createHash('sha256').update(pdf).digest('hex'), pageCount: pages.length };
}
