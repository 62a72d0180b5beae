import {
  amountDueNow,
  paymentListParamsSchema,
  publicInvoiceQuerySchema,
  refundInputSchema,
  resolveHeldInputSchema,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
} from './payments';
import { paymentKeys, stripeKeys } from './keys';

describe('payments slice', () => {
  it('due now: the deposit while nothing is received, then what is left', () => {
    expect(amountDueNow({ total: 10_000, deposit: 3000 }, 0)).toEqual({ kind: 'deposit', amount: 3000 });
    expect(amountDueNow({ total: 10_000, deposit: 3000 }, 3000)).toEqual({ kind: 'balance', amount: 7000 });
    expect(amountDueNow({ total: 10_000, deposit: 3000 }, 1000)).toEqual({ kind: 'balance', amount: 9000 });
    expect(amountDueNow({ total: 10_000, deposit: 0 }, 0)).toEqual({ kind: 'full', amount: 10_000 });
    // A deposit of the whole total is the full amount; an overpaid invoice has nothing left.
    expect(amountDueNow({ total: 5000, deposit: 5000 }, 0)).toEqual({ kind: 'full', amount: 5000 });
    expect(amountDueNow({ total: 5000, deposit: 0 }, 6000)).toEqual({ kind: 'balance', amount: 0 });
  });

  it('inputs: the token, list filters, refund amounts and review actions', () => {
    expect(publicInvoiceQuerySchema.safeParse({ token: '  ' }).success).toBe(false);
    expect(publicInvoiceQuerySchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(paymentListParamsSchema.parse({ status: 'held', page: '2' })).toMatchObject({ status: 'held', page: 2 });
    expect(paymentListParamsSchema.safeParse({ status: 'paid' }).error?.issues[0]?.message).toMatch(
      /^Status must be one of: pending, succeeded/,
    );
    expect(refundInputSchema.parse({})).toEqual({});
    expect(refundInputSchema.safeParse({ amount: 0 }).success).toBe(false);
    expect(refundInputSchema.safeParse({ amount: 1.5 }).success).toBe(false);
    expect(resolveHeldInputSchema.safeParse({ action: 'keep' }).error?.issues[0]?.message).toBe(
      "Action must be 'apply' or 'dismiss'",
    );
  });

  it('every status has a label; keys start with their entity', () => {
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_STATUS_LABELS[s]).toBeTruthy();
    expect(paymentKeys.ofInvoice('d1')[0]).toBe(paymentKeys.all[0]);
    expect(paymentKeys.publicStatus('cs')[0]).toBe('payments');
    expect(stripeKeys.status[0]).toBe(stripeKeys.all[0]);
  });
});
