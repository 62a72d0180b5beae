import { sql, type SQL } from 'drizzle-orm';
import type {
  FinanceInvoiceFilter,
  FinancePaymentMethod,
  FinancePaymentStatus,
  PaymentKind,
} from '@atrium/domain-documents/schemas';
import type { Database } from '../../db/client';

/*
 * Finance is a read model: this repository reads `documents` (invoices), `payments` and `projects` and writes
 * nothing. The documents and payments modules own those tables and every write to them; finance only sums and
 * lists them for reports (docs/requirements.md "Finance").
 */

/** Payment rows the lists and the export show by default: money moved or tried and stopped (not open sessions). */
const LISTED = sql.raw(`('succeeded', 'partially_refunded', 'refunded', 'failed', 'held')`);

/** An ISO 8601 text of a timestamptz (UTC, milliseconds), the same as Date#toISOString. */
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** An invoice without a currency is in USD (documents' rule). */
const CURRENCY = sql.raw(`coalesce(d.currency, 'USD')`);
/** Open: sent or viewed (a link past its expiry included — the money is still owed). */
const OPEN = sql.raw(`d.status IN ('sent', 'viewed')`);
/**
 * What the invoice received, net of refunds: documents.received, which triggers on payments keep as the sum of its
 * payments succeeded, partially_refunded or refunded (the payments module's RECEIVED_PAYMENT_STATUSES; migration 0047).
 */
const RECEIVED_OF_D = sql.raw(`d.received`);
const EFFECTIVE_STATUS = sql.raw(
  `CASE WHEN d.status IN ('sent', 'viewed') AND d.expires_at IS NOT NULL AND d.expires_at <= now() ` +
    `THEN 'expired' ELSE d.status END`,
);
/** The invoices of a business (not templates) as `d`. */
const INVOICES_OF = (businessId: string) =>
  sql`d.business_id = ${businessId} AND d.type = 'invoice' AND d.is_template = false`;

export interface MonthRow {
  currency: string;
  month: string;
  paid: number;
  refunded: number;
}
export interface OpenRow {
  currency: string;
  outstanding: number;
  outstandingCount: number;
  overdue: number;
  overdueCount: number;
}
export interface CountRow {
  status: string;
  documents: number;
}
export interface InvoiceRow {
  _id: string;
  number: string | null;
  title: string;
  status: string;
  storedStatus: string;
  contactId: string | null;
  contactName: string | null;
  projectId: string | null;
  currency: string;
  total: number;
  received: number;
  dueDate: string | null;
  overdue: boolean;
  sentAt: string | null;
  createdAt: string;
}
export interface PaymentRow {
  _id: string;
  documentId: string | null;
  invoiceNumber: string | null;
  invoiceTitle: string | null;
  contactName: string | null;
  method: FinancePaymentMethod;
  status: FinancePaymentStatus;
  kind: PaymentKind;
  currency: string;
  amount: number;
  refunded: number;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
}

export interface InvoiceFilter {
  status?: FinanceInvoiceFilter;
  contactId?: string;
  projectId?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  before?: Date;
}
export interface PaymentFilter {
  status?: FinancePaymentStatus;
  method?: FinancePaymentMethod;
  projectId?: string;
  from?: Date;
  before?: Date;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export class FinanceRepository {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /**
   * Received and refunded amounts per currency and UTC month ('YYYY-MM') from `sinceMonth` on: the rows
   * finance_revenue_months keeps (triggers on payments), at most 12 per currency.
   */
  async revenueByMonth(businessId: string, sinceMonth: string): Promise<MonthRow[]> {
    const rows = await this.rows<MonthRow>(sql`
      SELECT currency, month, paid, refunded FROM finance_revenue_months
       WHERE business_id = ${businessId} AND month >= ${sinceMonth}`);
    return rows.map((r) => ({ ...r, paid: num(r.paid), refunded: num(r.refunded) }));
  }

  /**
   * Open invoices' unpaid balance per currency, and the part past its due date: one pass over
   * documents_finance_open_idx, which holds each open invoice's total and received (no payments read; MATERIALIZED:
   * the balance is computed once per invoice, not again for the outer filter).
   */
  async openBalances(businessId: string, projectId?: string): Promise<OpenRow[]> {
    const project = projectId ? sql` AND d.project_id = ${projectId}` : sql``;
    const rows = await this.rows<OpenRow>(sql`
      WITH o AS MATERIALIZED (
        SELECT ${CURRENCY} AS currency, coalesce(d.total, 0) - ${RECEIVED_OF_D} AS balance,
               (d.due_date IS NOT NULL AND d.due_date < now()) AS late
          FROM documents d
         WHERE ${INVOICES_OF(businessId)} AND ${OPEN}${project})
      SELECT currency,
             sum(balance) AS outstanding, count(*) AS "outstandingCount",
             coalesce(sum(balance) FILTER (WHERE late), 0) AS overdue, count(*) FILTER (WHERE late) AS "overdueCount"
        FROM o
       WHERE balance > 0
       GROUP BY currency`);
    return rows.map((r) => ({
      currency: r.currency,
      outstanding: num(r.outstanding),
      outstandingCount: num(r.outstandingCount),
      overdue: num(r.overdue),
      overdueCount: num(r.overdueCount),
    }));
  }

  /** How many invoices (not templates) the business holds per stored status (document_counts, kept by triggers). */
  async invoiceCounts(businessId: string): Promise<CountRow[]> {
    const rows = await this.rows<CountRow>(sql`
      SELECT status, documents FROM document_counts
       WHERE business_id = ${businessId} AND is_template = false AND type = 'invoice'`);
    return rows.map((r) => ({ status: r.status, documents: num(r.documents) }));
  }

  private invoiceWhere(businessId: string, f: InvoiceFilter): SQL {
    const parts: SQL[] = [INVOICES_OF(businessId)];
    if (f.contactId) parts.push(sql`d.contact_id = ${f.contactId}`);
    if (f.projectId) parts.push(sql`d.project_id = ${f.projectId}`);
    if (f.from) parts.push(sql`d.created_at >= ${f.from}`);
    if (f.before) parts.push(sql`d.created_at < ${f.before}`);
    const expired = sql`d.expires_at IS NOT NULL AND d.expires_at <= now()`;
    switch (f.status) {
      case undefined:
        break;
      case 'sent':
      case 'viewed':
        parts.push(sql`d.status = ${f.status} AND NOT (${expired})`);
        break;
      case 'expired':
        parts.push(sql`(d.status = 'expired' OR (${OPEN} AND ${expired}))`);
        break;
      case 'open':
        parts.push(OPEN);
        break;
      case 'overdue':
        parts.push(sql`${OPEN} AND d.due_date < now() AND coalesce(d.total, 0) > ${RECEIVED_OF_D}`);
        break;
      default:
        parts.push(sql`d.status = ${f.status}`);
    }
    return sql.join(parts, sql` AND `);
  }

  /** A page of invoices, newest first, with what each received; and how many match. */
  async invoices(
    businessId: string,
    f: InvoiceFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    const where = this.invoiceWhere(businessId, f);
    const [rows, total] = await Promise.all([
      this.rows<InvoiceRow>(sql`
        SELECT d.id AS "_id", d.number, d.title, ${EFFECTIVE_STATUS} AS status, d.status AS "storedStatus",
               d.contact_id AS "contactId", d.contact_name AS "contactName", d.project_id AS "projectId",
               ${CURRENCY} AS currency, coalesce(d.total, 0) AS total, ${RECEIVED_OF_D} AS received,
               ${iso('d.due_date')} AS "dueDate", ${iso('d.sent_at')} AS "sentAt", ${iso('d.created_at')} AS "createdAt",
               (${OPEN} AND d.due_date IS NOT NULL AND d.due_date < now()) AS overdue
          FROM documents d
         WHERE ${where}
         ORDER BY d.created_at DESC NULLS LAST, d.id DESC NULLS LAST
         LIMIT ${page.limit} OFFSET ${page.offset}`),
      this.countInvoices(businessId, f, where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, total: num(r.total), received: num(r.received), overdue: Boolean(r.overdue) })),
      total,
    };
  }

  /**
   * How many invoices match: without a filter, or with only a status the stored counts hold exactly (draft, paid,
   * open), from document_counts (kept by triggers) instead of counting 100,000 rows; otherwise counted.
   */
  private async countInvoices(businessId: string, f: InvoiceFilter, where: SQL): Promise<number> {
    const STORED: Record<string, string[]> = { draft: ['draft'], paid: ['paid'], open: ['sent', 'viewed'] };
    const only = !f.contactId && !f.projectId && !f.from && !f.before;
    const statuses = f.status === undefined ? null : STORED[f.status];
    if (only && (f.status === undefined || statuses)) {
      const counts = await this.invoiceCounts(businessId);
      return counts.filter((c) => !statuses || statuses.includes(c.status)).reduce((n, c) => n + c.documents, 0);
    }
    const [counted] = await this.rows<{ n: unknown }>(sql`SELECT count(*) AS n FROM documents d WHERE ${where}`);
    return num(counted?.n);
  }

  private paymentWhere(businessId: string, f: PaymentFilter): SQL {
    const parts: SQL[] = [sql`p.business_id = ${businessId}`];
    parts.push(f.status ? sql`p.status = ${f.status}` : sql`p.status IN ${LISTED}`);
    if (f.method) parts.push(sql`p.method = ${f.method}`);
    if (f.projectId) parts.push(sql`d.project_id = ${f.projectId}`);
    if (f.from) parts.push(sql`coalesce(p.paid_at, p.created_at) >= ${f.from}`);
    if (f.before) parts.push(sql`coalesce(p.paid_at, p.created_at) < ${f.before}`);
    return sql.join(parts, sql` AND `);
  }

  /** A page of payments, newest (paid, else created) first, with their invoice; and how many match. */
  async payments(
    businessId: string,
    f: PaymentFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = this.paymentWhere(businessId, f);
    const [rows, [counted]] = await Promise.all([
      this.rows<PaymentRow>(sql`
        SELECT p.id AS "_id", p.document_id AS "documentId", coalesce(d.number, p.invoice_number) AS "invoiceNumber",
               d.title AS "invoiceTitle", d.contact_name AS "contactName", p.method, p.status, p.kind, p.currency,
               p.amount, p.amount_refunded AS refunded, ${iso('p.paid_at')} AS "paidAt",
               ${iso('p.refunded_at')} AS "refundedAt", ${iso('p.created_at')} AS "createdAt"
          FROM payments p LEFT JOIN documents d ON d.id = p.document_id
         WHERE ${where}
         ORDER BY coalesce(p.paid_at, p.created_at) DESC, p.id DESC NULLS LAST
         LIMIT ${page.limit} OFFSET ${page.offset}`),
      this.rows<{ n: unknown }>(sql`
        SELECT count(*) AS n FROM payments p LEFT JOIN documents d ON d.id = p.document_id WHERE ${where}`),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, amount: num(r.amount), refunded: num(r.refunded) })),
      total: num(counted?.n),
    };
  }

  /** Received (net of refunds) per currency of a project's invoices, and their non-draft total. */
  async projectTotals(
    businessId: string,
    projectId: string,
  ): Promise<{ currency: string; invoiced: number; paid: number }[]> {
    const rows = await this.rows<{ currency: string; invoiced: unknown; paid: unknown }>(sql`
      SELECT ${CURRENCY} AS currency,
             coalesce(sum(coalesce(d.total, 0)) FILTER (WHERE d.status <> 'draft'), 0) AS invoiced,
             coalesce(sum(${RECEIVED_OF_D}), 0) AS paid
        FROM documents d
       WHERE ${INVOICES_OF(businessId)} AND d.project_id = ${projectId}
       GROUP BY 1`);
    return rows.map((r) => ({ currency: r.currency, invoiced: num(r.invoiced), paid: num(r.paid) }));
  }

  /** Whether the project is the business's. */
  async projectExists(businessId: string, projectId: string): Promise<boolean> {
    const rows = await this.rows(sql`SELECT 1 FROM projects WHERE id = ${projectId} AND business_id = ${businessId}`);
    return rows.length > 0;
  }
}
