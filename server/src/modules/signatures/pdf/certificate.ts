/**
 * The contract as signed: the document model with its signature block filled in from the signers, followed by the
 * certificate of completion (who signed, how they consented, the audit trail with its hash chain, the document's
 * SHA-256). Everything goes through the documents renderer, so names in any script print (fonts.ts).
 */
import { createHash } from 'node:crypto';
import type { PdfBlock, PdfDocumentModel, PdfRun, PdfSignatureLine, PdfTextBlock } from '../../documents/pdf';
import type { FinalizeSignedPdfInput, SignedPdfSigner } from './types';

export const ROLE_LABELS: Record<SignedPdfSigner['role'], string> = { owner: 'Business owner', client: 'Client' };

/** '2026-11-27 14:03:12 UTC': evidence dates are unambiguous and in one zone. */
export function evidenceTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const dayText = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/** Sorted-key JSON: the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Uint8Array) return JSON.stringify(`bytes:${createHash('sha256').update(value).digest('hex')}`);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Hex SHA-256 of the contract content the signers saw: the canonical JSON (sorted keys, UTF-8) of
 * { title, type, number, dates, parties, blocks, business } of the renderer's model, where the signature block
 * keeps only each line's role and name (what is signed, not the marks added by signing), and where the status
 * label, brand colour, logo, page size and labels (presentation) are left out. The same stored document gives the
 * same hash at sending and at completion; any change of wording, parties, dates or amounts changes it.
 */
export function documentContentSha256(model: PdfDocumentModel): string {
  const blocks = model.blocks.map((block) =>
    block.type === 'signatures'
      ? { type: 'signatures', lines: block.lines.map((l) => ({ role: l.role, name: l.name ?? null })) }
      : block,
  );
  const content = {
    title: model.header.title,
    type: model.header.type,
    number: model.header.number ?? null,
    dates: model.header.dates ?? [],
    parties: model.parties ?? [],
    blocks,
    business: { name: model.business.name, addressLines: model.business.addressLines ?? [] },
  };
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

function signatureLine(signer: SignedPdfSigner): PdfSignatureLine {
  return {
    role: ROLE_LABELS[signer.role],
    name: signer.name,
    date: dayText(signer.signedAt),
    image: signer.signature.kind === 'drawn' ? signer.signature.png : null,
    typed: signer.signature.kind === 'typed' ? signer.signature.text : null,
  };
}

const run = (text: string, bold = false): PdfRun => (bold ? { text, bold } : { text });
const para = (...runs: PdfRun[]): PdfTextBlock => ({ kind: 'paragraph', runs });
/** Labelled values as the lines of one paragraph (a paragraph each would space them out over pages). */
const fields = (...pairs: [string, string][]): PdfTextBlock =>
  para(...pairs.flatMap(([label, value], i) => [run(`${i ? '\n' : ''}${label}: `, true), run(value)]));
const rich = (blocks: PdfTextBlock[]): PdfBlock => ({ type: 'richText', content: { blocks } });
const orNone = (v: string | null | undefined) => (v && v.trim() ? v : 'not recorded');

function certificateBlocks(input: FinalizeSignedPdfInput, documentSha256: string): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { type: 'pageBreak' },
    { type: 'heading', text: 'Certificate of completion', level: 1 },
    rich([
      fields(
        ['Document', input.document.header.title],
        ...(input.document.header.number ? [['Number', input.document.header.number] as [string, string]] : []),
        ['Business', input.businessName],
        ['Signature workflow', input.workflowId],
        ['Completed', evidenceTime(input.completedAt)],
        ['Document SHA-256', documentSha256],
      ),
      para(
        run(
          'The SHA-256 above is taken over the contract content the signers were shown (its text, parties, dates and ' +
            'amounts; see the product documentation). This file is sealed with the installation’s certificate ' +
            '(PAdES): a PDF reader shows whether it has been changed since it was sealed.',
        ),
      ),
    ]),
    { type: 'heading', text: 'Signers', level: 2 },
  ];
  input.signers.forEach((signer, i) => {
    blocks.push({ type: 'heading', text: `${i + 1}. ${signer.name} — ${ROLE_LABELS[signer.role]}`, level: 3 });
    blocks.push(
      rich([
        fields(
          ['E-mail', signer.email],
          ['Signature', signer.signature.kind === 'drawn' ? 'drawn by hand' : `typed name “${signer.signature.text}”`],
          [
            'Consent to electronic records and signatures',
            `disclosure version ${signer.consent.disclosureVersion}, given ${evidenceTime(signer.consent.consentedAt)}`,
          ],
          ['Consent IP address', orNone(signer.consent.ip)],
          ['Consent user agent', orNone(signer.consent.userAgent)],
          ['Signed', evidenceTime(signer.signedAt)],
          ['Signing IP address', orNone(signer.ip)],
          ['Signing user agent', orNone(signer.userAgent)],
        ),
      ]),
    );
  });
  blocks.push({ type: 'heading', text: 'Audit trail', level: 2 });
  blocks.push(
    rich([
      para(
        run(
          'Each entry’s hash is the SHA-256 of the entry together with the hash of the entry before it, so no entry ' +
            'can be changed, removed or inserted without breaking the chain.',
        ),
      ),
    ]),
  );
  input.audit.forEach((entry, i) => {
    blocks.push(
      rich([
        para(
          run(`${i + 1}. ${evidenceTime(entry.at)} — ${entry.event}`, true),
          run(` — ${entry.actor}\nIP ${orNone(entry.ip)} — user agent ${orNone(entry.userAgent)}\n`),
          run('Hash ', true),
          run(`${entry.hash}\n`),
          run('Previous ', true),
          run(entry.previousHash ?? 'none (first entry)'),
        ),
      ]),
    );
  });
  return blocks;
}

/** The model to render: the contract with its signatures in place, then the certificate of completion. */
export function signedContractModel(input: FinalizeSignedPdfInput, documentSha256: string): PdfDocumentModel {
  const signed: PdfBlock = { type: 'signatures', lines: input.signers.map(signatureLine) };
  let replaced = false;
  const blocks = input.document.blocks.flatMap((block): PdfBlock[] => {
    if (block.type !== 'signatures') return [block];
    if (replaced) return [];
    replaced = true;
    return [signed];
  });
  if (!replaced) blocks.push(signed);
  return {
    ...input.document,
    header: { ...input.document.header, status: 'Signed' },
    blocks: [...blocks, ...certificateBlocks(input, documentSha256)],
  };
}
