import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  finance,
  financeKeys,
  type FinanceInvoiceListParams,
  type FinancePaymentListParams,
} from '@atrium/domain-documents';

/**
 * The overview's figures (also the home widgets'): one query, shared by every view that shows them (the two widgets
 * on home make one request). Fresh on every visit: a payment or an invoice marked paid elsewhere shows at once.
 */
export function useFinanceOverview() {
  return useQuery({ queryKey: financeKeys.overview, queryFn: ({ signal }) => finance.overview({ signal }) });
}

export function useFinanceInvoices(params: FinanceInvoiceListParams) {
  return useQuery({
    queryKey: financeKeys.invoices(params),
    queryFn: ({ signal }) => finance.invoices(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFinancePayments(params: FinancePaymentListParams) {
  return useQuery({
    queryKey: financeKeys.payments(params),
    queryFn: ({ signal }) => finance.payments(params, { signal }),
    placeholderData: keepPreviousData,
  });
}
