import * as z from 'zod';
import { pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';
import { documentSchema, SIGNER_ROLES, type Document, type SignerRole } from './document';

/**
 * E-signature workflows (docs/requirements.md "Signatures server"): a contract, its signers in order, each invited
 * with a single-use expiring link, the ESIGN consent, a drawn or typed signature, an append-only audit trail chained
 * by hash, and the sealed PDF on completion. Wire schemas, texts and limits shared by the server and the pages.
 */

// ---- statuses ----

export const WORKFLOW_STATUSES = [
  'draft',
  'sent',
  'in_progress',
  'completed',
  'declined',
  'voided',
  'expired',
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  in_progress: 'In progress',
  completed: 'Completed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
};
/** A workflow in one of these states takes no more signatures, reminders or voids. */
export const WORKFLOW_FINAL_STATUSES: readonly WorkflowStatus[] = ['completed', 'declined', 'voided', 'expired'];

export const SIGNER_STATUSES = ['pending', 'sent', 'opened', 'consented', 'signed', 'declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
export const SIGNER_STATUS_LABELS: Record<SignerStatus, string> = {
  pending: 'Waiting',
  sent: 'Invited',
  opened: 'Opened',
  consented: 'Consented',
  signed: 'Signed',
  declined: 'Declined',
};

/** sequential: each signer in turn (the next one is invited when the previous signs); any: all at once. */
export const SIGNING_ORDERS = ['sequential', 'any'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const AUDIT_EVENTS = [
  'created',
  'sent',
  'opened',
  'consented',
  'signed',
  'declined',
  'reminded',
  'voided',
  'expired',
  'completed',
  'sealed',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
export const AUDIT_EVENT_LABELS: Record<AuditEvent, string> = {
  created: 'Created',
  sent: 'Sent',
  opened: 'Opened',
  consented: 'Consented to sign electronically',
  signed: 'Signed',
  declined: 'Declined',
  reminded: 'Reminder sent',
  voided: 'Voided',
  expired: 'Expired',
  completed: 'Completed',
  sealed: 'Signed PDF sealed',
};

// ---- limits ----

export const SIGNATURE_LIMITS = {
  /** Signers of one workflow. */
  maxSigners: 10,
  /** A drawn signature: PNG of at most this many bytes (decoded). */
  maxDrawingBytes: 200 * 1024,
  /** …and at most these pixel dimensions. */
  maxDrawingWidth: 2000,
  maxDrawingHeight: 1000,
  typedNameMax: 200,
  declineReasonMax: 1000,
  voidReasonMax: 1000,
  /** Default and bounds of the expiry (days from now) and the reminder interval (days; 0 = no reminders). */
  defaultExpiryDays: 30,
  maxExpiryDays: 365,
  defaultReminderDays: 3,
  maxReminderDays: 30,
} as const;

/** A signer's emailed link carries a token starting with this: the public document page takes it as a signing link. */
export const SIGNER_TOKEN_PREFIX = 'sig_';
export const isSignerToken = (token: string | null | undefined): token is string =>
  typeof token === 'string' && token.startsWith(SIGNER_TOKEN_PREFIX);

// ---- the ESIGN consumer disclosure ----

/**
 * The disclosure a signer consents to before signing (/legal/esign-disclosure shows it). The consent stores its
 * version: change the text → change the version.
 */
export const ESIGN_DISCLOSURE = {
  version: '2026-11-27',
  title: 'Electronic signature disclosure',
  paragraphs: [
    'By signing a document electronically through Atrium you agree that your electronic signature is the legal equivalent of your handwritten signature, and that you consent to receive documents and notices electronically.',
    'You may ask the sender for a paper copy of any document at no charge, and you may withdraw your consent to sign electronically at any time by telling the sender before you sign. Withdrawing your consent does not affect documents you have already signed.',
    'To sign electronically you need a current web browser, an email address, and the ability to download or print a PDF file. Tell the sender if your email address changes.',
  ],
} as const;

// ---- messages ----

export const SIGNATURE_MESSAGES = {
  notFound: 'Signature workflow not found',
  noneForDocument: 'This document has no signature workflow',
  invalidData: 'Invalid signature workflow data',
  invalidSignature: 'Invalid signature',
  documentNotFound: 'Document not found',
  notContract: 'Only contracts can be sent for signature',
  templateNotSignable: 'A template cannot be sent for signature: create a document from it first',
  documentClosed: 'This contract is already completed or expired',
  activeExists: 'This contract already has a signature workflow in progress: void it first',
  signersRequired: 'Add at least one signer',
  tooManySigners: `A workflow has at most ${SIGNATURE_LIMITS.maxSigners} signers`,
  oneOwner: 'Only one business owner signer',
  clientNeedsEmail: 'A client signer needs an email address',
  nameRequired: 'Name is required',
  emailInvalid: 'Enter a valid email address',
  emailTwice: 'Each signer’s email address can appear once',
  expiryPast: 'The expiry date must be in the future',
  expiryTooFar: `The expiry date must be within ${SIGNATURE_LIMITS.maxExpiryDays} days`,
  reminderRange: `Reminders every 0 (off) to ${SIGNATURE_LIMITS.maxReminderDays} days`,
  notDraft: 'Only a draft workflow can be sent',
  notOpen: 'This workflow is not waiting for signatures',
  cannotVoid: 'A completed, declined, voided or expired workflow cannot be voided',
  notOwner: 'Only the business owner signs as the business owner',
  noOwnerSigner: 'This workflow has no business owner signer',
  // the signer's own steps
  consentRequired: 'Consent to sign electronically first',
  consentMustAccept: 'You must agree to the disclosure to sign electronically',
  disclosureChanged: 'The disclosure has changed: read it again and consent',
  drawingRequired: 'Draw your signature',
  drawingNotPng: 'The drawn signature must be a PNG image',
  drawingTooLarge: `The drawn signature must be at most ${SIGNATURE_LIMITS.maxDrawingBytes / 1024} KB`,
  drawingTooWide: `The drawn signature must be at most ${SIGNATURE_LIMITS.maxDrawingWidth}×${SIGNATURE_LIMITS.maxDrawingHeight} pixels`,
  typedRequired: 'Type your name',
  typedTooLong: `Your typed name must be at most ${SIGNATURE_LIMITS.typedNameMax} characters`,
  reasonRequired: 'Say why you decline',
  reasonTooLong: `The reason must be at most ${SIGNATURE_LIMITS.declineReasonMax} characters`,
  // public link refusals (codes below)
  linkNotFound: 'Signing link not found',
  linkExpired: 'This signing link has expired',
  linkUsed: 'This signing link has already been used',
  voided: 'This signing request was withdrawn by the sender',
  declinedByOther: 'This signing request was declined by another signer',
  notYourTurn: 'It is not your turn to sign yet: you will get an email when it is',
  completedAlready: 'This document has already been signed by everyone',
  signedPdfMissing: 'The signed PDF is not ready',
  signingUnavailable: 'Sealing signed PDFs is not available on this server',
  anotherOwnerSigns: 'Another owner of the business has already consented to sign this contract as the business owner',
  documentChanged: 'The contract changed after it was sent for signature, so the signed PDF cannot be sealed',
  sealRefused: 'The signed PDF cannot be made from this workflow’s signatures',
  sealedOnce: 'This workflow’s signed PDF was already sealed and recorded: it is not sealed again',
} as const;

/**
 * Error codes of the signing routes (the body's `code`) and the public page each leads to. NOT_YOUR_TURN is said on
 * the signing page itself (the signer waits for an email).
 */
export const SIGNATURE_ERROR_PAGES = {
  NOT_FOUND: '/document-not-found',
  GONE: '/document-expired',
  SIGNATURE_LINK_USED: '/document-expired',
  SIGNATURE_VOIDED: '/document-error',
  SIGNATURE_DECLINED: '/document-error',
} as const;
export type SignatureErrorCode = keyof typeof SIGNATURE_ERROR_PAGES | 'SIGNATURE_NOT_YOUR_TURN';

// ---- inputs ----

const M = SIGNATURE_MESSAGES;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const objectId = z.string().trim().min(1).max(64);

export const workflowSignerInputSchema = z.object({
  role: z.enum(SIGNER_ROLES, { error: "Signer role must be 'owner' or 'client'" }),
  name: z.string().trim().min(1, M.nameRequired).max(200),
  /** Required for a client (the invitation goes there); an owner signs in the app (an email, if given, is told). */
  email: z
    .string()
    .trim()
    .max(254)
    .default('')
    .refine((v) => v === '' || EMAIL.test(v), M.emailInvalid),
  /** The contact this client signer is (of the caller's business). */
  contactId: objectId.nullish(),
});
export type WorkflowSignerInput = z.input<typeof workflowSignerInputSchema>;

/**
 * POST /signatures/workflows. Without `signers`, the contract's own signers (clients first, then the owner; the
 * client's email falls back to the document's contact). The signers' order is the array's.
 */
export const workflowCreateSchema = z
  .object({
    documentId: objectId,
    signingOrder: z
      .enum(SIGNING_ORDERS, { error: "Signing order must be 'sequential' or 'any'" })
      .default('sequential'),
    signers: z.array(workflowSignerInputSchema).max(SIGNATURE_LIMITS.maxSigners, M.tooManySigners).optional(),
    /** ISO date-time; default 30 days after creation. */
    expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be an ISO date-time' }).nullish(),
    reminderIntervalDays: z
      .number({ error: M.reminderRange })
      .int(M.reminderRange)
      .min(0, M.reminderRange)
      .max(SIGNATURE_LIMITS.maxReminderDays, M.reminderRange)
      .default(SIGNATURE_LIMITS.defaultReminderDays),
    /** A note to the signers, put in the invitation email. */
    message: z.string().trim().max(2000).default(''),
  })
  .superRefine((v, ctx) => {
    const signers = v.signers ?? [];
    if (signers.filter((s) => s.role === 'owner').length > 1)
      ctx.addIssue({ code: 'custom', message: M.oneOwner, path: ['signers'] });
    const seen = new Set<string>();
    signers.forEach((s, i) => {
      if (s.role === 'client' && !s.email)
        ctx.addIssue({ code: 'custom', message: M.clientNeedsEmail, path: ['signers', i, 'email'] });
      const key = s.email.toLowerCase();
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', message: M.emailTwice, path: ['signers', i, 'email'] });
      if (key) seen.add(key);
    });
  });
export type WorkflowCreateInput = z.input<typeof workflowCreateSchema>;
export type WorkflowCreateData = z.output<typeof workflowCreateSchema>;

/** The drawn PNG (a data URL or bare base64; the server checks bytes, type and size) or a typed name. */
export const signatureInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('drawn'),
      image: z
        .string({ error: M.drawingRequired })
        .min(1, M.drawingRequired)
        // base64 of 200 KB is ~273 KB; a little room for the data-URL prefix
        .max(Math.ceil((SIGNATURE_LIMITS.maxDrawingBytes * 4) / 3) + 64, M.drawingTooLarge),
    }),
    z.object({
      kind: z.literal('typed'),
      name: z
        .string({ error: M.typedRequired })
        .trim()
        .min(1, M.typedRequired)
        .max(SIGNATURE_LIMITS.typedNameMax, M.typedTooLong),
    }),
  ],
  { error: "Signature kind must be 'drawn' or 'typed'" },
);
export type SignatureInput = z.input<typeof signatureInputSchema>;

/** POST …/consent: the signer agrees to the disclosure of this version. */
export const consentInputSchema = z.object({
  disclosureVersion: z.string().trim().min(1).max(64),
  accepted: z.literal(true, { error: M.consentMustAccept }),
});
export type ConsentInput = z.input<typeof consentInputSchema>;

export const signInputSchema = z.object({ signature: signatureInputSchema });
export type SignInput = z.input<typeof signInputSchema>;

export const declineInputSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(SIGNATURE_LIMITS.declineReasonMax, M.reasonTooLong),
});
export type DeclineInput = z.input<typeof declineInputSchema>;

export const voidInputSchema = z.object({
  reason: z.string().trim().max(SIGNATURE_LIMITS.voidReasonMax).default(''),
});
export type VoidInput = z.input<typeof voidInputSchema>;

export const workflowListParamsSchema = pageQuerySchema.extend({
  status: z.enum(WORKFLOW_STATUSES, { error: `Status must be one of: ${WORKFLOW_STATUSES.join(', ')}` }).optional(),
  documentId: objectId.optional(),
});
export type WorkflowListParamsData = z.output<typeof workflowListParamsSchema>;
export interface WorkflowListParams {
  page?: number;
  limit?: number;
  /** Over the document's title and the signers' names and emails. */
  search?: string;
  status?: WorkflowStatus;
  documentId?: string;
}

// ---- answers ----

export const workflowSignerSchema = z.object({
  _id: z.string(),
  order: z.number().int(),
  role: z.enum(SIGNER_ROLES),
  name: z.string(),
  email: z.string(),
  contactId: z.string().nullable(),
  userId: z.string().nullable(),
  status: z.enum(SIGNER_STATUSES),
  invitedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  consentedAt: z.string().nullable(),
  disclosureVersion: z.string().nullable(),
  signedAt: z.string().nullable(),
  signatureKind: z.enum(['drawn', 'typed']).nullable(),
  /** The typed name, when typed. (A drawn image is in the signed PDF, not repeated here.) */
  typedName: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
});
export type WorkflowSigner = z.infer<typeof workflowSignerSchema>;

export const workflowSummarySchema = z.object({
  _id: z.string(),
  documentId: z.string(),
  documentTitle: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  signingOrder: z.enum(SIGNING_ORDERS),
  expiresAt: z.string(),
  reminderIntervalDays: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  signerCount: z.number().int(),
  signedCount: z.number().int(),
  /** The signers' names in order (the list shows them). */
  signerNames: z.array(z.string()),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

export const auditEntrySchema = z.object({
  sequence: z.number().int(),
  event: z.enum(AUDIT_EVENTS),
  /** Who: 'owner:<userId>', 'signer:<signerId>', 'system'. */
  actor: z.string(),
  actorName: z.string().nullable(),
  signerId: z.string().nullable(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const workflowSchema = workflowSummarySchema.extend({
  message: z.string(),
  voidReason: z.string().nullable(),
  signers: z.array(workflowSignerSchema),
  audit: z.array(auditEntrySchema),
  /** Set once completed: the sealed PDF (a file of the file manager) and its SHA-256 (hex). */
  signedFileId: z.string().nullable(),
  signedSha256: z.string().nullable(),
  /** Whose turn it is in sequential order (null when any order or none left). */
  currentSignerId: z.string().nullable(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(workflowSummarySchema),
  pagination: paginationSchema,
});
export interface WorkflowListAnswer {
  success: true;
  data: WorkflowSummary[];
  pagination: Pagination;
}

/** POST …/send and …/remind: who was emailed ('sent', 'failed'; 'waiting' = not their turn yet; owner signers: 'in_app'). */
export const invitationResultSchema = z.object({
  signerId: z.string(),
  email: z.enum(['sent', 'failed', 'waiting', 'in_app']),
});
export const workflowSendAnswerSchema = z.object({
  workflow: workflowSchema,
  invitations: z.array(invitationResultSchema),
});
export type WorkflowSendAnswer = z.infer<typeof workflowSendAnswerSchema>;

/** GET …/verify: the stored signed PDF checked again (seal, hash) and the audit chain recomputed. */
export const workflowVerifyAnswerSchema = z.object({
  valid: z.boolean(),
  sha256: z.string().nullable(),
  storedSha256: z.string().nullable(),
  hashMatches: z.boolean(),
  sealValid: z.boolean(),
  auditChainValid: z.boolean(),
  /** The first audit entry whose hash does not match (null when the chain holds). */
  auditBrokenAt: z.number().int().nullable(),
  signer: z.string().nullable(),
  signedAt: z.string().nullable(),
  problems: z.array(z.string()),
});
export type WorkflowVerifyAnswer = z.infer<typeof workflowVerifyAnswerSchema>;

/**
 * GET /public/documents/{id}/signing?token=sig_…: what the signer sees — the document (merge tags resolved), who
 * sends it, the signer themself, the other signers (names and states, no emails), whether it is their turn, and the
 * disclosure to consent to. The first open records "opened".
 */
export const signingSessionSchema = z.object({
  workflow: z.object({
    _id: z.string(),
    status: z.enum(WORKFLOW_STATUSES),
    signingOrder: z.enum(SIGNING_ORDERS),
    expiresAt: z.string(),
    message: z.string(),
  }),
  document: documentSchema.omit({ contactId: true, projectId: true, templateId: true, isTemplate: true }),
  business: z.object({ name: z.string() }),
  signer: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(SIGNER_ROLES),
    status: z.enum(SIGNER_STATUSES),
    consentedAt: z.string().nullable(),
    disclosureVersion: z.string().nullable(),
    signedAt: z.string().nullable(),
  }),
  signers: z.array(
    z.object({
      order: z.number().int(),
      name: z.string(),
      role: z.enum(SIGNER_ROLES),
      status: z.enum(SIGNER_STATUSES),
    }),
  ),
  yourTurn: z.boolean(),
  disclosure: z.object({ version: z.string(), url: z.string() }),
});
export type SigningSession = Omit<z.infer<typeof signingSessionSchema>, 'document'> & {
  document: Omit<Document, 'contactId' | 'projectId' | 'templateId' | 'isTemplate'>;
};

/**
 * GET /signatures/workflows/{id}/document: the contract as its signers see it — the snapshot taken at send
 * (`asSent: true`), or, for a draft (or a workflow sent before snapshots), the document as it is now.
 */
export const workflowDocumentAnswerSchema = z.object({
  document: signingSessionSchema.shape.document,
  business: z.object({ name: z.string() }),
  asSent: z.boolean(),
});
export type WorkflowDocumentAnswer = Omit<z.infer<typeof workflowDocumentAnswerSchema>, 'document'> & {
  document: SigningSession['document'];
};

/** The answer of a public consent/sign/decline: the signer's new state and the workflow's. Do not refetch the session after a sign (the link is spent). */
export const signingStepAnswerSchema = z.object({
  signerStatus: z.enum(SIGNER_STATUSES),
  workflowStatus: z.enum(WORKFLOW_STATUSES),
  consentedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
});
export type SigningStepAnswer = z.infer<typeof signingStepAnswerSchema>;

export type { SignerRole };
