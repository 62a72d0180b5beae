/**
 * Input and output of the signed-contract PDF (./index.ts): the contract as its signers saw it with each signature
 * in place, an audit certificate page, and the installation's PAdES seal over the whole file.
 */
import type { PdfDocumentModel } from '../../documents/pdf';

/** How a signer signed: a drawn signature (PNG bytes from the signing pad) or a typed name. */
export type SignatureMark = { kind: 'drawn'; png: Uint8Array } | { kind: 'typed'; text: string };

/** The ESIGN consent a signer gave before signing. */
export interface SignerConsent {
  /** The version of /legal/esign-disclosure the signer was shown, e.g. '2026-11-01'. */
  disclosureVersion: string;
  /** ISO 8601. */
  consentedAt: string;
  ip: string | null;
  userAgent: string | null;
}

export interface SignedPdfSigner {
  role: 'client' | 'owner';
  name: string;
  email: string;
  signature: SignatureMark;
  /** ISO 8601. */
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  consent: SignerConsent;
}

/** One entry of the workflow's append-only audit trail, as stored (hash-chained). */
export interface SignedPdfAuditEntry {
  /** e.g. 'created', 'sent', 'opened', 'consented', 'signed', 'declined', 'completed'. */
  event: string;
  /** ISO 8601. */
  at: string;
  /** Who: a name and/or e-mail, or 'System'. */
  actor: string;
  ip: string | null;
  userAgent: string | null;
  /** Hex SHA-256 of this entry (chained to the previous one). */
  hash: string;
  /** Hex SHA-256 of the entry before, null for the first. */
  previousHash: string | null;
}

export interface FinalizeSignedPdfInput {
  workflowId: string;
  businessName: string;
  /**
   * The contract as the signers saw it: the model `documentPdfModel(doc, sender)` builds (documents.pdf-model.ts).
   * Its 'signatures' block is filled in here from `signers` (matched by role, in order); when it has none, one is
   * appended. The model's other content is what `documentSha256` covers.
   */
  document: PdfDocumentModel;
  /**
   * Optional: the hash taken when the workflow was sent (`documentContentSha256(model)`). When given and the
   * document's hash differs, finalising throws `DocumentChangedError` instead of sealing a different text.
   */
  expectedDocumentSha256?: string;
  signers: SignedPdfSigner[];
  /** In order, oldest first. */
  audit: SignedPdfAuditEntry[];
  /** ISO 8601: when the last signer signed. */
  completedAt: string;
}

export interface FinalizedSignedPdf {
  /** The sealed PDF (store it as the signed document). */
  pdf: Buffer;
  /** Hex SHA-256 of the document content the signers saw (see documentContentSha256); printed on the certificate. */
  documentSha256: string;
  /** Hex SHA-256 of the sealed PDF bytes (`pdf`): what a downloaded copy hashes to. */
  sealedSha256: string;
  pageCount: number;
}

export interface SealVerification {
  /** True when the seal's CMS signature checks out against the signed byte ranges and its certificate. */
  valid: boolean;
  /** Why not, in plain words (no signature, digest mismatch, bad signature, …). */
  reason?: string;
  /** The seal certificate's common name. */
  signer?: string;
  /** ISO 8601 signing time from the signed attributes. */
  signedAt?: string;
  /** Hex SHA-256 fingerprint of the seal's certificate (DER). */
  certificateSha256?: string;
  /** The signed byte ranges cover the whole file except the signature value itself (nothing appended). */
  coversWholeFile: boolean;
  /** 'ETSI.CAdES.detached' for PAdES. */
  subFilter?: string;
}

/** The installation's seal: a P12 (configured, or generated once and stored encrypted in the database). */
export interface SigningIdentity {
  p12: Buffer;
  passphrase: string;
  certificatePem: string;
  /** The certificate's common name, e.g. 'Atrium document seal — localhost:3000'. */
  commonName: string;
  /** Hex SHA-256 of the certificate (DER). */
  certificateSha256: string;
  source: 'configured' | 'generated';
}
