import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@atrium/contracts';
import {
  checkoutAnswerSchema,
  invoicePaymentsSchema,
  PAYMENT_MESSAGES as M,
  paymentListAnswerSchema,
  paymentSchema,
  publicInvoicePaymentSchema,
  publicPaymentStatusSchema,
  stripeAccountStatusSchema,
  type CheckoutAnswer,
  type InvoicePayments,
  type Payment,
  type PublicInvoicePayment,
} from '@atrium/domain-documents/schemas';
import { documentLinks, financeRevenueMonths, payments as paymentsTable, stripeEvents } from '../../db/schema';
import { StripeGateway } from '../stripe/stripe.gateway';
import { PaymentsRepository } from './payments.repository';
import { Agent, appWithStripeFake, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { type FakeStripe } from '../../../test/fakes/stripe';

const SECRET = 'whsec_test_payments_secret';
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
type Json = Record<string, unknown>;

describe('payments (Stripe against the local fake)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let owner: Signed;
  let stranger: Signed;
  let accountId: string;

  beforeAll(async () => {
    ({ fake, t } = await appWithStripeFake({ webhookSecret: SECRET }));
    owner = await signedInAgent(t.app, { firstName: 'Ada' });
    stranger = await signedInAgent(t.app, { firstName: 'Eve' });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const a = () => owner.agent;
  const db = () => t.database.db;

  /** A webhook delivery as Stripe makes it (signed now unless told otherwise). */
  const webhook = (event: Json, o: { body?: string; signature?: string | null; app?: FastifyInstance } = {}) => {
    const body = o.body ?? JSON.stringify(event);
    const signature = o.signature === undefined ? fake.sign(body) : o.signature;
    return (o.app ?? t.app).inject({
      method: 'POST',
      url: `${API_ROOT}/stripe/webhook`,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });
  };

  const status = async (agent = a()) => stripeAccountStatusSchema.parse(ok(await agent.get('/stripe/account-status')));

  /** A sent invoice of `total` cents (one line), with an optional deposit; its id and public link token. */
  const sentInvoice = async (total = 10_000, schedule: Json | null = null, agent = a()) => {
    const doc = ok(
      await agent.post('/documents', {
        type: 'invoice',
        title: 'Kitchen',
        currency: 'USD',
        lineItems: [{ description: 'Work', quantity: '1', unitPrice: total }],
        paymentSchedule: schedule,
      }),
      201,
    ) as { _id: string; number: string };
    const sent = ok(await agent.post(`/documents/${doc._id}/send`, {})) as { link: { token: string } };
    return { id: doc._id, number: doc.number, token: sent.link.token };
  };

  const visitor = () => new Agent(t.app).init();
  const publicInvoice = async (id: string, token: string) =>
    publicInvoicePaymentSchema.parse(
      ok(await (await visitor()).get(`/public/invoices/${id}/payment?token=${token}`)),
    ) as PublicInvoicePayment;
  const checkout = async (id: string, token: string) =>
    checkoutAnswerSchema.parse(
      ok(await (await visitor()).post(`/public/invoices/${id}/checkout?token=${token}`, {})),
    ) as CheckoutAnswer;
  const invoicePayments = async (id: string, agent = a()) =>
    invoicePaymentsSchema.parse(ok(await agent.get(`/documents/${id}/payments`))) as InvoicePayments;
  const documentStatus = async (id: string) => (ok(await a().get(`/documents/${id}`)) as { status: string }).status;
  const paymentRow = async (id: string) =>
    (await db().select().from(paymentsTable).where(eq(paymentsTable.id, id)))[0]!;
  /** The key the success URL carries beside the session id (as Stripe redirects the client there). */
  const statusKeyOf = (sessionId: string) =>
    new URL(fake.sessions.get(sessionId)!.success_url.replace('{CHECKOUT_SESSION_ID}', sessionId)).searchParams.get(
      'key',
    )!;
  const statusOf = async (sessionId: string) =>
    publicPaymentStatusSchema.parse(
      ok(
        await (
          await visitor()
        ).get(`/public/payments/status?session_id=${sessionId}&key=${encodeURIComponent(statusKeyOf(sessionId))}`),
      ),
    );
  const countEvents = async (id: string) =>
    (await db().select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;

  describe('without Stripe configured', () => {
    let bare: FastifyInstance;
    beforeAll(async () => {
      bare = await t.sibling({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    });

    it('says plainly that card payment is not set up, and refuses to charge', async () => {
      const agent = new Agent(bare);
      const login = await agent
        .init()
        .then((x) => x.post('/auth/login', { email: owner.signup.email, password: owner.signup.password }));
      expect(login.statusCode).toBe(200);
      expect(await status(agent)).toEqual({
        configured: false,
        connected: false,
        accountId: null,
        chargesEnabled: false,
        detailsSubmitted: false,
        payoutsEnabled: false,
      });
      expect(errorOf(await agent.post('/stripe/connect', {}))).toMatchObject({
        status: 409,
        error: M.platformNotConfigured,
      });
      const inv = await sentInvoice(5000);
      const pub = await new Agent(bare).init();
      const view = publicInvoicePaymentSchema.parse(
        ok(await pub.get(`/public/invoices/${inv.id}/payment?token=${inv.token}`)),
      );
      expect(view).toMatchObject({ cardPayment: false, cardPaymentMessage: M.notConfigured, paidInFull: false });
      expect(errorOf(await pub.post(`/public/invoices/${inv.id}/checkout?token=${inv.token}`, {}))).toMatchObject({
        status: 409,
        error: M.notConfigured,
      });
      expect((await webhook(fake.event('account.updated', { id: 'acct_x' }, 'acct_x'), { app: bare })).statusCode).toBe(
        400,
      );
      // Marked paid by hand still works, and records the money once.
      ok(await agent.put(`/documents/${inv.id}`, { status: 'paid' }));
      const p = await invoicePayments(inv.id);
      expect(p).toMatchObject({ total: 5000, paid: 5000, balance: 0 });
      expect(p.payments).toEqual([expect.objectContaining({ method: 'manual', status: 'succeeded', amount: 5000 })]);
    });
  });

  describe('connecting the business’s Stripe account', () => {
    it('not connected at first; connect creates the account and answers the onboarding link', async () => {
      expect(await status()).toMatchObject({ configured: true, connected: false, chargesEnabled: false });
      const inv = await sentInvoice(1000);
      expect((await publicInvoice(inv.id, inv.token)).cardPayment).toBe(false);

      const { url } = ok(await a().post('/stripe/connect', {})) as { url: string };
      expect(url).toMatch(new RegExp(`^${fake.url}/connect/onboarding/acct_`));
      const onboarding = new URL(url);
      expect(onboarding.searchParams.get('return_url')).toBe(
        `${t.config.appUrl}/businesses/settings?tab=integrations&stripe=return`,
      );
      accountId = onboarding.pathname.split('/').pop()!;
      expect(await status()).toMatchObject({ connected: true, accountId, chargesEnabled: false });
      // Connecting again reuses the account (no second one at Stripe).
      ok(await a().post('/stripe/connect', {}));
      expect(fake.accounts.size).toBe(1);

      // Charges are not enabled yet: no checkout.
      expect(
        errorOf(await (await visitor()).post(`/public/invoices/${inv.id}/checkout?token=${inv.token}`, {})),
      ).toMatchObject({ status: 409, error: M.notConfigured });
    });

    it('onboarding finished: account.updated (verified) and a refresh both bring the flags', async () => {
      await fake.completeOnboarding(accountId);
      const updated = fake.deliveries.find((d) => d.type === 'account.updated' && d.status === 0)!;
      expect((await webhook(updated.event)).statusCode).toBe(200);
      expect(await status()).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true });
      expect(await status()).toMatchObject(stripeAccountStatusSchema.parse(ok(await a().post('/stripe/refresh', {}))));
    });

    it('a member of another business sees only their own status; disconnect is theirs alone', async () => {
      expect(await status(stranger.agent)).toMatchObject({ connected: false, accountId: null });
      expect(errorOf(await stranger.agent.delete('/stripe/account'))).toMatchObject({ status: 404 });
      expect(await status()).toMatchObject({ connected: true });
    });
  });

  describe('the pay flow', () => {
    it('deposit first, then the balance; only the verified webhook marks money received', async () => {
      const inv = await sentInvoice(10_000, { kind: 'deposit_percent', value: 3000 });
      const before = await publicInvoice(inv.id, inv.token);
      expect(before).toMatchObject({
        cardPayment: true,
        cardPaymentMessage: null,
        dueNow: { kind: 'deposit', amount: 3000 },
        invoice: { total: 10_000, deposit: 3000, paid: 0, balance: 10_000, currency: 'USD', number: inv.number },
        business: { name: expect.any(String) },
      });

      const c = await checkout(inv.id, inv.token);
      expect(c).toMatchObject({ amount: 3000, currency: 'USD', kind: 'deposit' });
      expect(c.url).toBe(`${fake.url}/checkout/${c.sessionId}`);
      const call = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').pop()!;
      expect(call.account).toBe(accountId);
      expect(call.idempotencyKey).toBe(`atrium-checkout-${c.paymentId}`);
      expect(call.form).toMatchObject({
        mode: 'payment',
        success_url: expect.stringMatching(
          new RegExp(
            `^${t.config.appUrl}/invoice-payment-success\\?session_id=\\{CHECKOUT_SESSION_ID\\}&key=[\\w-]{43}$`,
          ),
        ),
        metadata: { document: inv.id, payment: c.paymentId, kind: 'deposit' },
        line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '3000' } }],
      });

      // The success page's status call only reads: still pending before the webhook.
      const pending = await statusOf(c.sessionId);
      expect(pending).toMatchObject({ status: 'pending', amount: 3000, invoice: { paidInFull: false } });

      const completed = await fake.pay(c.sessionId, { deliver: false });
      const res = await webhook(completed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded', amount: 3000 });
      const afterDeposit = await publicInvoice(inv.id, inv.token);
      expect(afterDeposit).toMatchObject({
        dueNow: { kind: 'balance', amount: 7000 },
        invoice: { paid: 3000, balance: 7000 },
        paidInFull: false,
      });
      // A deposit keeps the invoice open.
      expect(await documentStatus(inv.id)).not.toBe('paid');

      // Delivered again (Stripe retries): nothing changes.
      expect((await webhook(completed)).statusCode).toBe(200);
      expect((await invoicePayments(inv.id)).paid).toBe(3000);
      expect(await countEvents(String(completed.id))).toBe(1);

      // The balance, its event delivered five times at once: counted once, the invoice paid.
      const b = await checkout(inv.id, inv.token);
      expect(b).toMatchObject({ amount: 7000, kind: 'balance' });
      const balanceEvent = await fake.pay(b.sessionId, { deliver: false });
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(balanceEvent)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const p = await invoicePayments(inv.id);
      expect(p).toMatchObject({ total: 10_000, paid: 10_000, balance: 0 });
      expect(p.payments.filter((x) => x.status === 'succeeded')).toHaveLength(2);
      expect(await documentStatus(inv.id)).toBe('paid');
      expect(await countEvents(String(balanceEvent.id))).toBe(1);

      const done = await statusOf(b.sessionId);
      expect(done).toMatchObject({ status: 'succeeded', invoice: { paidInFull: true, balance: 0 } });
      expect(
        errorOf(await (await visitor()).post(`/public/invoices/${inv.id}/checkout?token=${inv.token}`, {})),
      ).toMatchObject({ status: 409, error: M.alreadyPaid });
    });

    it('a bad, missing, foreign-secret or stale signature → 400 and nothing changed', async () => {
      const inv = await sentInvoice(2500);
      const c = await checkout(inv.id, inv.token);
      const event = await fake.pay(c.sessionId, { deliver: false });
      const body = JSON.stringify(event);
      const tampered = body.replace('"amount_total":2500', '"amount_total":1');
      const stale = Math.floor(Date.now() / 1000) - 301;
      const cases = [
        { body: tampered, signature: fake.sign(body) },
        { body, signature: null },
        { body, signature: 'garbage' },
        { body, signature: fake.sign(body, undefined, 'whsec_someone_else') },
        { body, signature: fake.sign(body, stale) },
      ];
      for (const o of cases) {
        const res = await webhook(event, o);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', error: M.invalidSignature });
      }
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'pending' });
      expect(await countEvents(String(event.id))).toBe(0);
      // The genuine delivery still works afterwards.
      expect((await webhook(event)).statusCode).toBe(200);
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded' });
    });

    it('an amount or currency other than expected is held for review, never applied; apply after review', async () => {
      const inv = await sentInvoice(4000);
      const c = await checkout(inv.id, inv.token);
      expect((await webhook(await fake.pay(c.sessionId, { deliver: false, amountTotal: 3999 }))).statusCode).toBe(200);
      const held = await paymentRow(c.paymentId);
      expect(held).toMatchObject({ status: 'held', receivedAmount: 3999, receivedCurrency: 'USD' });
      expect(held.reason).toBe(M.heldAmountMismatch('$40.00', '$39.99'));
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0, balance: 4000 });
      expect(await documentStatus(inv.id)).not.toBe('paid');

      const inv2 = await sentInvoice(4000);
      const c2 = await checkout(inv2.id, inv2.token);
      await webhook(await fake.pay(c2.sessionId, { deliver: false, currency: 'eur' }));
      expect(await paymentRow(c2.paymentId)).toMatchObject({ status: 'held', receivedCurrency: 'EUR' });
      expect(errorOf(await a().post(`/payments/${c2.paymentId}/resolve`, { action: 'apply' }))).toMatchObject({
        status: 409,
      });

      const applied = paymentSchema.parse(
        ok(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'apply' })),
      ) as Payment;
      expect(applied).toMatchObject({ status: 'succeeded', amount: 3999 });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 3999, balance: 1 });
      expect(errorOf(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'apply' }))).toMatchObject({
        status: 409,
        error: M.notHeld,
      });
    });

    it('a held payment dismissed is refunded through Stripe and counts nothing', async () => {
      const inv = await sentInvoice(4500);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false, amountTotal: 4600 }));
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'held', receivedAmount: 4600 });
      expect(errorOf(await a().post(`/payments/${c.paymentId}/refund`, {}))).toMatchObject({ status: 409 });
      const answer = paymentSchema.parse(ok(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'dismiss' })));
      // The dismissal is recorded at once, before Stripe's charge.refunded: it can no longer be applied.
      expect(answer).toMatchObject({ status: 'dismissed', refundedAt: null });
      for (const action of ['apply', 'dismiss']) {
        expect(errorOf(await a().post(`/payments/${c.paymentId}/resolve`, { action }))).toMatchObject({
          status: 409,
          error: M.dismissedAlready,
        });
      }
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0, balance: 4500 });
      const refunded = fake.deliveries.filter((d) => d.type === 'charge.refunded').pop()!;
      expect(refunded.event).toMatchObject({ data: { object: { amount_refunded: 4600 } } });
      expect((await webhook(refunded.event)).statusCode).toBe(200);
      // What the invoice expected stays the amount; what came and went back is the received amount.
      expect(await paymentRow(c.paymentId)).toMatchObject({
        status: 'dismissed',
        amount: 4500,
        amountRefunded: 0,
        receivedAmount: 4600,
        refundedAt: expect.any(Date),
      });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0, balance: 4500 });
    });

    it('two sessions both paid: the second would overpay and is held', async () => {
      const inv = await sentInvoice(3000);
      const first = await checkout(inv.id, inv.token);
      const second = await checkout(inv.id, inv.token);
      // The newer checkout expired the older session at Stripe; pay the older anyway as if it raced.
      fake.sessions.get(first.sessionId)!.status = 'open';
      await webhook(await fake.pay(second.sessionId, { deliver: false }));
      await webhook(await fake.pay(first.sessionId, { deliver: false }));
      expect(await paymentRow(second.paymentId)).toMatchObject({ status: 'succeeded' });
      expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'held', reason: M.heldOverpaid });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 3000, balance: 0 });
    });

    it('a declined card keeps the payment pending while its session is open; a refund reopens the invoice', async () => {
      const inv = await sentInvoice(6000);
      const c = await checkout(inv.id, inv.token);
      const declined = await fake.decline(c.sessionId);
      expect((await webhook(declined)).statusCode).toBe(200);
      // Checkout stays open after a decline: pending with the decline as its reason, never "failed, nothing charged"
      // on the success page while the client may pay with another card.
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'pending', reason: 'Your card was declined.' });
      expect(await statusOf(c.sessionId)).toMatchObject({ status: 'pending' });

      // The client tries again in the same session and pays: the payment is the paid one.
      await webhook(await fake.pay(c.sessionId, { deliver: false }));
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded', reason: null });
      expect(await documentStatus(inv.id)).toBe('paid');

      expect(errorOf(await a().post(`/payments/${c.paymentId}/refund`, { amount: 6001 }))).toMatchObject({
        status: 400,
        error: M.refundTooLarge,
      });
      ok(await a().post(`/payments/${c.paymentId}/refund`, { amount: 1000 }));
      const refundEvent = fake.deliveries.filter((d) => d.type === 'charge.refunded').pop()!;
      expect((await webhook(refundEvent.event)).statusCode).toBe(200);
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'partially_refunded', amountRefunded: 1000 });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 5000, balance: 1000 });
      expect(await documentStatus(inv.id)).not.toBe('paid');

      ok(await a().post(`/payments/${c.paymentId}/refund`, {}));
      const full = fake.deliveries.filter((d) => d.type === 'charge.refunded').pop()!;
      await webhook(full.event);
      // An older refund event arriving late changes nothing (the amounts are absolute).
      await webhook({ ...refundEvent.event, id: `${String(refundEvent.event.id)}_late` });
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'refunded', amountRefunded: 6000 });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0, balance: 6000 });
      expect(errorOf(await a().post(`/payments/${c.paymentId}/refund`, {}))).toMatchObject({
        status: 409,
        error: M.notRefundable,
      });
    });

    it('a refund delivered before its payment’s completion → 409, nothing kept; delivered again later it applies', async () => {
      const inv = await sentInvoice(5000);
      const c = await checkout(inv.id, inv.token);
      const completed = await fake.pay(c.sessionId, { deliver: false });
      const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
      const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
      // The intent's metadata is asked of Stripe when the charge carries none (as real charges do not).
      const early = fake.event('charge.refunded', { ...charge, metadata: {}, amount_refunded: 500 }, accountId);
      const res = await webhook(early);
      expect(errorOf(res)).toMatchObject({ status: 409, error: M.notSettledYet });
      expect(await countEvents(String(early.id))).toBe(0);
      expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${pi}`)).toBe(true);
      expect((await webhook(completed)).statusCode).toBe(200);
      expect((await webhook(early)).statusCode).toBe(200);
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'partially_refunded', amountRefunded: 500 });
      // A charge made outside Atrium on the same account is ignored (200, recorded as unknown).
      const foreign = fake.event(
        'charge.refunded',
        {
          id: 'ch_other',
          object: 'charge',
          amount: 100,
          amount_refunded: 100,
          payment_intent: 'pi_other',
          metadata: { note: 'x' },
        },
        accountId,
      );
      fake.paymentIntents.set('pi_other', { id: 'pi_other', object: 'payment_intent', metadata: {} });
      expect((await webhook(foreign)).statusCode).toBe(200);
    });

    it('a delayed payment method: completed unpaid, then async success applies; an abandoned session expires', async () => {
      const inv = await sentInvoice(2200);
      const c = await checkout(inv.id, inv.token);
      const session = {
        ...fake.sessions.get(c.sessionId)!,
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: 'pi_async_1',
      };
      const { account: _a, payment_intent_metadata: _m, ...object } = session;
      expect((await webhook(fake.event('checkout.session.completed', object, accountId))).statusCode).toBe(200);
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'pending', stripePaymentIntentId: 'pi_async_1' });
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0 });
      const paid = { ...object, payment_status: 'paid' };
      expect((await webhook(fake.event('checkout.session.async_payment_succeeded', paid, accountId))).statusCode).toBe(
        200,
      );
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded' });
      expect(await documentStatus(inv.id)).toBe('paid');
      // The session's expiry after it was paid changes nothing.
      await webhook(fake.event('checkout.session.expired', { ...object, status: 'expired' }, accountId));
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded' });

      const other = await sentInvoice(2300);
      const left = await checkout(other.id, other.token);
      const { account: _b, payment_intent_metadata: _n, ...open } = fake.sessions.get(left.sessionId)!;
      await webhook(fake.event('checkout.session.expired', { ...open, status: 'expired' }, accountId));
      expect(await paymentRow(left.paymentId)).toMatchObject({ status: 'expired' });
      expect((await publicInvoice(other.id, other.token)).dueNow).toEqual({ kind: 'full', amount: 2300 });
    });

    it('events of another connected account or an unknown session change nothing', async () => {
      const inv = await sentInvoice(1500);
      const c = await checkout(inv.id, inv.token);
      const event = await fake.pay(c.sessionId, { deliver: false });
      expect((await webhook({ ...event, id: `${String(event.id)}_x`, account: 'acct_other' })).statusCode).toBe(200);
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'pending' });
      const [row] = await db()
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, `${String(event.id)}_x`));
      expect(row?.outcome).toBe('account_mismatch');
      expect(
        (await webhook(fake.event('checkout.session.completed', { id: 'cs_unknown' }, accountId))).statusCode,
      ).toBe(200);
    });

    it('marked paid by hand after a deposit records only the balance, by hand', async () => {
      const inv = await sentInvoice(8000, { kind: 'deposit_amount', value: 2000 });
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false }));
      ok(await a().put(`/documents/${inv.id}`, { status: 'paid' }));
      const p = await invoicePayments(inv.id);
      expect(p).toMatchObject({ paid: 8000, balance: 0 });
      expect(p.payments.find((x) => x.method === 'manual')).toMatchObject({ amount: 6000, kind: 'balance' });
    });
  });

  describe('review of #18 (findings 5, 6, 7, 10, 11, 15)', () => {
    /** What finance counts as revenue for the business, every month and currency together. */
    const revenue = async (businessId: string) => {
      const rows = await db()
        .select()
        .from(financeRevenueMonths)
        .where(eq(financeRevenueMonths.businessId, businessId));
      // (A month the trigger emptied stays as a row of zeros: the same revenue as no row.)
      return rows
        .filter((r) => r.paid !== 0 || r.refunded !== 0)
        .map((r) => `${r.month} ${r.currency} paid ${r.paid} refunded ${r.refunded}`)
        .sort();
    };
    const businessOf = async (paymentId: string) => (await paymentRow(paymentId)).businessId;

    it('5: a decline then the session’s expiry ends it as expired; the success page never reads "failed" meanwhile', async () => {
      const inv = await sentInvoice(3100);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.decline(c.sessionId));
      await webhook(await fake.decline(c.sessionId));
      expect(await statusOf(c.sessionId)).toMatchObject({ status: 'pending' });
      const { account: _a, payment_intent_metadata: _m, ...open } = fake.sessions.get(c.sessionId)!;
      await webhook(fake.event('checkout.session.expired', { ...open, status: 'expired' }, accountId));
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'expired', reason: 'Your card was declined.' });
      expect(await statusOf(c.sessionId)).toMatchObject({ status: 'expired' });
    });

    it('6: a held payment dismissed is never revenue — not in its held month, not in its refund month, in no currency', async () => {
      const inv = await sentInvoice(5200);
      const c = await checkout(inv.id, inv.token);
      // Held for a currency mismatch, then dated last month (the hold), dismissed this month.
      await webhook(await fake.pay(c.sessionId, { deliver: false, currency: 'eur', amountTotal: 4800 }));
      const business = await businessOf(c.paymentId);
      await db()
        .update(paymentsTable)
        .set({ paidAt: sql`now() - interval '40 days'` })
        .where(eq(paymentsTable.id, c.paymentId));
      const before = await revenue(business);
      ok(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'dismiss' }));
      await webhook(fake.deliveries.filter((d) => d.type === 'charge.refunded').pop()!.event);
      const row = await paymentRow(c.paymentId);
      expect(row).toMatchObject({
        status: 'dismissed',
        amount: 5200,
        currency: 'USD',
        receivedAmount: 4800,
        receivedCurrency: 'EUR',
        amountRefunded: 0,
      });
      expect(await revenue(business)).toEqual(before);
      expect(await invoicePayments(inv.id)).toMatchObject({ paid: 0, balance: 5200 });
      // Delivered again: nothing moves.
      await webhook(fake.deliveries.filter((d) => d.type === 'charge.refunded').pop()!.event);
      expect(await revenue(business)).toEqual(before);
    });

    it('6: migration 0045 moves a held payment refunded before the fix (stored as refunded) out of the revenue', async () => {
      const inv = await sentInvoice(6100);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false, amountTotal: 6200 }));
      const business = await businessOf(c.paymentId);
      const before = await revenue(business);
      // As the old code left it: refunded, the received amount as its amount, paid last month, refunded now.
      await db()
        .update(paymentsTable)
        .set({
          status: 'refunded',
          amount: 6200,
          amountRefunded: 6200,
          paidAt: sql`now() - interval '40 days'`,
          refundedAt: sql`now()`,
        })
        .where(eq(paymentsTable.id, c.paymentId));
      expect(await revenue(business)).not.toEqual(before);
      const migration = readFileSync(join(__dirname, '../../../drizzle/0045_payments_dismissed.sql'), 'utf8');
      await db().execute(sql.raw(migration));
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'dismissed', amountRefunded: 0 });
      expect(await revenue(business)).toEqual(before);
    });

    it('7: a dismissal Stripe refuses is held again (and can then be applied); a dismissed one is never applied', async () => {
      const inv = await sentInvoice(2600);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false, amountTotal: 2500 }));
      // Stripe has nothing left to give back (refunded in its dashboard, event not here yet): 409 with its message.
      const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
      const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
      charge.amount_refunded = charge.amount;
      const refused = errorOf(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'dismiss' }));
      expect(refused).toMatchObject({ status: 409, error: expect.stringContaining('greater than unrefunded amount') });
      expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'held' });
      charge.amount_refunded = 0;
      expect(
        paymentSchema.parse(ok(await a().post(`/payments/${c.paymentId}/resolve`, { action: 'apply' }))),
      ).toMatchObject({
        status: 'succeeded',
        amount: 2500,
      });
    });

    it('10: refusals by Stripe are 400/409 with Stripe’s message, not 503; two equal partial refunds are two refunds', async () => {
      // A deposit below Stripe's minimum charge: 400 with Stripe's message, and no pending payment left behind.
      const tiny = await sentInvoice(4000, { kind: 'deposit_amount', value: 30 });
      const res = await (await visitor()).post(`/public/invoices/${tiny.id}/checkout?token=${tiny.token}`, {});
      expect(errorOf(res)).toMatchObject({ status: 400, error: 'Amount must be at least 50 usd cents' });
      expect((await invoicePayments(tiny.id)).payments).toEqual([]);

      const inv = await sentInvoice(3000);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false }));
      const refundsBefore = fake.requests.filter((r) => r.path === '/v1/refunds').length;
      ok(await a().post(`/payments/${c.paymentId}/refund`, { amount: 1000 }));
      ok(await a().post(`/payments/${c.paymentId}/refund`, { amount: 1000 }));
      const calls = fake.requests.filter((r) => r.path === '/v1/refunds').slice(refundsBefore);
      expect(calls).toHaveLength(2);
      expect(new Set(calls.map((r) => r.idempotencyKey)).size).toBe(2);
      const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
      expect([...fake.charges.values()].find((x) => x.payment_intent === pi)!.amount_refunded).toBe(2000);
      // The webhooks have not arrived: Atrium still thinks 3000 is left; Stripe has 1000 and refuses 1500 → 409.
      const tooMuch = errorOf(await a().post(`/payments/${c.paymentId}/refund`, { amount: 1500 }));
      expect(tooMuch).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        error: 'Refund amount (1500) is greater than unrefunded amount on charge (1000)',
      });
    });

    it('11: no Stripe call is made while a webhook transaction is open', async () => {
      let open = 0;
      const callsInTx: number[] = [];
      const realTx = PaymentsRepository.prototype.transaction;
      jest.spyOn(PaymentsRepository.prototype, 'transaction').mockImplementation(async function (
        this: PaymentsRepository,
        fn: Parameters<PaymentsRepository['transaction']>[0],
      ) {
        open += 1;
        try {
          return await realTx.call(this, fn);
        } finally {
          open -= 1;
        }
      } as PaymentsRepository['transaction']);
      const realRetrieve = StripeGateway.prototype.retrievePaymentIntent;
      jest.spyOn(StripeGateway.prototype, 'retrievePaymentIntent').mockImplementation(function (
        this: StripeGateway,
        ...args: Parameters<StripeGateway['retrievePaymentIntent']>
      ) {
        callsInTx.push(open);
        return realRetrieve.apply(this, args);
      });
      try {
        const inv = await sentInvoice(2700);
        const c = await checkout(inv.id, inv.token);
        await fake.pay(c.sessionId, { deliver: false });
        const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
        const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
        const early = fake.event('charge.refunded', { ...charge, metadata: {}, amount_refunded: 100 }, accountId);
        expect(errorOf(await webhook(early))).toMatchObject({ status: 409, error: M.notSettledYet });
        expect(callsInTx.length).toBeGreaterThan(0);
        expect(callsInTx.every((n) => n === 0)).toBe(true);
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('15: the public status needs the success URL’s key; a session id alone reads nothing', async () => {
      const inv = await sentInvoice(1700);
      const c = await checkout(inv.id, inv.token);
      const v = await visitor();
      expect((await v.get(`/public/payments/status?session_id=${c.sessionId}`)).statusCode).toBe(400);
      const second = await sentInvoice(1800);
      const c2 = await checkout(second.id, second.token);
      const own = statusKeyOf(c.sessionId);
      // The own key with its last character changed (to one it is not, so the test never passes the real key).
      const altered = `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`;
      for (const key of ['x', statusKeyOf(c2.sessionId), altered]) {
        const res = await v.get(`/public/payments/status?session_id=${c.sessionId}&key=${encodeURIComponent(key)}`);
        expect(errorOf(res)).toMatchObject({ status: 404, error: M.sessionNotFound });
      }
      expect(await statusOf(c.sessionId)).toMatchObject({ status: 'pending', amount: 1700 });
    });
  });

  describe('public calls: the link token', () => {
    it('unknown, forged or another document’s token → 404; an expired link → 410; contracts are not payable', async () => {
      const inv = await sentInvoice(1200);
      const other = await sentInvoice(1300);
      const v = await visitor();
      expect((await v.get(`/public/invoices/${inv.id}/payment?token=nope`)).statusCode).toBe(404);
      expect((await v.get(`/public/invoices/${inv.id}/payment?token=${other.token}`)).statusCode).toBe(404);
      expect((await v.post(`/public/invoices/${inv.id}/checkout?token=${other.token}`, {})).statusCode).toBe(404);
      expect((await v.get(`/public/invoices/${inv.id}/payment`)).statusCode).toBe(400);

      const contract = ok(await a().post('/documents', { type: 'contract', title: 'Agreement' }), 201) as {
        _id: string;
      };
      const sent = ok(await a().post(`/documents/${contract._id}/send`, {})) as { link: { token: string } };
      expect((await v.get(`/public/invoices/${contract._id}/payment?token=${sent.link.token}`)).statusCode).toBe(404);

      await db()
        .update(documentLinks)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(documentLinks.documentId, inv.id));
      expect(errorOf(await v.get(`/public/invoices/${inv.id}/payment?token=${inv.token}`))).toMatchObject({
        status: 410,
      });
      expect((await v.post(`/public/invoices/${inv.id}/checkout?token=${inv.token}`, {})).statusCode).toBe(410);
      expect((await v.get('/public/payments/status?session_id=cs_test_unknown&key=x')).statusCode).toBe(404);
    });

    it('the checkout needs the CSRF pair like every public POST', async () => {
      const inv = await sentInvoice(1100);
      const v = await visitor();
      const res = await v.post(`/public/invoices/${inv.id}/checkout?token=${inv.token}`, {}, { csrf: false });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('another business', () => {
    it('sees none of these payments and cannot act on them', async () => {
      const inv = await sentInvoice(900);
      const c = await checkout(inv.id, inv.token);
      await webhook(await fake.pay(c.sessionId, { deliver: false }));
      const s = stranger.agent;
      expect((await s.get(`/documents/${inv.id}/payments`)).statusCode).toBe(404);
      expect((await s.post(`/payments/${c.paymentId}/refund`, {})).statusCode).toBe(404);
      expect((await s.post(`/payments/${c.paymentId}/resolve`, { action: 'apply' })).statusCode).toBe(404);
      const list = paymentListAnswerSchema.parse(await s.get('/payments').then((r) => r.json()));
      expect(list.data).toEqual([]);
      const mine = paymentListAnswerSchema.parse(
        await a()
          .get(`/payments?documentId=${inv.id}`)
          .then((r) => r.json()),
      );
      expect(mine.data.map((p) => p._id)).toEqual([c.paymentId]);
    });
  });

  describe('the hosted pages over HTTP (as in the browser)', () => {
    it('Pay completes the session, delivers the signed webhook and redirects to the success page', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      fake.setWebhookUrl(`${address}${API_ROOT}/stripe/webhook`);
      try {
        const inv = await sentInvoice(1999);
        const c = await checkout(inv.id, inv.token);
        const pageRes = await fetch(c.url);
        expect(pageRes.status).toBe(200);
        const html = await pageRes.text();
        expect(html).toContain('19.99 USD');
        expect(html).toContain('>Pay<');
        const paid = await fetch(`${fake.url}/checkout/${c.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
        expect(paid.status).toBe(303);
        expect(paid.headers.get('location')).toBe(
          `${t.config.appUrl}/invoice-payment-success?session_id=${c.sessionId}&key=${statusKeyOf(c.sessionId)}`,
        );
        const delivery = fake.deliveries.filter((d) => d.type === 'checkout.session.completed').pop()!;
        expect(delivery.status).toBe(200);
        expect(await paymentRow(c.paymentId)).toMatchObject({ status: 'succeeded' });
        expect(await documentStatus(inv.id)).toBe('paid');
      } finally {
        fake.setWebhookUrl(undefined);
      }
    });
  });
});
