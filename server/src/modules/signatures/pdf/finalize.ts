/**
 * finalizeSignedPdf: the contract with the signatures in place + the certificate of completion, rendered by the
 * documents renderer, then sealed (PAdES, ETSI.CAdES.detached) with the installation's identity. CPU only: no
 * database, no network.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { renderDocumentPdf, type PdfDocumentModel } from '../../documents/pdf';
import { documentContentSha256, signedContractModel } from './certificate';
import { CadesSigner } from './cms';
import type { LoadedSigningIdentity } from './identity';
import type { FinalizeSignedPdfInput, FinalizedSignedPdf } from './types';

/** The document's content changed between sending and completion: nothing is sealed. */
export class DocumentChangedError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`The contract changed after it was sent for signature (SHA-256 ${actual}, expected ${expected})`);
    this.name = 'DocumentChangedError';
  }
}

/** The input cannot make a signed PDF (no signer, a drawn signature that is not a PNG, …). */
export class SignedPdfInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedPdfInputError';
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PDF text strings of the signature dictionary are written as PDFDocEncoding by the placeholder: ASCII only. */
const ascii = (value: string) =>
  value
    .replace(/[\u2013\u2014]/g, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();

function checkInput(input: FinalizeSignedPdfInput): void {
  if (!input.signers.length) throw new SignedPdfInputError('A signed PDF needs at least one signer');
  for (const signer of input.signers) {
    const mark = signer.signature;
    if (mark.kind === 'drawn' && !Buffer.from(mark.png.buffer, mark.png.byteOffset, 8).equals(PNG_MAGIC)) {
      throw new SignedPdfInputError(`The drawn signature of ${signer.email} is not a PNG image`);
    }
    if (mark.kind === 'typed' && !mark.text.trim()) {
      throw new SignedPdfInputError(`The typed signature of ${signer.email} is empty`);
    }
  }
}

export interface FinalizeDeps {
  identity: LoadedSigningIdentity;
  /** The documents renderer (default: renderDocumentPdf). */
  renderPdf?: (model: PdfDocumentModel) => Promise<Uint8Array>;
  /** The seal's claimed signing time (/M); default now. */
  now?: () => Date;
}

export async function finalizeSignedPdf(
  input: FinalizeSignedPdfInput,
  { identity, renderPdf = renderDocumentPdf, now = () => new Date() }: FinalizeDeps,
): Promise<FinalizedSignedPdf> {
  checkInput(input);
  const documentSha256 = documentContentSha256(input.document);
  if (input.expectedDocumentSha256 && input.expectedDocumentSha256.toLowerCase() !== documentSha256) {
    throw new DocumentChangedError(input.expectedDocumentSha256, documentSha256);
  }

  const rendered = await renderPdf(signedContractModel(input, documentSha256));
  const pdfDoc = await PDFDocument.load(rendered, { updateMetadata: false });
  pdfDoc.setTitle(`${input.document.header.title} (signed)`);
  pdfDoc.setSubject(`Signed contract, signature workflow ${input.workflowId}`);
  pdfDoc.setKeywords([`document-sha256:${documentSha256}`, `workflow:${input.workflowId}`]);
  pdfDoc.setProducer('Atrium');
  pdfDoc.setCreator('Atrium signatures');
  const signedAt = now();
  pdfDoc.setModificationDate(signedAt);
  const pages = pdfDoc.getPages();
  pdflibAddPlaceholder({
    pdfDoc,
    // The (invisible) signature field sits on the certificate page.
    pdfPage: pages[pages.length - 1],
    reason: ascii(`Signed by all parties; sealed by Atrium (workflow ${input.workflowId})`),
    contactInfo: '',
    name: ascii(identity.commonName),
    location: ascii(input.businessName),
    signingTime: signedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Our CMS is ~1.5 KB with the certificate; a configured certificate may bring its chain.
    signatureLength: identity.source === 'configured' ? 16384 : 8192,
    appName: 'Atrium',
  });
  const prepared = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  const pdf = await new SignPdf().sign(prepared, new CadesSigner(identity));
  return {
    pdf,
    documentSha256,
    sealedSha256: createHash('sha256').update(pdf).digest('hex'),
    pageCount: pages.length,
  };
}
