import type { ApiClient } from '@atrium/api-client';
import { paymentsApi, publicPaymentsApi, stripeApi } from './payments';

/** A client that records each call and answers `{ data }` (or the list envelope for GET payments). */
function recording() {
  const calls: unknown[][] = [];
  const answer = (...args: unknown[]) => {
    calls.push(args);
    return Promise.resolve({ data: { ok: true } });
  };
  const client = { get: answer, post: answer, delete: answer } as unknown as ApiClient;
  return { client, calls };
}

describe('the payments calls', () => {
  it('the public pay flow: the token in the query, the session id and its key for the status', async () => {
    const { client, calls } = recording();
    const pay = publicPaymentsApi(client);
    expect(await pay.invoice('doc 1', 'tok')).toEqual({ ok: true });
    await pay.checkout('doc 1', 'tok');
    await pay.status('cs_test_1', 'k');
    expect(calls).toEqual([
      ['public/invoices/doc%201/payment', { token: 'tok' }],
      ['public/invoices/doc%201/checkout', {}, { searchParams: { token: 'tok' } }],
      ['public/payments/status', { session_id: 'cs_test_1', key: 'k' }],
    ]);
  });

  it('the Stripe connection and the payments of the business', async () => {
    const { client, calls } = recording();
    await stripeApi(client).status();
    await stripeApi(client).connect();
    await stripeApi(client).refresh();
    await stripeApi(client).disconnect();
    await paymentsApi(client).list({ status: 'held', page: 2, documentId: undefined });
    await paymentsApi(client).ofInvoice('d/1');
    await paymentsApi(client).resolve('p1', { action: 'apply' });
    await paymentsApi(client).refund('p1', { amount: 500 });
    expect(calls).toEqual([
      ['stripe/account-status'],
      ['stripe/connect', {}],
      ['stripe/refresh', {}],
      ['stripe/account'],
      ['payments', { status: 'held', page: '2' }],
      ['documents/d%2F1/payments'],
      ['payments/p1/resolve', { action: 'apply' }],
      ['payments/p1/refund', { amount: 500 }],
    ]);
  });
});
