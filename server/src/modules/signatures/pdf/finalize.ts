/**
 * finalizeSignedPdf: the contract with the signatures in place + the certificate of completion, rendered by the
 * documents renderer, then sealed (PAdES, ETSI.CAdES.detached) with the installation's identity (./seal.ts). CPU
 * only: no database, no network. The render and the seal run in the PDF worker threads (documents/pdf
 * pdfWorkers); the checks and the content hash, a few milliseconds, on the caller's.
 */
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { pdfWorkers, renderDocumentPdf, type PdfDocumentModel } from '../../documents/pdf';
import { documentContentSha256, signedContractModel } from './certificate';
import type { LoadedSigningIdentity } from './identity';
import type { SealedPdf, SealTask } from './seal';
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
/** A signing pad's PNG is 600×200; anything far bigger is not a signature (and would be a decompression bomb). */
const MAX_SIGNATURE_SIDE = 4000;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Why a drawn signature's bytes are not a PNG the renderer can draw, or null when they are: the chunks are read
 * (IHDR first, an IDAT, IEND), the size and format checked, and the image data inflated to exactly its rows. The
 * renderer would otherwise drop every image of the document on one it cannot read — a signed PDF must never lose a
 * signature silently.
 */
export function pngProblem(png: Uint8Array): string | null {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_MAGIC)) return 'is not a PNG image';
  let at = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (at + 8 <= buf.length && !ended) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + 8 + length);
    if (body.length !== length || at + 12 + length > buf.length) return 'is a truncated PNG image';
    if (!header && type !== 'IHDR') return 'is a PNG image without a header';
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        color: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || !ended || !data.length) return 'is an incomplete PNG image';
  const { width, height, depth, color, interlace } = header;
  const channels = CHANNELS[color];
  if (!width || !height || width > MAX_SIGNATURE_SIDE || height > MAX_SIGNATURE_SIDE) {
    return `is a PNG image of an unusable size (${width}×${height})`;
  }
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || interlace !== 0) {
    return 'is a PNG image of an unsupported kind (interlaced or unknown colour type)';
  }
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const expected = height * (rowBytes + 1);
  try {
    const rows = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
    if (rows.length !== expected) return 'is a PNG image whose data does not match its size';
  } catch {
    return 'is a PNG image whose data cannot be read';
  }
  return null;
}

function checkInput(input: FinalizeSignedPdfInput): void {
  if (!input.signers.length) throw new SignedPdfInputError('A signed PDF needs at least one signer');
  for (const signer of input.signers) {
    const mark = signer.signature;
    const problem = mark.kind === 'drawn' ? pngProblem(mark.png) : null;
    if (problem) throw new SignedPdfInputError(`The drawn signature of ${signer.email} ${problem}`);
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
  // The renderer draws a document without its images when one fails: never seal a contract that lost a signature.
  const drawn = new Set(
    input.signers.map((signer) =>
      signer.signature.kind === 'drawn' ? createHash('sha256').update(signer.signature.png).digest('hex') : null,
    ),
  );
  drawn.delete(null);
  const images = (
    Buffer.from(rendered)
      .toString('latin1')
      .match(/\/Subtype\s*\/Image\b/g) ?? []
  ).length;
  if (images < drawn.size) throw new SignedPdfInputError('A drawn signature could not be drawn into the PDF');
  const sealed = await pdfWorkers().run<SealedPdf>('seal', {
    rendered,
    title: input.document.header.title,
    workflowId: input.workflowId,
    businessName: input.businessName,
    documentSha256,
    signedAt: now(),
    key: {
      privateKey: identity.privateKey,
      certificateDer: identity.certificateDer,
      issuerDer: identity.issuerDer,
      serialHex: identity.serialHex,
      commonName: identity.commonName,
      source: identity.source,
    },
  } satisfies SealTask);
  return {
    pdf: Buffer.from(sealed.pdf.buffer, sealed.pdf.byteOffset, sealed.pdf.byteLength),
    documentSha256,
    sealedSha256: sealed.sealedSha256,
    pageCount: sealed.pageCount,
  };
}
