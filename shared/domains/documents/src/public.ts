/**
 * The documents domain's documented public calls: all that apps other than the documents-signatures remote may
 * use (lint lets them import `@atrium/domain-documents/public` only). Today: the work remote's project page lists
 * a project's documents on its documents tab.
 */
import { documents as allCalls, finance as financeCalls, type DocumentsApi, type FinanceApi } from './index';

export const documents: Pick<DocumentsApi, 'ofProject'> = allCalls;
/** A project's invoices, payments and totals (the work remote's finance tab). */
export const finance: Pick<FinanceApi, 'ofProject'> = financeCalls;
export { financeKeys } from './keys';
export type { FinanceInvoice, FinancePayment, FinanceProject, FinanceProjectTotals } from './finance';
export { documentKeys } from './keys';
export {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  type DocumentStatus,
  type DocumentSummary,
  type DocumentType,
} from './document';
export { formatMoney } from './money';
// The business's Stripe connection (the admin remote's integrations tab) and its payments (finance, project tab).
export { stripe, payments } from './index';
export { stripeKeys, paymentKeys } from './keys';
export {
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_LABELS,
  STRIPE_CONNECT_RESULT_PARAM,
  type Payment,
  type PaymentListParams,
  type PaymentStatus,
  type StripeAccountStatus,
} from './payments';
