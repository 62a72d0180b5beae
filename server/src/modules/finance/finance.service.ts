import { makePagination, toCsv, type CsvColumn, type Pagination } from '@atrium/contracts';
import {
  FINANCE_MONTHS,
  FINANCE_PROJECT_LIMIT,
  financeExportFilename,
  lastMonths,
  minorToDecimal,
  type DocumentStatus,
  type FinanceCurrencySummary,
  type FinanceExport,
  type FinanceInvoice,
  type FinanceInvoiceFilter,
  type FinanceOverview,
  type FinancePayment,
  type FinancePaymentMethod,
  type FinancePaymentStatus,
  type FinanceProject,
} from '@atrium/domain-documents/schemas';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { FinanceRepository, InvoiceFilter, InvoiceRow, PaymentFilter, PaymentRow } from './finance.repository';

/** At most this many rows in one CSV export; a wider range is refused with a field message. */
export const FINANCE_EXPORT_MAX_ROWS = 50_000;
export const EXPORT_TOO_LARGE = `Choose a shorter date range: an export holds at most ${FINANCE_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows`;

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' → the start of that UTC day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** 'YYYY-MM-DD' → the start of the next UTC day (ranges include their last day). */
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

function toInvoice(r: InvoiceRow): FinanceInvoice {
  const paidInFull = r.storedStatus === 'paid';
  // An invoice marked paid counts as fully paid (also one paid before payments were recorded); otherwise what its
  // payments received, net of refunds.
  const paid = paidInFull ? Math.max(r.total, r.received) : r.received;
  const balance = paidInFull ? 0 : Math.max(0, r.total - r.received);
  return {
    _id: r._id,
    number: r.number,
    title: r.title,
    status: r.status as DocumentStatus,
    overdue: r.overdue && balance > 0,
    contactId: r.contactId,
    contactName: r.contactName,
    projectId: r.projectId,
    currency: r.currency,
    total: r.total,
    paid,
    balance,
    dueDate: r.dueDate,
    sentAt: r.sentAt,
    createdAt: r.createdAt,
  };
}

const RECEIVED = new Set<FinancePaymentStatus>(['succeeded', 'partially_refunded', 'refunded']);
function toPayment(r: PaymentRow): FinancePayment {
  return {
    _id: r._id,
    documentId: r.documentId,
    invoiceNumber: r.invoiceNumber,
    invoiceTitle: r.invoiceTitle,
    contactName: r.contactName,
    method: r.method,
    status: r.status,
    kind: r.kind,
    currency: r.currency,
    amount: r.amount,
    refunded: r.refunded,
    net: RECEIVED.has(r.status) ? r.amount - r.refunded : 0,
    paidAt: r.paidAt,
    createdAt: r.createdAt,
  };
}

const day = (isoText: string | null) => (isoText ? isoText.slice(0, 10) : '');

const INVOICE_COLUMNS: CsvColumn<FinanceInvoice>[] = [
  ['Invoice number', (r) => r.number],
  ['Title', (r) => r.title],
  ['Contact', (r) => r.contactName],
  ['Status', (r) => r.status],
  ['Overdue', (r) => (r.overdue ? 'yes' : 'no')],
  ['Currency', (r) => r.currency],
  ['Total', (r) => minorToDecimal(r.total, r.currency)],
  ['Paid', (r) => minorToDecimal(r.paid, r.currency)],
  ['Balance', (r) => minorToDecimal(r.balance, r.currency)],
  ['Created', (r) => day(r.createdAt)],
  ['Sent', (r) => day(r.sentAt)],
  ['Due', (r) => day(r.dueDate)],
  ['Invoice id', (r) => r._id],
];
const PAYMENT_COLUMNS: CsvColumn<FinancePayment>[] = [
  ['Date', (r) => day(r.paidAt ?? r.createdAt)],
  ['Invoice number', (r) => r.invoiceNumber],
  ['Invoice title', (r) => r.invoiceTitle],
  ['Contact', (r) => r.contactName],
  ['Method', (r) => r.method],
  ['For', (r) => r.kind],
  ['Status', (r) => r.status],
  ['Currency', (r) => r.currency],
  ['Amount', (r) => minorToDecimal(r.amount, r.currency)],
  ['Refunded', (r) => minorToDecimal(r.refunded, r.currency)],
  ['Net', (r) => minorToDecimal(r.net, r.currency)],
  ['Payment id', (r) => r._id],
  ['Invoice id', (r) => r.documentId],
];

/**
 * Finance reports (docs/requirements.md "Finance"): every member of the business may read them, as they read its
 * invoices. Amounts are summed per currency only.
 */
export class FinanceService {
  constructor(
    private readonly repo: FinanceRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async overview(caller: BusinessCaller): Promise<FinanceOverview> {
    const now = this.now();
    const months = lastMonths(now, FINANCE_MONTHS);
    const [revenue, open, counts] = await Promise.all([
      this.repo.revenueByMonth(caller.businessId, months[0]!),
      this.repo.openBalances(caller.businessId),
      this.repo.invoiceCounts(caller.businessId),
    ]);
    const byCurrency = new Map<string, FinanceCurrencySummary>();
    const summary = (currency: string) => {
      let s = byCurrency.get(currency);
      if (!s) {
        s = {
          currency,
          months: months.map((month) => ({ month, paid: 0, refunded: 0, net: 0 })),
          thisMonth: 0,
          lastMonth: 0,
          outstanding: 0,
          outstandingCount: 0,
          overdue: 0,
          overdueCount: 0,
        };
        byCurrency.set(currency, s);
      }
      return s;
    };
    for (const r of revenue) {
      const m = summary(r.currency).months.find((x) => x.month === r.month);
      if (!m) continue;
      m.paid += r.paid;
      m.refunded += r.refunded;
      m.net = m.paid - m.refunded;
    }
    for (const r of open) Object.assign(summary(r.currency), { ...r, currency: r.currency });
    const weight = (s: FinanceCurrencySummary) => s.outstanding + s.months.reduce((n, m) => n + m.paid, 0);
    const currencies = [...byCurrency.values()]
      .map((s) => ({ ...s, thisMonth: s.months.at(-1)!.net, lastMonth: s.months.at(-2)!.net }))
      .sort((a, b) => weight(b) - weight(a) || a.currency.localeCompare(b.currency));
    const count = (status: string) => counts.find((c) => c.status === status)?.documents ?? 0;
    return {
      asOf: now.toISOString(),
      currencies,
      counts: {
        draft: count('draft'),
        open: count('sent') + count('viewed'),
        paid: count('paid'),
        overdue: open.reduce((n, r) => n + r.overdueCount, 0),
        total: counts.reduce((n, c) => n + c.documents, 0),
      },
    };
  }

  async invoices(
    caller: BusinessCaller,
    q: { page: number; limit: number; status?: FinanceInvoiceFilter; contactId?: string; from?: string; to?: string },
  ): Promise<{ data: FinanceInvoice[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.invoices(caller.businessId, this.invoiceFilter(q), {
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { data: rows.map(toInvoice), pagination: makePagination(total, q.page, q.limit) };
  }

  async payments(
    caller: BusinessCaller,
    q: {
      page: number;
      limit: number;
      status?: FinancePaymentStatus;
      method?: FinancePaymentMethod;
      from?: string;
      to?: string;
    },
  ): Promise<{ data: FinancePayment[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.payments(caller.businessId, this.paymentFilter(q), {
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { data: rows.map(toPayment), pagination: makePagination(total, q.page, q.limit) };
  }

  /** The CSV of invoices (created in the range) or payments (paid in it) for an accountant. */
  async exportCsv(
    caller: BusinessCaller,
    q: { kind: 'invoices' | 'payments'; from: string; to: string },
  ): Promise<FinanceExport> {
    const page = { limit: FINANCE_EXPORT_MAX_ROWS + 1, offset: 0 };
    const range = { from: q.from, to: q.to };
    let csv: string;
    let rows: number;
    if (q.kind === 'invoices') {
      const found = await this.repo.invoices(caller.businessId, this.invoiceFilter(range), page);
      this.checkSize(found.rows.length);
      // Oldest first reads like a ledger.
      const data = found.rows.map(toInvoice).reverse();
      csv = toCsv(data, INVOICE_COLUMNS);
      rows = data.length;
    } else {
      const found = await this.repo.payments(caller.businessId, this.paymentFilter(range), page);
      this.checkSize(found.rows.length);
      const data = found.rows.map(toPayment).reverse();
      csv = toCsv(data, PAYMENT_COLUMNS);
      rows = data.length;
    }
    return { filename: financeExportFilename(q), rows, csv };
  }

  /** A project's invoices and payments (newest first, FINANCE_PROJECT_LIMIT of each) and its totals per currency. */
  async ofProject(caller: BusinessCaller, projectId: string): Promise<FinanceProject> {
    if (!(await this.repo.projectExists(caller.businessId, projectId))) {
      throw new AppError('NOT_FOUND', `Project not found: ${projectId}`);
    }
    const page = { limit: FINANCE_PROJECT_LIMIT, offset: 0 };
    const [invoices, payments, totals, open] = await Promise.all([
      this.repo.invoices(caller.businessId, { projectId }, page),
      this.repo.payments(caller.businessId, { projectId }, page),
      this.repo.projectTotals(caller.businessId, projectId),
      this.repo.openBalances(caller.businessId, projectId),
    ]);
    return {
      totals: totals
        .map((t) => {
          const o = open.find((x) => x.currency === t.currency);
          return { ...t, outstanding: o?.outstanding ?? 0, overdue: o?.overdue ?? 0 };
        })
        .filter((t) => t.invoiced || t.paid || t.outstanding),
      invoices: invoices.rows.map(toInvoice),
      payments: payments.rows.map(toPayment),
    };
  }

  private checkSize(rows: number) {
    if (rows > FINANCE_EXPORT_MAX_ROWS) {
      throw new AppError('VALIDATION_ERROR', EXPORT_TOO_LARGE, [{ field: 'from', message: EXPORT_TOO_LARGE }]);
    }
  }

  private invoiceFilter(q: { status?: FinanceInvoiceFilter; contactId?: string; from?: string; to?: string }) {
    const f: InvoiceFilter = { status: q.status, contactId: q.contactId };
    if (q.from) f.from = dayStart(q.from);
    if (q.to) f.before = dayAfter(q.to);
    return f;
  }

  private paymentFilter(q: {
    status?: FinancePaymentStatus;
    method?: FinancePaymentMethod;
    from?: string;
    to?: string;
  }) {
    const f: PaymentFilter = { status: q.status, method: q.method };
    if (q.from) f.from = dayStart(q.from);
    if (q.to) f.before = dayAfter(q.to);
    return f;
  }
}
