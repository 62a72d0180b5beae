import {
  financeDaySchema,
  financeExportFilename,
  financeExportParamsSchema,
  financeInvoiceListParamsSchema,
  isFinanceTab,
  lastMonths,
  minorToDecimal,
} from './finance';

describe('finance helpers', () => {
  it('writes minor units as plain major-unit decimals per currency', () => {
    expect(minorToDecimal(123_450, 'USD')).toBe('1234.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-300, 'EUR')).toBe('-3.00');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
    expect(minorToDecimal(1_234, 'KWD')).toBe('1.234');
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
  });

  it('lists the last 12 UTC months oldest first, across a year boundary', () => {
    expect(lastMonths(new Date('2026-02-15T00:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-01-31T23:59:59Z'), 2)).toEqual(['2025-12', '2026-01']);
  });

  it('takes real calendar days only, and a range whose start is not after its end', () => {
    expect(financeDaySchema.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', 'soon', ''])
      expect(financeDaySchema.safeParse(bad).error?.issues[0]?.message).toBe('Enter a valid date (YYYY-MM-DD)');
    const swapped = financeExportParamsSchema.safeParse({ kind: 'invoices', from: '2025-02-01', to: '2025-01-01' });
    expect(swapped.error?.issues[0]).toMatchObject({ path: ['to'], message: 'From must not be after To' });
    expect(financeInvoiceListParamsSchema.parse({ page: '2', status: 'overdue' })).toMatchObject({
      page: 2,
      limit: 20,
      status: 'overdue',
    });
    expect(financeInvoiceListParamsSchema.safeParse({ status: 'late' }).success).toBe(false);
  });

  it('names the export after its kind and range, and knows its tabs', () => {
    expect(financeExportFilename({ kind: 'payments', from: '2026-01-01', to: '2026-03-31' })).toBe(
      'finance-payments-2026-01-01-to-2026-03-31.csv',
    );
    expect(['overview', 'invoices', 'payments', 'export'].every(isFinanceTab)).toBe(true);
    expect(isFinanceTab('settings')).toBe(false);
    expect(isFinanceTab(undefined)).toBe(false);
  });
});
