/**
 * Invoice money, in integers only (docs/requirements.md "Documents: decisions where the spec is silent"):
 *
 * - amounts (unit price, discount amount, deposit amount, every total) are integers in the currency's minor units
 *   (cents for USD, yen for JPY) on the wire and in the database;
 * - a quantity is a decimal string with up to 3 places ("2", "1.5", "0.125"), read here as integer thousandths —
 *   never a float;
 * - percentages (line discount, tax rate, deposit) are integer basis points: 1 % = 100, 7.25 % = 725;
 * - rounding happens once per line and per computed amount, half away from zero, in BigInt arithmetic, so a
 *   price of 1e12 times a quantity of 1e6 does not lose a cent; the result must fit a safe JavaScript integer.
 *
 * `computeInvoiceTotals` is the one function that turns line items into totals: the server stores what it
 * answers and the editor previews the same figures.
 */

/** Basis points in 100 %. */
export const BASIS_POINTS = 10_000;
/** Thousandths in one unit of quantity. */
export const QUANTITY_SCALE = 1000;

export const QUANTITY_PATTERN = /^\d{1,9}(?:\.\d{1,3})?$/;

/** A quantity string ("1.5") → integer thousandths (1500). Throws on anything else (the schema checks first). */
export function quantityToThousandths(quantity: string): number {
  const q = quantity.trim();
  if (!QUANTITY_PATTERN.test(q)) throw new RangeError(`Not a quantity: ${quantity}`);
  const [whole, frac = ''] = q.split('.');
  return Number(whole) * QUANTITY_SCALE + Number(frac.padEnd(3, '0'));
}

/** Integer thousandths → the shortest quantity string (1500 → "1.5", 2000 → "2"). */
export function thousandthsToQuantity(thousandths: number): string {
  const whole = Math.trunc(thousandths / QUANTITY_SCALE);
  const frac = String(thousandths % QUANTITY_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const r = n % denominator;
  const rounded = r * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}

export type LineDiscount = { kind: 'percent'; value: number } | { kind: 'amount'; value: number };

export interface TotalsLineInput {
  /** Decimal string, up to 3 places. */
  quantity: string;
  /** Minor units. */
  unitPrice: number;
  discount?: LineDiscount | null;
  taxRateId?: string | null;
}

export interface TotalsTaxRate {
  _id: string;
  name: string;
  /** Basis points. */
  rate: number;
}

export type PaymentScheduleInput =
  { kind: 'deposit_percent'; value: number } | { kind: 'deposit_amount'; value: number } | null | undefined;

export interface LineTotals {
  /** quantity × unit price, rounded. */
  gross: number;
  discount: number;
  /** gross − discount: what the tax applies to. */
  net: number;
  tax: number;
  /** net + tax. */
  total: number;
}

export interface TaxTotal {
  taxRateId: string;
  name: string;
  rate: number;
  /** The nets the rate applied to. */
  taxable: number;
  /** Sum of the lines' rounded taxes at this rate. */
  amount: number;
}

export interface InvoiceTotals {
  /** Sum of the lines' gross amounts. */
  subtotal: number;
  /** Sum of the lines' discounts. */
  discount: number;
  /** One entry per tax rate used, in the order the lines first use them. */
  taxes: TaxTotal[];
  tax: number;
  /** subtotal − discount + tax. */
  total: number;
  lines: LineTotals[];
  /** The deposit due first (0 without a schedule) and the balance after it. */
  deposit: number;
  balance: number;
}

/** Why totals cannot be computed: the line's index and the field, for a field message. */
export class TotalsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'TotalsError';
  }
}

const safe = (v: bigint, field: string, message: string): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new TotalsError(field, message);
  return Number(v);
};

/** The totals of one line (rounding half away from zero at each step). */
export function computeLineTotals(line: TotalsLineInput, rate: number | null, index = 0): LineTotals {
  const qty = BigInt(quantityToThousandths(line.quantity));
  const price = BigInt(line.unitPrice);
  const gross = divRound(qty * price, BigInt(QUANTITY_SCALE));
  let discount = 0n;
  if (line.discount) {
    discount =
      line.discount.kind === 'percent'
        ? divRound(gross * BigInt(line.discount.value), BigInt(BASIS_POINTS))
        : BigInt(line.discount.value);
    if (discount > gross) {
      throw new TotalsError(`lineItems.${index}.discount.value`, DISCOUNT_TOO_LARGE);
    }
  }
  const net = gross - discount;
  const tax = rate ? divRound(net * BigInt(rate), BigInt(BASIS_POINTS)) : 0n;
  const big = `lineItems.${index}`;
  return {
    gross: safe(gross, big, TOTAL_TOO_LARGE),
    discount: safe(discount, big, TOTAL_TOO_LARGE),
    net: safe(net, big, TOTAL_TOO_LARGE),
    tax: safe(tax, big, TOTAL_TOO_LARGE),
    total: safe(net + tax, big, TOTAL_TOO_LARGE),
  };
}

export const DISCOUNT_TOO_LARGE = 'Discount cannot be more than the line amount';
export const TOTAL_TOO_LARGE = 'The invoice total is too large';
export const UNKNOWN_TAX_RATE = 'Unknown tax rate';
export const DEPOSIT_TOO_LARGE = 'Deposit cannot be more than the invoice total';

/**
 * The invoice's totals from its lines and the business's tax rates. Throws TotalsError (with the field) for an
 * unknown tax rate, a discount above its line's amount, a deposit above the total or a total too large.
 */
export function computeInvoiceTotals(
  lineItems: readonly TotalsLineInput[],
  taxRates: readonly TotalsTaxRate[],
  paymentSchedule?: PaymentScheduleInput,
): InvoiceTotals {
  const rates = new Map(taxRates.map((r) => [r._id, r]));
  const taxes = new Map<string, { rate: TotalsTaxRate; taxable: bigint; amount: bigint }>();
  let subtotal = 0n;
  let discount = 0n;
  let tax = 0n;
  const lines = lineItems.map((line, i) => {
    const rate = line.taxRateId ? rates.get(line.taxRateId) : undefined;
    if (line.taxRateId && !rate) throw new TotalsError(`lineItems.${i}.taxRateId`, UNKNOWN_TAX_RATE);
    const totals = computeLineTotals(line, rate?.rate ?? null, i);
    subtotal += BigInt(totals.gross);
    discount += BigInt(totals.discount);
    tax += BigInt(totals.tax);
    if (rate) {
      const entry = taxes.get(rate._id) ?? { rate, taxable: 0n, amount: 0n };
      entry.taxable += BigInt(totals.net);
      entry.amount += BigInt(totals.tax);
      taxes.set(rate._id, entry);
    }
    return totals;
  });
  const totalBig = subtotal - discount + tax;
  const total = safe(totalBig, 'lineItems', TOTAL_TOO_LARGE);
  let deposit = 0n;
  if (paymentSchedule) {
    deposit =
      paymentSchedule.kind === 'deposit_percent'
        ? divRound(totalBig * BigInt(paymentSchedule.value), BigInt(BASIS_POINTS))
        : BigInt(paymentSchedule.value);
    if (deposit > totalBig) throw new TotalsError('paymentSchedule.value', DEPOSIT_TOO_LARGE);
  }
  return {
    subtotal: safe(subtotal, 'lineItems', TOTAL_TOO_LARGE),
    discount: safe(discount, 'lineItems', TOTAL_TOO_LARGE),
    taxes: [...taxes.values()].map((t) => ({
      taxRateId: t.rate._id,
      name: t.rate.name,
      rate: t.rate.rate,
      taxable: Number(t.taxable),
      amount: Number(t.amount),
    })),
    tax: safe(tax, 'lineItems', TOTAL_TOO_LARGE),
    total,
    lines,
    deposit: Number(deposit),
    balance: total - Number(deposit),
  };
}

/** How many minor digits a currency has (USD 2, JPY 0, KWD 3), from the platform's ISO 4217 data. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units → a display string ("$1,234.50"); exact for any safe integer (no float division). */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const major = digits ? `${abs.slice(0, -digits)}.${abs.slice(-digits)}` : abs;
  // Intl formats a decimal string exactly (ES2023 "string decimal" input).
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(`${sign}${major}` as unknown as number);
}

/** A major-unit decimal string the user typed ("12.5") → minor units (1250), or null when it is not an amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const t = text.trim().replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return null;
  const frac = m[3] ?? '';
  if (frac.length > digits) return null;
  const big = BigInt(m[2] ?? '0') * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const value = Number(big);
  return m[1] ? -value : value;
}
