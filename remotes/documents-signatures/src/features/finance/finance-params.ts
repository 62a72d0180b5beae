import {
  FINANCE_INVOICE_FILTERS,
  FINANCE_PAYMENT_METHODS,
  FINANCE_PAYMENT_STATUSES,
  type FinanceInvoiceFilter,
  type FinanceInvoiceListParams,
  type FinancePaymentListParams,
  type FinancePaymentMethod,
  type FinancePaymentStatus,
} from '@atrium/domain-documents';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && DAY.test(v) ? v : undefined);
const page = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 1 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The invoices tab's list parameters from the address (unknown values are dropped, not sent). */
export function invoiceParamsFromUrl(url: URLSearchParams): FinanceInvoiceListParams {
  return {
    page: page(url.get('page')),
    status: oneOf<FinanceInvoiceFilter>(FINANCE_INVOICE_FILTERS, url.get('status')),
    contactId: url.get('contactId') || undefined,
    from: day(url.get('from')),
    to: day(url.get('to')),
  };
}

/** The payments tab's list parameters from the address. */
export function paymentParamsFromUrl(url: URLSearchParams): FinancePaymentListParams {
  return {
    page: page(url.get('page')),
    status: oneOf<FinancePaymentStatus>(FINANCE_PAYMENT_STATUSES, url.get('status')),
    method: oneOf<FinancePaymentMethod>(FINANCE_PAYMENT_METHODS, url.get('method')),
    from: day(url.get('from')),
    to: day(url.get('to')),
  };
}

/** A copy of the address with these keys set (null or '' removes one); any change but the page goes to page 1. */
export function patchUrl(url: URLSearchParams, patch: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') next.delete(k);
    else next.set(k, v);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** 'YYYY-MM' → 'Nov 2026' (or 'Nov' when short). */
export function monthLabel(month: string, short = false): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1, 1));
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    ...(short ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(d);
}

/** Minor units → a number in major units, for a chart's scale only (display; never summed back). */
export function toMajor(minor: number, digits: number): number {
  return minor / 10 ** digits;
}

/** Today as 'YYYY-MM-DD' in UTC, and the first day of its year (the export's default range). */
export function defaultExportRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 4)}-01-01`, to };
}
