import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@atrium/contracts';
import {
  SUBSCRIPTION_MESSAGES as M,
  subscriptionInvoiceSchema,
  subscriptionOverviewSchema,
  type SubscriptionOverview,
} from '@atrium/domain-admin/schemas';
import { billingEvents, businesses } from '../../db/schema';
import { Agent, createTestApp, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { startStripeFake, type FakeStripe } from '../../../test/fakes/stripe';

const CONNECT_SECRET = 'whsec_test_connect_endpoint';
const BILLING_SECRET = 'whsec_test_billing_endpoint';
const PRO = 'price_pro_test';
const BUSINESS = 'price_business_test';
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
type Json = Record<string, unknown>;

describe('subscription through Stripe Billing (against the local fake)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let owner: Signed;

  beforeAll(async () => {
    fake = await startStripeFake({
      webhookSecret: CONNECT_SECRET,
      accountWebhookSecret: BILLING_SECRET,
      prices: [
        { id: PRO, unitAmount: 1900, currency: 'usd' },
        { id: BUSINESS, unitAmount: 4900, currency: 'usd' },
      ],
    });
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_atrium',
      STRIPE_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_BILLING_WEBHOOK_SECRET: BILLING_SECRET,
      STRIPE_API_URL: fake.url,
      STRIPE_PRICE_PRO: PRO,
      STRIPE_PRICE_BUSINESS: BUSINESS,
    });
    // Stripe's deliveries reach the app over HTTP, as in production.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.setAccountWebhookUrl(`${address}${API_ROOT}/subscription/webhook`);
    owner = await signedInAgent(t.app, { firstName: 'Ada' });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const a = () => owner.agent;
  const overview = async (agent = a()) =>
    subscriptionOverviewSchema.parse(ok(await agent.get('/subscription'))) as SubscriptionOverview;
  const storedTier = async (businessId = owner.body.user.businessId) =>
    (await t.database.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!.subscriptionTier;
  const billingDeliveries = () => fake.deliveries.filter((d) => !(d.event as Json).account);
  /** Waits until Stripe's asynchronous deliveries (after an update's answer) have all been answered. */
  const until = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const webhook = (event: Json, signature?: string) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/subscription/webhook`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? fake.sign(body, undefined, BILLING_SECRET),
      },
      payload: body,
    });
  };
  const sessionIdOf = (url: string) => url.split('/checkout/')[1]!;
  const liveSubscription = () => [...fake.subscriptions.values()].filter((s) => s.status !== 'canceled').at(-1)!;

  describe('without Stripe Billing configured', () => {
    let bare: FastifyInstance;
    beforeAll(async () => {
      bare = await t.sibling({ STRIPE_BILLING_WEBHOOK_SECRET: '' });
    });

    it('says plainly that subscriptions are not set up, and changes nothing', async () => {
      const agent = await new Agent(bare).init();
      const login = await agent.post('/auth/login', { email: owner.signup.email, password: owner.signup.password });
      expect(login.statusCode).toBe(200);
      const o = await overview(agent);
      expect(o).toMatchObject({ configured: false, tier: 'free', status: 'none', canManage: true });
      expect(o.plans.map((p) => [p.tier, p.available, p.price])).toEqual([
        ['free', true, null],
        ['pro', false, null],
        ['business', false, null],
      ]);
      const refused = await agent.post('/subscription/checkout', { tier: 'pro' });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).error).toBe(M.notConfigured);
      expect((await agent.post('/subscription/cancel')).statusCode).toBe(409);
      expect((await agent.post('/subscription/portal')).statusCode).toBe(409);
      const body = JSON.stringify({ id: 'evt_x', type: 'customer.subscription.updated', data: { object: {} } });
      const hook = await bare.inject({
        method: 'POST',
        url: `${API_ROOT}/subscription/webhook`,
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(body, undefined, BILLING_SECRET) },
        payload: body,
      });
      expect(hook.statusCode).toBe(400);
      expect(fake.customers.size).toBe(0);
    });
  });

  it("lists the plans with Stripe's prices; the business starts on Free", async () => {
    const o = await overview();
    expect(o).toMatchObject({
      configured: true,
      tier: 'free',
      status: 'none',
      subscribedTier: null,
      cancelAtPeriodEnd: false,
      canManage: true,
    });
    expect(o.plans.map((p) => [p.tier, p.name, p.available, p.price])).toEqual([
      ['free', 'Free', true, null],
      ['pro', 'Pro', true, { amount: 1900, currency: 'USD', interval: 'month' }],
      ['business', 'Business', true, { amount: 4900, currency: 'USD', interval: 'month' }],
    ]);
  });

  it('validates the plan asked for', async () => {
    const res = await a().post('/subscription/checkout', { tier: 'free' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect((await a().post('/subscription/change', { tier: 'pro' })).statusCode).toBe(409);
  });

  it('upgrades through Checkout: the tier changes only on the verified webhook, each event once', async () => {
    const res = await a().post('/subscription/checkout', { tier: 'pro' });
    const { url } = ok(res) as { url: string };
    expect(url.startsWith(`${fake.url}/checkout/cs_test_`)).toBe(true);
    const customer = [...fake.customers.values()][0]!;
    expect(customer.metadata).toEqual({ business: owner.body.user.businessId });
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.account).toBeNull();
    expect(create.form).toMatchObject({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRO, quantity: '1' }],
      subscription_data: { metadata: { business: owner.body.user.businessId } },
    });
    // Coming back from Checkout changes nothing by itself.
    expect(await storedTier()).toBe('free');

    await fake.pay(sessionIdOf(url));
    expect(billingDeliveries().map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
    expect(await storedTier()).toBe('pro');
    const o = await overview();
    expect(o).toMatchObject({ tier: 'pro', status: 'active', subscribedTier: 'pro', cancelAtPeriodEnd: false });
    expect(new Date(o.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const business = (ok(await a().get('/businesses')) as { id: string; subscriptionTier: string }[]).find(
      (b) => b.id === owner.body.user.businessId,
    );
    expect(business?.subscriptionTier).toBe('pro');

    const invoices = (ok(await a().get('/subscription/invoices')) as unknown[]).map((i) =>
      subscriptionInvoiceSchema.parse(i),
    );
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountDue: 1900, amountPaid: 1900, currency: 'USD' });
    expect(invoices[0]!.hostedInvoiceUrl).toContain(`${fake.url}/invoices/`);

    // Every event delivered again: nothing changes, nothing is counted twice.
    const before = (await t.database.db.select().from(billingEvents)).length;
    for (const d of billingDeliveries()) expect((await webhook(d.event)).statusCode).toBe(200);
    expect((await t.database.db.select().from(billingEvents)).length).toBe(before);
    expect((ok(await a().get('/subscription/invoices')) as unknown[]).length).toBe(1);

    // A second Checkout while subscribed is refused: the plan is changed instead.
    const again = await a().post('/subscription/checkout', { tier: 'business' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error).toBe(M.alreadySubscribed);
  });

  it('upgrades and downgrades with proration, the tier following the webhook', async () => {
    const sent = fake.deliveries.length;
    ok(await a().post('/subscription/change', { tier: 'business' }));
    await until(async () => (await overview()).tier === 'business', 'the upgrade');
    const upgrade = fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')).at(-1)!;
    expect(upgrade.form).toMatchObject({
      items: [{ price: BUSINESS }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    await until(
      () => fake.deliveries.slice(sent).every((d) => d.status === 200) && fake.deliveries.length >= sent + 2,
      'deliveries',
    );
    const invoices = ok(await a().get('/subscription/invoices')) as { amountDue: number; status: string }[];
    // The prorated difference for (almost) the whole period left, billed at once, beside the first month's 19.00
    // (Stripe dates invoices to the second: two made in the same second may list either way round).
    expect(invoices).toHaveLength(2);
    const [prorated, first] = invoices.map((i) => i.amountDue).sort((x, y) => y - x);
    expect(first).toBe(1900);
    expect(prorated).toBeGreaterThan(2900);
    expect(prorated).toBeLessThanOrEqual(3000);

    expect(errorOf(await a().post('/subscription/change', { tier: 'business' })).error).toBe(M.alreadyOnPlan);

    ok(await a().post('/subscription/change', { tier: 'pro' }));
    await until(async () => (await overview()).tier === 'pro', 'the downgrade');
    const downgrade = fake.requests
      .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'))
      .at(-1)!;
    expect(downgrade.form).toMatchObject({ items: [{ price: PRO }], proration_behavior: 'create_prorations' });
    expect(downgrade.form.payment_behavior).toBeUndefined();
    expect(await storedTier()).toBe('pro');
  });

  it('cancels at the end of the period: the tier stays until Stripe ends the subscription', async () => {
    ok(await a().post('/subscription/cancel'));
    await until(async () => (await overview()).cancelAtPeriodEnd, 'the cancellation');
    expect(await overview()).toMatchObject({ tier: 'pro', status: 'active', cancelAtPeriodEnd: true });
    expect(errorOf(await a().post('/subscription/cancel')).error).toBe(M.alreadyCancelling);

    ok(await a().post('/subscription/resume'));
    await until(async () => !(await overview()).cancelAtPeriodEnd, 'the resumption');
    expect(errorOf(await a().post('/subscription/resume')).error).toBe(M.notCancelling);

    ok(await a().post('/subscription/cancel'));
    await until(async () => (await overview()).cancelAtPeriodEnd, 'the second cancellation');
    await fake.endPeriod(liveSubscription().id);
    expect(await storedTier()).toBe('free');
    expect(await overview()).toMatchObject({ tier: 'free', status: 'canceled', subscribedTier: null });
    expect(errorOf(await a().post('/subscription/cancel')).error).toBe(M.noSubscription);
  });

  it('refuses forged events and ignores late ones', async () => {
    const stale = fake.event(
      'customer.subscription.updated',
      { ...JSON.parse(JSON.stringify(fake.subscriptions.values().next().value)), status: 'active' },
      null,
    );
    const forged = await webhook(stale, fake.sign(JSON.stringify(stale), undefined, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).error).toBe(M.invalidSignature);
    // Signed with the Connect endpoint's secret: not this endpoint's event either.
    expect((await webhook(stale, fake.sign(JSON.stringify(stale), undefined, CONNECT_SECRET))).statusCode).toBe(400);
    // A correctly signed but late "active" event of the subscription Stripe has ended changes nothing.
    expect((await webhook(stale)).statusCode).toBe(200);
    expect(await storedTier()).toBe('free');
    const [row] = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, String(stale.id)));
    expect(row?.outcome).toBe('stale');
    // An event of a customer Atrium does not know is recorded and changes nothing.
    const unknown = fake.event('invoice.paid', { id: 'in_x', customer: 'cus_unknown', status: 'paid' }, null);
    expect((await webhook(unknown)).statusCode).toBe(200);
    const [u] = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, String(unknown.id)));
    expect(u?.outcome).toBe('unknown_customer');
  });

  it('subscribes again after the end; a failed renewal keeps the tier while Stripe retries', async () => {
    const { url } = ok(await a().post('/subscription/checkout', { tier: 'business' })) as { url: string };
    // The same customer is used again.
    expect(fake.customers.size).toBe(1);
    await fake.pay(sessionIdOf(url));
    expect(await storedTier()).toBe('business');

    await fake.failRenewal(liveSubscription().id);
    expect(await overview()).toMatchObject({ tier: 'business', status: 'past_due', paymentFailed: true });
    // The owner fixes the card on Stripe's billing page, which comes back to /subscription.
    const { url: portal } = ok(await a().post('/subscription/portal')) as { url: string };
    expect(portal.startsWith(`${fake.url}/billing_portal/bps_`)).toBe(true);
    expect(fake.requests.at(-1)?.form).toEqual({
      customer: [...fake.customers.keys()][0],
      return_url: `${t.config.appUrl}/subscription`,
    });

    await fake.endPeriod(liveSubscription().id);
    expect(await overview()).toMatchObject({ tier: 'business', status: 'active', paymentFailed: false });
    // The new subscription's invoices (Business, $49): the first, the failed renewal (still open) and the paid one.
    const all = ok(await a().get('/subscription/invoices')) as { status: string; amountDue: number }[];
    expect(
      all
        .filter((i) => i.amountDue === 4900)
        .map((i) => i.status)
        .sort(),
    ).toEqual(['open', 'paid', 'paid']);
  });

  it('keeps invoices and changes to owners; every member reads the plan', async () => {
    const admin = await signedInAgent(t.app, { firstName: 'Mo' });
    const businessId = owner.body.user.businessId;
    expect(
      (await a().post(`/businesses/${businessId}/invites`, { email: admin.signup.email, role: 'admin' })).statusCode,
    ).toBe(201);
    const mail = [...t.mails].reverse().find((m) => m.to === admin.signup.email)!;
    const token = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await admin.agent.post('/businesses/accept-invite', { token })).statusCode).toBe(200);
    expect((await admin.agent.post(`/businesses/${businessId}/switch`)).statusCode).toBe(200);

    expect(await overview(admin.agent)).toMatchObject({ tier: 'business', canManage: false });
    for (const res of [
      await admin.agent.get('/subscription/invoices'),
      await admin.agent.post('/subscription/change', { tier: 'pro' }),
      await admin.agent.post('/subscription/cancel'),
      await admin.agent.post('/subscription/portal'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).error).toBe(M.ownersOnly);
    }
    expect(await storedTier()).toBe('business');
  });
  it('deleting the business ends its subscription at Stripe first; without Stripe it is refused and nothing is deleted', async () => {
    const businessId = owner.body.user.businessId;
    const sub = liveSubscription();
    expect(sub.status).not.toBe('canceled');
    // The owner needs another business to delete this one.
    expect((await a().post('/businesses', { name: 'Second Studio' })).statusCode).toBe(201);

    // An installation whose Stripe Billing is no longer configured cannot end the plan: the deletion is refused.
    const bare = await t.sibling({ STRIPE_BILLING_WEBHOOK_SECRET: '' });
    const agent = await new Agent(bare).init();
    expect(
      (await agent.post('/auth/login', { email: owner.signup.email, password: owner.signup.password })).statusCode,
    ).toBe(200);
    const refused = await agent.delete(`/businesses/${businessId}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error).toBe(M.cannotEndForDelete);
    expect(await storedTier(businessId)).toBe('business');
    expect(fake.subscriptions.get(sub.id)!.status).not.toBe('canceled');

    const res = await a().delete(`/businesses/${businessId}`);
    expect(res.statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${sub.id}`)).toBe(true);
    expect(fake.subscriptions.get(sub.id)!.status).toBe('canceled');
    expect(await t.database.db.select().from(businesses).where(eq(businesses.id, businessId))).toHaveLength(0);
    // Stripe's deletion event arrives for a customer whose business is gone: answered, nothing changes.
    await until(
      () => billingDeliveries().some((d) => d.type === 'customer.subscription.deleted' && d.status === 200),
      'the deletion event',
    );
  });
});
