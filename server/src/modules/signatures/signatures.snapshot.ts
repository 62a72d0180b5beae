import type { SigningSession } from '@atrium/domain-documents/schemas';
import type { PdfDocumentModel } from '../documents/pdf/model';

/**
 * The contract as it was sent for signature (signature_workflows.document_snapshot): the PDF model whose SHA-256 is
 * the workflow's documentSha256 (what is sealed), the document the signers are shown, and the business's name then.
 * Later edits of the contract, its contact or the business change none of it.
 */
export interface SigningSnapshot {
  model: PdfDocumentModel;
  document: SigningSession['document'];
  businessName: string;
}

const BYTES = '$bytes';

/** JSON for jsonb: byte arrays (a logo) as { $bytes: base64 }, everything else as is. */
export function snapshotToJson(snapshot: SigningSnapshot): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return { [BYTES]: Buffer.from(value).toString('base64') };
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, walk(v)]),
      );
    }
    return value;
  };
  return walk(snapshot) as Record<string, unknown>;
}

/** The stored snapshot back (byte arrays restored); null when the workflow has none (sent before snapshots). */
export function snapshotFromJson(json: unknown): SigningSnapshot | null {
  if (!json || typeof json !== 'object' || !('model' in json) || !('document' in json)) return null;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 1 && entries[0]![0] === BYTES && typeof entries[0]![1] === 'string') {
        return new Uint8Array(Buffer.from(entries[0]![1], 'base64'));
      }
      return Object.fromEntries(entries.map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk(json) as SigningSnapshot;
}
