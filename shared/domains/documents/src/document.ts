import * as z from 'zod';
import { booleanParamSchema, pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';
import { blockListSchema, documentBlockAnswerSchema, type DocumentBlock } from './blocks';
import { DOCUMENT_MESSAGES as M } from './messages';
import { BASIS_POINTS, QUANTITY_PATTERN, thousandthsToQuantity, quantityToThousandths } from './money';

export const DOCUMENT_TYPES = ['invoice', 'contract', 'questionnaire'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['draft', 'sent', 'viewed', 'completed', 'paid', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  invoice: 'Invoice',
  contract: 'Contract',
  questionnaire: 'Questionnaire',
};
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  completed: 'Completed',
  paid: 'Paid',
  expired: 'Expired',
};

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: M.typeInvalid });
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES, {
  error: `Status must be one of: ${DOCUMENT_STATUSES.join(', ')}`,
});

/** The final state of a type once the client has done their part: paid (invoices) or completed (the others). */
export function finalStatusOf(type: DocumentType): 'paid' | 'completed' {
  return type === 'invoice' ? 'paid' : 'completed';
}

/**
 * The status moves a member may make by hand (PUT status); the others happen by themselves: draft → sent by
 * POST /documents/{id}/send, sent → viewed when the client first opens the link, sent/viewed → expired when
 * expiresAt passes (an expired document whose expiresAt moves into the future is sent/viewed again).
 * By hand: an invoice paid outside Atrium is marked paid, a contract signed on paper or a questionnaire answered
 * elsewhere is marked completed.
 */
export function canMoveStatus(type: DocumentType, from: DocumentStatus, to: DocumentStatus): boolean {
  if (from === to) return true;
  const final = finalStatusOf(type);
  return to === final && (from === 'sent' || from === 'viewed' || from === 'expired');
}

/** Whether a document's content may change (blocks, line items, contact…): only drafts and templates. */
export const isEditable = (doc: { status: DocumentStatus; isTemplate: boolean }) =>
  doc.isTemplate || doc.status === 'draft';
/** Fields a sent (or later) document still takes on PUT; the rest is frozen once the client may have seen it. */
export const SENT_EDITABLE_FIELDS = ['title', 'projectId', 'dueDate', 'expiresAt', 'status'] as const;

// ---- fields ----

const id = z.string().trim().min(1).max(100);
const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const optionalDate = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'Enter a valid date');
const title = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(300, 'Title must be at most 300 characters');

export const currencySchema = z
  .string({ error: M.currencyInvalid })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, M.currencyInvalid));

/** Integer minor units, at least 0. */
export const amountSchema = (negative: string = M.amountInvalid, invalid: string = M.amountInvalid) =>
  z.number({ error: invalid }).int(invalid).min(0, negative).max(Number.MAX_SAFE_INTEGER, M.totalTooLarge);
export const basisPointsSchema = z
  .number({ error: M.percentInvalid })
  .int(M.percentInvalid)
  .min(0, M.percentInvalid)
  .max(BASIS_POINTS, M.percentInvalid);

/**
 * A quantity: a decimal string with up to 3 places ("1.5"); a JSON number is taken too and written back as the
 * canonical string (1.5 → "1.5"). Negative → its own message.
 */
export const quantitySchema = z.union([z.string(), z.number()], { error: M.quantityInvalid }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (/^-/.test(text)) {
    ctx.addIssue({ code: 'custom', message: M.quantityNegative });
    return z.NEVER;
  }
  if (!QUANTITY_PATTERN.test(text)) {
    ctx.addIssue({ code: 'custom', message: M.quantityInvalid });
    return z.NEVER;
  }
  return thousandthsToQuantity(quantityToThousandths(text));
});

export const lineDiscountSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('percent'), value: basisPointsSchema }),
    z.object({ kind: z.literal('amount'), value: amountSchema() }),
  ],
  { error: "Discount kind must be 'percent' or 'amount'" },
);

export const lineItemInputSchema = z.object({
  /** Kept across saves so the editor can key its rows; the server makes one when missing. */
  id: id.optional(),
  description: z.string({ error: M.descriptionRequired }).trim().min(1, M.descriptionRequired).max(2000),
  quantity: quantitySchema,
  unitPrice: amountSchema(M.priceNegative, M.priceInvalid),
  discount: lineDiscountSchema.nullish().transform((v) => v ?? null),
  taxRateId: optionalId,
  /** Optional: when given it must be the invoice's currency (a price picked from another list). */
  currency: currencySchema.nullish().transform((v) => v ?? null),
});
export type LineItemInput = z.input<typeof lineItemInputSchema>;

export const lineItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.number().int(),
  discount: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), value: z.number().int() }),
      z.object({ kind: z.literal('amount'), value: z.number().int() }),
    ])
    .nullable(),
  taxRateId: z.string().nullable(),
  /** gross − discount + tax of this line, computed by the server. */
  amount: z.number().int(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const paymentScheduleSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('deposit_percent'), value: basisPointsSchema }),
      z.object({ kind: z.literal('deposit_amount'), value: amountSchema() }),
    ],
    { error: "Payment schedule kind must be 'deposit_percent' or 'deposit_amount'" },
  )
  .nullish()
  .transform((v) => v ?? null);
export type PaymentSchedule = z.output<typeof paymentScheduleSchema>;

export const SIGNER_ROLES = ['owner', 'client'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const signerSchema = z.object({
  role: z.enum(SIGNER_ROLES, { error: "Signer role must be 'owner' or 'client'" }),
  name: z.string().trim().max(200).default(''),
  email: z
    .string()
    .trim()
    .max(254)
    .default('')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), M.signerEmailInvalid),
});
export type Signer = z.output<typeof signerSchema>;
const signerList = z
  .array(signerSchema)
  .max(2)
  .refine((s) => new Set(s.map((x) => x.role)).size === s.length, M.signerRoleTwice);

export const taxTotalSchema = z.object({
  taxRateId: z.string(),
  name: z.string(),
  rate: z.number().int(),
  taxable: z.number().int(),
  amount: z.number().int(),
});
export const documentTotalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  taxes: z.array(taxTotalSchema),
  tax: z.number().int(),
  total: z.number().int(),
  deposit: z.number().int(),
  balance: z.number().int(),
});
export type DocumentTotals = z.infer<typeof documentTotalsSchema>;

// ---- input ----

const contentFields = {
  title,
  contactId: optionalId,
  projectId: optionalId,
  blocks: blockListSchema.default([]),
  expiresAt: optionalDate,
  currency: currencySchema.optional(),
  dueDate: optionalDate,
  notes: z
    .string()
    .max(20_000)
    .nullish()
    .transform((v) => (v ? v : null)),
  lineItems: z.array(lineItemInputSchema).max(1000, 'An invoice can have at most 1000 line items').optional(),
  paymentSchedule: paymentScheduleSchema,
  signers: signerList.optional(),
};

type TypedContent = {
  type?: DocumentType;
  blocks?: { type: string }[];
  currency?: string;
  dueDate?: string | null;
  notes?: string | null;
  lineItems?: { currency?: string | null }[];
  paymentSchedule?: unknown;
  signers?: unknown[];
};

/** The rules that depend on the type (a create's type, or on update the stored one the server passes in). */
export function checkTypedContent(v: TypedContent, type: DocumentType, ctx: z.RefinementCtx, currency?: string): void {
  if (type !== 'invoice') {
    if (v.lineItems?.length) ctx.addIssue({ code: 'custom', message: M.lineItemsOnlyInvoices, path: ['lineItems'] });
    if (v.paymentSchedule)
      ctx.addIssue({ code: 'custom', message: M.invoiceFieldsOnlyInvoices, path: ['paymentSchedule'] });
  }
  if (type !== 'contract' && v.signers?.length)
    ctx.addIssue({ code: 'custom', message: M.signersOnlyContracts, path: ['signers'] });
  v.blocks?.forEach((b, i) => {
    if (b.type === 'clause' && type !== 'contract')
      ctx.addIssue({ code: 'custom', message: M.clausesOnlyContracts, path: ['blocks', i, 'type'] });
    if (b.type === 'question' && type !== 'questionnaire')
      ctx.addIssue({ code: 'custom', message: M.questionsOnlyQuestionnaires, path: ['blocks', i, 'type'] });
  });
  const docCurrency = v.currency ?? currency;
  if (type === 'invoice' && docCurrency) {
    v.lineItems?.forEach((line, i) => {
      if (line.currency && line.currency !== docCurrency)
        ctx.addIssue({ code: 'custom', message: M.currencyMismatch(docCurrency), path: ['lineItems', i, 'currency'] });
    });
  }
}

/** POST /documents: a new draft (or a template with isTemplate). An invoice without a currency is in USD. */
export const documentInputSchema = z
  .object({ type: documentTypeSchema, isTemplate: z.boolean().default(false), ...contentFields })
  .superRefine((v, ctx) => checkTypedContent(v, v.type, ctx));
export type DocumentInput = z.input<typeof documentInputSchema>;
export type DocumentData = z.output<typeof documentInputSchema>;

/**
 * PUT /documents/{id}: the fields given change, the others keep their value. The type never changes. The server
 * checks the type-dependent rules against the stored type (checkTypedContent) and which fields a sent document
 * still takes (SENT_EDITABLE_FIELDS).
 */
export const documentUpdateSchema = z.object({
  title: title.optional(),
  contactId: contentFields.contactId.optional(),
  projectId: contentFields.projectId.optional(),
  blocks: blockListSchema.optional(),
  expiresAt: contentFields.expiresAt.optional(),
  currency: currencySchema.optional(),
  dueDate: contentFields.dueDate.optional(),
  notes: contentFields.notes.optional(),
  lineItems: contentFields.lineItems,
  paymentSchedule: contentFields.paymentSchedule.optional(),
  signers: contentFields.signers,
  status: documentStatusSchema.optional(),
});
export type DocumentUpdate = z.input<typeof documentUpdateSchema>;
export type DocumentUpdateData = z.output<typeof documentUpdateSchema>;

/** POST /documents/from-template/{templateId}: who and what the new document is for (all optional). */
export const fromTemplateInputSchema = z.object({
  title: title.optional(),
  contactId: optionalId,
  projectId: optionalId,
});
export type FromTemplateInput = z.input<typeof fromTemplateInputSchema>;

// ---- answers ----

export const documentSummarySchema = z.object({
  _id: z.string(),
  type: documentTypeSchema,
  status: documentStatusSchema,
  title: z.string(),
  /** Invoices only: per-business sequence (INV-0001), assigned at creation, never reused; null for templates. */
  number: z.string().nullable(),
  contactId: z.string().nullable(),
  contact: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  projectId: z.string().nullable(),
  project: z.object({ _id: z.string(), name: z.string() }).nullable(),
  isTemplate: z.boolean(),
  templateId: z.string().nullable(),
  currency: z.string().nullable(),
  /** Invoices: the total in minor units; null for other types. */
  total: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentSchema = documentSummarySchema.extend({
  blocks: z.array(documentBlockAnswerSchema),
  notes: z.string().nullable(),
  lineItems: z.array(lineItemSchema),
  paymentSchedule: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('deposit_percent'), value: z.number().int() }),
      z.object({ kind: z.literal('deposit_amount'), value: z.number().int() }),
    ])
    .nullable(),
  totals: documentTotalsSchema.nullable(),
  signers: z.array(z.object({ role: z.enum(SIGNER_ROLES), name: z.string(), email: z.string() })),
});
export type Document = Omit<z.infer<typeof documentSchema>, 'blocks'> & { blocks: DocumentBlock[] };

export const DOCUMENT_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'number', 'dueDate'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/** GET /documents: search (title, number, contact), filters, page and limit. */
export const documentListParamsSchema = pageQuerySchema.extend({
  type: documentTypeSchema.optional(),
  status: documentStatusSchema.optional(),
  contactId: id.optional(),
  projectId: id.optional(),
  /** Without it the list holds documents only (no templates); true: templates only. */
  isTemplate: booleanParamSchema.default(false),
  sortBy: z
    .enum(DOCUMENT_SORT_FIELDS, { error: `Sort by one of: ${DOCUMENT_SORT_FIELDS.join(', ')}` })
    .default('updatedAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: "Sort order must be 'asc' or 'desc'" }).default('desc'),
});
export type DocumentListParamsData = z.output<typeof documentListParamsSchema>;
export interface DocumentListParams {
  page?: number;
  limit?: number;
  search?: string;
  type?: DocumentType;
  status?: DocumentStatus;
  contactId?: string;
  projectId?: string;
  isTemplate?: boolean;
  sortBy?: DocumentSortField;
  sortOrder?: 'asc' | 'desc';
}

/** The spec's list envelope: success, data, pagination (total, page, limit, totalPages). */
export const documentListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(documentSummarySchema),
  pagination: paginationSchema,
});
export interface DocumentListAnswer {
  success: true;
  data: DocumentSummary[];
  pagination: Pagination;
}

/** A public link: the app URL the client opens (/documents/view/{id}?token=…). The token is shown once. */
export const documentLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** POST /documents/{id}/send: the document (now sent), its link, and whether the contact was emailed. */
export const documentSendAnswerSchema = z.object({
  document: documentSchema,
  link: documentLinkSchema,
  /** 'sent' (emailed), 'no_email' (the contact has no email address), 'failed' (the mail did not go). */
  email: z.enum(['sent', 'no_email', 'failed']),
  /** Merge tags that did not resolve (rendered empty). */
  unresolvedTags: z.array(z.string()),
});
export type DocumentSendAnswer = Omit<z.infer<typeof documentSendAnswerSchema>, 'document'> & { document: Document };

/** GET /documents/{id}/preview: the document as the client will see it, and the tags that will render empty. */
export const documentPreviewSchema = z.object({
  document: documentSchema,
  unresolvedTags: z.array(z.string()),
});
export type DocumentPreview = { document: Document; unresolvedTags: string[] };

/** GET /public/documents/{id}?token=: what the client sees (merge tags resolved), and who sends it. */
export const publicDocumentSchema = z.object({
  document: documentSchema.omit({ contactId: true, projectId: true, templateId: true, isTemplate: true }),
  business: z.object({ name: z.string() }),
});
export type PublicDocument = {
  document: Omit<Document, 'contactId' | 'projectId' | 'templateId' | 'isTemplate'>;
  business: { name: string };
};
