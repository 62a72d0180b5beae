import * as z from 'zod';
import { pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';
import { documentStatusSchema, documentTypeSchema, type DocumentStatus, type DocumentType } from './document';

/**
 * Packages: documents of one client in order (proposal → contract → invoice), sent as one flow through one link;
 * the client moves through it step by step (docs/requirements.md "Documents: packages").
 */

export const PACKAGE_STATUSES = ['draft', 'sent', 'in_progress', 'completed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** At most this many documents in one package. */
export const PACKAGE_MAX_ITEMS = 20;

export const PACKAGE_MESSAGES = {
  notFound: 'Package not found',
  invalidData: 'Invalid package data',
  invalidUpdate: 'Invalid package update data',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 200 characters',
  contactRequired: 'Choose the client',
  documentsRequired: 'Add at least one document',
  tooManyDocuments: `A package holds at most ${PACKAGE_MAX_ITEMS} documents`,
  documentTwice: 'Each document can appear once',
  documentNotFound: 'Document not found',
  contactNotFound: 'Contact not found',
  templateNotAllowed: 'A template cannot go in a package: create a document from it first',
  otherClient: 'This document is for another client',
  inOtherPackage: (name: string) => `This document is already in the package "${name}"`,
  frozen: 'A sent package keeps its client and documents: only its name changes',
  notSendable: (title: string, status: string) =>
    `"${title}" is ${status}: only drafts and documents already sent can go out in a package`,
  linkNotFound: 'Package not found',
  linkExpired: 'This package link has expired',
  sent: 'Package sent',
  sentNoEmail: 'Package sent. The client has no email: share the link yourself.',
  sentMailFailed: 'Package sent, but the email could not be delivered: share the link yourself.',
  deleteConfirm: 'Delete this package? Its documents stay.',
} as const;
const M = PACKAGE_MESSAGES;

/**
 * Whether the client has done their part of a step — the rule until signatures and payments exist (next issue):
 * a contract is done once viewed (signed later), a questionnaire once answered (completed), an invoice once viewed
 * (paid later). The final states (completed, paid) are always done.
 */
export function stepDone(type: DocumentType, status: DocumentStatus): boolean {
  if (status === 'completed' || status === 'paid') return true;
  if (type === 'questionnaire') return false;
  return status === 'viewed';
}

/** The index of the first step not done; null when every step is done (or there is none). */
export function currentStepOf(steps: readonly { done: boolean }[]): number | null {
  const i = steps.findIndex((s) => !s.done);
  return i === -1 ? null : i;
}

/** The package's status: draft until sent; then sent, in progress (a step done) or completed (every step done). */
export function packageStatusOf(sent: boolean, steps: readonly { done: boolean }[]): PackageStatus {
  if (!sent) return 'draft';
  const done = steps.filter((s) => s.done).length;
  if (steps.length > 0 && done === steps.length) return 'completed';
  return done > 0 ? 'in_progress' : 'sent';
}

// ---- input ----

const id = z.string().trim().min(1).max(100);
const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.nameTooLong);
const documentIds = z
  .array(id, { error: M.documentsRequired })
  .min(1, M.documentsRequired)
  .max(PACKAGE_MAX_ITEMS, M.tooManyDocuments)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((v, i) => {
      if (seen.has(v)) ctx.addIssue({ code: 'custom', message: M.documentTwice, path: [i] });
      seen.add(v);
    });
  });

/** POST /packages: a name, the client and the client's documents in order. */
export const packageInputSchema = z.object({
  name,
  contactId: z.string({ error: M.contactRequired }).trim().min(1, M.contactRequired).max(100),
  documentIds,
});
export type PackageInput = z.input<typeof packageInputSchema>;
export type PackageData = z.output<typeof packageInputSchema>;

/** PUT /packages/{id}: the fields given change. Once sent, only the name. */
export const packageUpdateSchema = z.object({
  name: name.optional(),
  contactId: packageInputSchema.shape.contactId.optional(),
  documentIds: documentIds.optional(),
});
export type PackageUpdate = z.input<typeof packageUpdateSchema>;
export type PackageUpdateData = z.output<typeof packageUpdateSchema>;

export const packageListParamsSchema = pageQuerySchema.extend({ contactId: id.optional() });
export type PackageListParamsData = z.output<typeof packageListParamsSchema>;
export interface PackageListParams {
  page?: number;
  limit?: number;
  search?: string;
  contactId?: string;
}

// ---- answers ----

export const packageStepSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  type: documentTypeSchema,
  /** The document's status now (expired computed). */
  status: documentStatusSchema,
  /** The client has done this step (stepDone). */
  done: z.boolean(),
});
export type PackageStep = z.infer<typeof packageStepSchema>;

const contactRef = z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable();

export const packageSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  contactId: z.string().nullable(),
  contact: contactRef,
  itemCount: z.number().int(),
  doneCount: z.number().int(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageSummary = z.infer<typeof packageSummarySchema>;

export const packageSchema = packageSummarySchema.extend({
  steps: z.array(packageStepSchema),
  /** The first step not done (null: all done). */
  currentStep: z.number().int().nullable(),
});
export type Package = z.infer<typeof packageSchema>;

export const packageListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(packageSummarySchema),
  pagination: paginationSchema,
});
export interface PackageListAnswer {
  success: true;
  data: PackageSummary[];
  pagination: Pagination;
}

export const packageLinkSchema = z.object({ url: z.string(), token: z.string(), expiresAt: z.string() });
export type PackageLink = z.infer<typeof packageLinkSchema>;

/** POST /packages/{id}/send: the package (now sent), its link (shown once) and whether the client was emailed. */
export const packageSendAnswerSchema = z.object({
  package: packageSchema,
  link: packageLinkSchema,
  email: z.enum(['sent', 'no_email', 'failed']),
});
export type PackageSendAnswer = z.infer<typeof packageSendAnswerSchema>;

/** GET /public/packages/{id}?token=: the flow the client walks, each step with its own document link token. */
export const publicPackageSchema = z.object({
  package: z.object({ _id: z.string(), name: z.string(), status: z.enum(PACKAGE_STATUSES) }),
  business: z.object({ name: z.string() }),
  steps: z.array(packageStepSchema.extend({ token: z.string(), url: z.string() })),
  currentStep: z.number().int().nullable(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;
export type PublicPackageStep = PublicPackage['steps'][number];
