import * as z from 'zod';
import { pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';
import { documentStatusSchema, type DocumentStatus } from './document';
import { currencyDigits } from './money';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from './payments';

/*
 * Finance (docs/requirements.md "Finance"): read-only reporting over the business's invoices (documents of type
 * invoice) and their payments. Every amount is an integer in its currency's minor units; amounts of different
 * currencies are never added together — every sum is per currency.
 */

/** The /finance/{tab} tabs; any other tab redirects to the overview. */
export const FINANCE_TABS = ['overview', 'invoices', 'payments', 'export'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];
export const FINANCE_TAB_LABELS: Record<FinanceTab, string> = {
  overview: 'Overview',
  invoices: 'Invoices',
  payments: 'Payments',
  export: 'Export',
};
export const isFinanceTab = (tab: string | undefined): tab is FinanceTab =>
  (FINANCE_TABS as readonly string[]).includes(tab ?? '');

/** How many months the overview's revenue covers (this month and the 11 before it). */
export const FINANCE_MONTHS = 12;

const int = z.number().int();
const id = z.string().trim().min(1).max(100);

/** A calendar day 'YYYY-MM-DD' (a whole UTC day; ranges include both ends). */
export const financeDaySchema = z
  .string({ error: 'Enter a valid date (YYYY-MM-DD)' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Enter a valid date (YYYY-MM-DD)');

// ---- overview ----

export const financeMonthSchema = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  /** Payments received that month. */
  paid: int,
  /** Refunds made that month. */
  refunded: int,
  /** paid − refunded: the month's revenue. */
  net: int,
});
export type FinanceMonth = z.infer<typeof financeMonthSchema>;

/** One currency's figures: revenue by month, this month vs last, what is owed and what is late. */
export const financeCurrencySummarySchema = z.object({
  currency: z.string(),
  /** The last FINANCE_MONTHS months, oldest first, every month present (0 when nothing happened). */
  months: z.array(financeMonthSchema),
  thisMonth: int,
  lastMonth: int,
  /** Unpaid balance of sent or viewed invoices (expired links included: the money is still owed). */
  outstanding: int,
  outstandingCount: int,
  /** The part of it past its due date. */
  overdue: int,
  overdueCount: int,
});
export type FinanceCurrencySummary = z.infer<typeof financeCurrencySummarySchema>;

export const financeCountsSchema = z.object({
  draft: int,
  open: int,
  paid: int,
  overdue: int,
  total: int,
});

export const financeOverviewSchema = z.object({
  /** When the figures were read (ISO). */
  asOf: z.string(),
  /** One entry per currency with revenue in the window or money outstanding; the business's main one first. */
  currencies: z.array(financeCurrencySummarySchema),
  /** Invoice counts (not templates): drafts, open (sent/viewed/expired), paid, overdue (open and past due). */
  counts: financeCountsSchema,
});
export type FinanceOverview = z.infer<typeof financeOverviewSchema>;

// ---- invoices ----

/** The invoices tab's status filter: a document status, or open (sent/viewed/expired), or overdue. */
export const FINANCE_INVOICE_FILTERS = ['draft', 'sent', 'viewed', 'paid', 'expired', 'open', 'overdue'] as const;
export type FinanceInvoiceFilter = (typeof FINANCE_INVOICE_FILTERS)[number];

export const financeInvoiceListParamsSchema = pageQuerySchema
  .omit({ search: true })
  .extend({
    status: z
      .enum(FINANCE_INVOICE_FILTERS, { error: `Status must be one of: ${FINANCE_INVOICE_FILTERS.join(', ')}` })
      .optional(),
    contactId: id.optional(),
    /** Created on or after this day. */
    from: financeDaySchema.optional(),
    /** Created on or before this day. */
    to: financeDaySchema.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'From must not be after To', path: ['to'] });
export interface FinanceInvoiceListParams {
  page?: number;
  limit?: number;
  status?: FinanceInvoiceFilter;
  contactId?: string;
  from?: string;
  to?: string;
}

export const financeInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  title: z.string(),
  /** The effective status (sent/viewed past the link's expiry read as expired). */
  status: documentStatusSchema,
  /** Open and past its due date. */
  overdue: z.boolean(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  projectId: z.string().nullable(),
  currency: z.string(),
  total: int,
  /** Received, net of refunds. */
  paid: int,
  /** total − paid (0 for a paid invoice). */
  balance: int,
  dueDate: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export interface FinanceInvoice {
  _id: string;
  number: string | null;
  title: string;
  status: DocumentStatus;
  overdue: boolean;
  contactId: string | null;
  contactName: string | null;
  projectId: string | null;
  currency: string;
  total: number;
  paid: number;
  balance: number;
  dueDate: string | null;
  sentAt: string | null;
  createdAt: string;
}
export const financeInvoiceListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(financeInvoiceSchema),
  pagination: paginationSchema,
});
export interface FinanceInvoiceListAnswer {
  success: true;
  data: FinanceInvoice[];
  pagination: Pagination;
}

// ---- payments ----

/** A payment's status and method are the payments module's (./payments): the payments tab filters on them. */
export const FINANCE_PAYMENT_STATUSES = PAYMENT_STATUSES;
export type FinancePaymentStatus = PaymentStatus;
export const FINANCE_PAYMENT_METHODS = PAYMENT_METHODS;
export type FinancePaymentMethod = PaymentMethod;
export const FINANCE_PAYMENT_METHOD_LABELS: Record<FinancePaymentMethod, string> = { card: 'Card', manual: 'Manual' };

export const financePaymentListParamsSchema = pageQuerySchema
  .omit({ search: true })
  .extend({
    status: z
      .enum(FINANCE_PAYMENT_STATUSES, { error: `Status must be one of: ${FINANCE_PAYMENT_STATUSES.join(', ')}` })
      .optional(),
    method: z.enum(FINANCE_PAYMENT_METHODS, { error: "Method must be 'card' or 'manual'" }).optional(),
    /** Paid (or, not paid yet, created) on or after this day. */
    from: financeDaySchema.optional(),
    to: financeDaySchema.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'From must not be after To', path: ['to'] });
export interface FinancePaymentListParams {
  page?: number;
  limit?: number;
  status?: FinancePaymentStatus;
  method?: FinancePaymentMethod;
  from?: string;
  to?: string;
}

export const financePaymentSchema = z.object({
  _id: z.string(),
  /** Null when the invoice was deleted (the payment stays in finance). */
  documentId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceTitle: z.string().nullable(),
  contactName: z.string().nullable(),
  method: z.enum(FINANCE_PAYMENT_METHODS),
  status: z.enum(FINANCE_PAYMENT_STATUSES),
  /** deposit, balance or full (what the payment was for). */
  kind: z.enum(PAYMENT_KINDS),
  currency: z.string(),
  amount: int,
  refunded: int,
  /** amount − refunded for a received payment (succeeded, partially refunded, refunded), 0 otherwise. */
  net: int,
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FinancePayment = z.infer<typeof financePaymentSchema>;
export const financePaymentListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(financePaymentSchema),
  pagination: paginationSchema,
});
export interface FinancePaymentListAnswer {
  success: true;
  data: FinancePayment[];
  pagination: Pagination;
}

// ---- export ----

export const FINANCE_EXPORT_KINDS = ['invoices', 'payments'] as const;
export type FinanceExportKind = (typeof FINANCE_EXPORT_KINDS)[number];
export const financeExportParamsSchema = z
  .object({
    kind: z.enum(FINANCE_EXPORT_KINDS, { error: "Export 'invoices' or 'payments'" }),
    from: financeDaySchema,
    to: financeDaySchema,
  })
  .refine((v) => v.from <= v.to, { message: 'From must not be after To', path: ['to'] });
export interface FinanceExportParams {
  kind: FinanceExportKind;
  from: string;
  to: string;
}
/** The CSV as text with the file name to save it under (finance-<kind>-<from>-to-<to>.csv). */
export const financeExportSchema = z.object({ filename: z.string(), rows: int, csv: z.string() });
export type FinanceExport = z.infer<typeof financeExportSchema>;
export const financeExportFilename = (p: FinanceExportParams) => `finance-${p.kind}-${p.from}-to-${p.to}.csv`;

// ---- a project's finance ----

export const financeProjectTotalsSchema = z.object({
  currency: z.string(),
  /** Sum of the project's invoices that are not drafts. */
  invoiced: int,
  /** Received, net of refunds. */
  paid: int,
  /** Unpaid balance of its open invoices. */
  outstanding: int,
  overdue: int,
});
export type FinanceProjectTotals = z.infer<typeof financeProjectTotalsSchema>;
export const financeProjectSchema = z.object({
  totals: z.array(financeProjectTotalsSchema),
  invoices: z.array(financeInvoiceSchema),
  payments: z.array(financePaymentSchema),
});
export interface FinanceProject {
  totals: FinanceProjectTotals[];
  invoices: FinanceInvoice[];
  payments: FinancePayment[];
}
/** How many invoices and payments the project tab lists (newest first). */
export const FINANCE_PROJECT_LIMIT = 200;

// ---- pure helpers (server, UI and tests) ----

/** Minor units → a plain decimal text in major units for a spreadsheet ('1234.50', '-3.00', JPY '1200'): no symbol. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits ? `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}` : `${sign}${abs}`;
}

/** The last `count` UTC months ('YYYY-MM'), oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count = FINANCE_MONTHS): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}
