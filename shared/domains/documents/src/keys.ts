import type { DocumentListParams } from './document';
import type { PackageListParams } from './packages';
import type { ContactFormListParams, ResponseListParams } from './forms';
import type { FileListParams } from './files';
import type { WorkflowListParams } from './signatures';
import type { FinanceInvoiceListParams, FinancePaymentListParams } from './finance';
import type { PaymentListParams } from './payments';

/*
 * Every query key of the documents domain, spelled once (no literal keys in apps). Keys start with the entity, so
 * invalidating `.all` reaches every view of it.
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  one: (id: string | undefined) => ['documents', 'one', id] as const,
  preview: (id: string | undefined) => ['documents', 'preview', id] as const,
  pdf: (id: string | undefined) => ['documents', 'pdf', id] as const,
  /** A project's documents (the project page's documents tab). */
  ofProject: (projectId: string | undefined) => ['documents', 'project', projectId] as const,
  /** The public view of a shared link (signed out). */
  publicView: (id: string | undefined, token: string | undefined) => ['documents', 'public', id, token] as const,
};

export const packageKeys = {
  all: ['packages'] as const,
  list: (params: PackageListParams) => ['packages', 'list', params] as const,
  one: (id: string | undefined) => ['packages', 'one', id] as const,
  /** The public flow of a shared package link (signed out). */
  publicView: (id: string | undefined, token: string | undefined) => ['packages', 'public', id, token] as const,
};

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  list: ['tax-rates', 'list'] as const,
};

/** The file manager: files (every list and the usage) and the business's folders. */
export const fileKeys = {
  all: ['files'] as const,
  list: (params: FileListParams) => ['files', 'list', params] as const,
  usage: ['files', 'usage'] as const,
  folders: ['files', 'folders'] as const,
};

export const contactFormKeys = {
  all: ['contact-forms'] as const,
  list: (params: ContactFormListParams) => ['contact-forms', 'list', params] as const,
  one: (id: string | undefined) => ['contact-forms', 'one', id] as const,
  /** The public page of a form (signed out). */
  publicForm: (publicId: string | undefined) => ['contact-forms', 'public', publicId] as const,
};

/** Submissions of contact forms and questionnaires. */
export const responseKeys = {
  all: ['responses'] as const,
  list: (params: ResponseListParams) => ['responses', 'list', params] as const,
  one: (id: string | undefined) => ['responses', 'one', id] as const,
  ofDocument: (documentId: string | undefined) => ['responses', 'document', documentId] as const,
};

/** Stripe connection and payments (the invoice's, the business's, the public pay flow's). */
export const stripeKeys = {
  all: ['stripe'] as const,
  status: ['stripe', 'status'] as const,
};
export const paymentKeys = {
  all: ['payments'] as const,
  list: (params: PaymentListParams) => ['payments', 'list', params] as const,
  ofInvoice: (documentId: string | undefined) => ['payments', 'invoice', documentId] as const,
  /** The public pay page's invoice (signed out). */
  publicInvoice: (id: string | undefined, token: string | undefined) => ['payments', 'public', id, token] as const,
  /** The pay page's lines of that invoice (the public document view, kept apart from the link page's own cache). */
  publicInvoiceLines: (id: string | undefined, token: string | undefined) =>
    ['payments', 'public', id, token, 'lines'] as const,
  /** /invoice-payment-success's polled status. */
  publicStatus: (sessionId: string | undefined) => ['payments', 'status', sessionId] as const,
  /** The invoice that goes with a contract, through the client's signing link. */
  signingDeposit: (contractId: string, token: string) => ['payments', 'signing-deposit', contractId, token] as const,
};

/** Finance reports (read-only views of invoices and payments): invalidate `.all` after a payment or status change. */
export const financeKeys = {
  all: ['finance'] as const,
  overview: ['finance', 'overview'] as const,
  invoices: (params: FinanceInvoiceListParams) => ['finance', 'invoices', params] as const,
  payments: (params: FinancePaymentListParams) => ['finance', 'payments', params] as const,
  /** A project's finance tab (the work remote, through the public entry). */
  ofProject: (projectId: string | undefined) => ['finance', 'project', projectId] as const,
};

/** Signature workflows (owner pages) and a signer's link (signed out). */
export const signatureKeys = {
  all: ['signatures'] as const,
  list: (params: WorkflowListParams) => ['signatures', 'list', params] as const,
  one: (id: string | undefined) => ['signatures', 'one', id] as const,
  byDocument: (documentId: string | undefined) => ['signatures', 'document', documentId] as const,
  verify: (id: string | undefined) => ['signatures', 'verify', id] as const,
  asSent: (id: string | undefined) => ['signatures', 'as-sent', id] as const,
  /** The signer's session of an emailed link (signed out). */
  signing: (documentId: string | undefined, token: string | undefined) =>
    ['signatures', 'signing', documentId, token] as const,
};
