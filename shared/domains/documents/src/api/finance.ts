import type { ApiClient } from '@atrium/api-client';
import type {
  FinanceExport,
  FinanceExportParams,
  FinanceInvoiceListAnswer,
  FinanceInvoiceListParams,
  FinanceOverview,
  FinancePaymentListAnswer,
  FinancePaymentListParams,
  FinanceProject,
} from '../finance';

const enc = encodeURIComponent;

function query(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** Typed calls for finance (docs/requirements.md "Finance"): read-only reports of invoices and payments. */
export function financeApi(client: ApiClient) {
  return {
    /** GET /finance/overview: revenue by month, outstanding, overdue and counts, per currency. */
    overview: async (options?: { signal?: AbortSignal }) =>
      (await client.get<{ data: FinanceOverview }>('finance/overview', undefined, options)).data,
    /** GET /finance/invoices: a page of invoices with what was paid and what is due. */
    invoices: (params: FinanceInvoiceListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<FinanceInvoiceListAnswer>('finance/invoices', query(params), options),
    /** GET /finance/payments: a page of payments (card and manual) with refunds. */
    payments: (params: FinancePaymentListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<FinancePaymentListAnswer>('finance/payments', query(params), options),
    /** GET /finance/export: the CSV of invoices or payments in a date range, with its file name. */
    exportCsv: async (params: FinanceExportParams) =>
      (await client.get<{ data: FinanceExport }>('finance/export', query(params))).data,
    /** GET /finance/projects/{projectId}: a project's invoices, payments and totals per currency. */
    ofProject: async (projectId: string) =>
      (await client.get<{ data: FinanceProject }>(`finance/projects/${enc(projectId)}`)).data,
  };
}
export type FinanceApi = ReturnType<typeof financeApi>;
