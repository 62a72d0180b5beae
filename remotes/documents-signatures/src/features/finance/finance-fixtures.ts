import { lastMonths, type FinanceCurrencySummary, type FinanceOverview } from '@atrium/domain-documents';

/** A currency's summary with the last 12 months; `net` gives the months' revenue, oldest first (the rest 0). */
export function makeSummary(
  currency: string,
  net: number[] = [],
  over: Partial<FinanceCurrencySummary> = {},
): FinanceCurrencySummary {
  const months = lastMonths(new Date()).map((month, i) => {
    const n = net[i - (12 - net.length)] ?? 0;
    return { month, paid: n, refunded: 0, net: n };
  });
  return {
    currency,
    months,
    thisMonth: months.at(-1)!.net,
    lastMonth: months.at(-2)!.net,
    outstanding: 0,
    outstandingCount: 0,
    overdue: 0,
    overdueCount: 0,
    ...over,
  };
}

export function makeOverview(
  currencies: FinanceCurrencySummary[],
  over: Partial<FinanceOverview> = {},
): FinanceOverview {
  return {
    asOf: new Date().toISOString(),
    currencies,
    counts: { draft: 1, open: 2, paid: 3, overdue: 1, total: 6 },
    ...over,
  };
}
