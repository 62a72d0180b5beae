import {
  computeInvoiceTotals,
  computeLineTotals,
  divRound,
  formatMoney,
  parseMoney,
  quantityToThousandths,
  thousandthsToQuantity,
  TotalsError,
} from './money';

const vat = { _id: 'vat', name: 'VAT', rate: 2000 };
const reduced = { _id: 'reduced', name: 'Reduced', rate: 725 };

function totalsError(fn: () => unknown): TotalsError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TotalsError) return e;
    throw e;
  }
  throw new Error('expected a TotalsError');
}

describe('divRound: half away from zero', () => {
  it.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [25n, 10n, 3n],
    [-5n, 10n, -1n],
    [-15n, 10n, -2n],
    [-14n, 10n, -1n],
    [0n, 7n, 0n],
  ])('%s / %s = %s', (n, d, expected) => {
    expect(divRound(n, d)).toBe(expected);
  });
});

describe('quantities are integer thousandths', () => {
  it('reads and writes decimal strings without floats', () => {
    expect(quantityToThousandths('1')).toBe(1000);
    expect(quantityToThousandths('1.5')).toBe(1500);
    expect(quantityToThousandths('0.001')).toBe(1);
    expect(quantityToThousandths('0.125')).toBe(125);
    expect(thousandthsToQuantity(1500)).toBe('1.5');
    expect(thousandthsToQuantity(2000)).toBe('2');
    expect(thousandthsToQuantity(1)).toBe('0.001');
    expect(thousandthsToQuantity(10_010)).toBe('10.01');
  });
  it('refuses more than 3 places, signs and blanks', () => {
    for (const bad of ['1.0001', '-1', '', '1e3', '.5', 'abc']) expect(() => quantityToThousandths(bad)).toThrow();
  });
});

describe('computeInvoiceTotals', () => {
  it('an empty invoice is all zeros', () => {
    expect(computeInvoiceTotals([], [])).toMatchObject({ subtotal: 0, discount: 0, tax: 0, total: 0, taxes: [] });
  });

  it('rounds each line half up: 0.333 × 1.00 = 0.333 → 0.33; three such lines are 0.99 (never 1.00)', () => {
    const line = { quantity: '0.333', unitPrice: 100 };
    const t = computeInvoiceTotals([line, line, line], []);
    expect(t.lines.map((l) => l.gross)).toEqual([33, 33, 33]);
    expect(t.total).toBe(99);
  });

  it('rounds a half cent away from zero: 0.5 × 0.01 = 0.005 → 0.01; 1.5 × 0.03 = 0.045 → 0.05', () => {
    expect(computeLineTotals({ quantity: '0.5', unitPrice: 1 }, null).gross).toBe(1);
    expect(computeLineTotals({ quantity: '1.5', unitPrice: 3 }, null).gross).toBe(5);
  });

  it('0.1 + 0.2: a float would say 0.30000000000000004; integers say 30 cents', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: '0.1', unitPrice: 100 },
        { quantity: '0.2', unitPrice: 100 },
      ],
      [],
    );
    expect(t.total).toBe(30);
  });

  it('discount (percent and amount) before tax, tax per line rounded, summed per rate', () => {
    const t = computeInvoiceTotals(
      [
        // 3 × 19.99 = 59.97; −10 % = 6.00 (5.997 → 6.00); net 53.97; VAT 20 % = 10.794 → 10.79
        { quantity: '3', unitPrice: 1999, discount: { kind: 'percent', value: 1000 }, taxRateId: 'vat' },
        // 1 × 100.00 − 15.00 = 85.00; VAT 17.00
        { quantity: '1', unitPrice: 10000, discount: { kind: 'amount', value: 1500 }, taxRateId: 'vat' },
        // 2.5 × 10.01 = 25.025 → 25.03; 7.25 % = 1.8146… → 1.81
        { quantity: '2.5', unitPrice: 1001, taxRateId: 'reduced' },
        // no tax
        { quantity: '1', unitPrice: 500 },
      ],
      [vat, reduced],
    );
    expect(t.lines.map((l) => [l.gross, l.discount, l.net, l.tax, l.total])).toEqual([
      [5997, 600, 5397, 1079, 6476],
      [10000, 1500, 8500, 1700, 10200],
      [2503, 0, 2503, 181, 2684],
      [500, 0, 500, 0, 500],
    ]);
    expect(t.subtotal).toBe(5997 + 10000 + 2503 + 500);
    expect(t.discount).toBe(2100);
    expect(t.taxes).toEqual([
      { taxRateId: 'vat', name: 'VAT', rate: 2000, taxable: 5397 + 8500, amount: 1079 + 1700 },
      { taxRateId: 'reduced', name: 'Reduced', rate: 725, taxable: 2503, amount: 181 },
    ]);
    expect(t.tax).toBe(1079 + 1700 + 181);
    expect(t.total).toBe(t.subtotal - t.discount + t.tax);
    expect(t.total).toBe(6476 + 10200 + 2684 + 500);
  });

  it('a free line and a 100 % discount make zero, not negative', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: '5', unitPrice: 0, taxRateId: 'vat' },
        { quantity: '1', unitPrice: 999, discount: { kind: 'percent', value: 10_000 }, taxRateId: 'vat' },
      ],
      [vat],
    );
    expect(t.total).toBe(0);
  });

  it('large amounts stay exact (BigInt inside): 999.999 × 90,071,992.54 in thousandths × cents is beyond a double’s exact range', () => {
    const t = computeLineTotals({ quantity: '999.999', unitPrice: 9_007_199_254 }, null);
    // 999.999 × 9,007,199,254 = 9,007,190,246,800.746 → …801
    expect(t.gross).toBe(9_007_190_246_801);
  });

  it('a total beyond a safe integer is refused, not rounded', () => {
    const e = totalsError(() =>
      computeInvoiceTotals([{ quantity: '999999999', unitPrice: Number.MAX_SAFE_INTEGER }], []),
    );
    expect(e.field).toBe('lineItems.0');
    expect(e.message).toBe('The invoice total is too large');
  });

  it('an unknown tax rate names its line', () => {
    const e = totalsError(() =>
      computeInvoiceTotals(
        [
          { quantity: '1', unitPrice: 1 },
          { quantity: '1', unitPrice: 1, taxRateId: 'gone' },
        ],
        [vat],
      ),
    );
    expect(e.field).toBe('lineItems.1.taxRateId');
    expect(e.message).toBe('Unknown tax rate');
  });

  it('a discount above its line is refused', () => {
    const e = totalsError(() =>
      computeInvoiceTotals([{ quantity: '1', unitPrice: 100, discount: { kind: 'amount', value: 101 } }], []),
    );
    expect(e.field).toBe('lineItems.0.discount.value');
  });

  it('deposit: a percent of the total (rounded) or an amount, and the balance after it', () => {
    const lines = [{ quantity: '1', unitPrice: 3333 }];
    expect(computeInvoiceTotals(lines, [], { kind: 'deposit_percent', value: 5000 })).toMatchObject({
      total: 3333,
      deposit: 1667,
      balance: 1666,
    });
    expect(computeInvoiceTotals(lines, [], { kind: 'deposit_amount', value: 1000 })).toMatchObject({
      deposit: 1000,
      balance: 2333,
    });
    expect(computeInvoiceTotals(lines, [], null)).toMatchObject({ deposit: 0, balance: 3333 });
    expect(totalsError(() => computeInvoiceTotals(lines, [], { kind: 'deposit_amount', value: 3334 })).field).toBe(
      'paymentSchedule.value',
    );
  });
});

describe('money display and input', () => {
  it('formats minor units by the currency’s digits', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(1234, 'KWD')).toMatch(/1\.234/);
    expect(formatMoney(-5, 'EUR')).toBe('-€0.05');
  });
  it('parses typed amounts to minor units, refusing extra places', () => {
    expect(parseMoney('12.5', 'USD')).toBe(1250);
    expect(parseMoney('1,234.56', 'USD')).toBe(123456);
    expect(parseMoney('12.345', 'USD')).toBeNull();
    expect(parseMoney('1200', 'JPY')).toBe(1200);
    expect(parseMoney('1.5', 'JPY')).toBeNull();
    expect(parseMoney('abc', 'USD')).toBeNull();
  });
});
