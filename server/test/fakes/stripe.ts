/**
 * A local fake of the Stripe API for tests, the webhook bench and e2e — a test helper, never shipped. It speaks the
 * REST shapes the official `stripe` package (23.x) uses, so the product's code runs unchanged against it with
 * STRIPE_API_URL=http://127.0.0.1:<port>:
 *
 * - requests: form-encoded bodies with bracket keys (`line_items[0][price_data][unit_amount]`), `Authorization:
 *   Bearer sk_…` (401 otherwise), `Stripe-Account` (the connected account a call acts on), `Idempotency-Key` (the
 *   same key answers the first answer again; another body with it → 400 idempotency_error), Stripe's error objects.
 * - objects: accounts (create, retrieve), account_links, checkout sessions (create, retrieve, expire), payment
 *   intents (retrieve), refunds (create: the charge's amount_refunded grows and charge.refunded is delivered).
 * - hosted pages: the session's `url` shows the amount with "Pay" and "Decline" (Pay completes the session, delivers
 *   the signed checkout.session.completed and 303s to success_url; Decline delivers payment_intent.payment_failed and
 *   303s to cancel_url); an account link's url shows "Complete onboarding" (charges enabled, account.updated
 *   delivered, 303 to return_url).
 * - webhooks: POSTed to `webhookUrl`, signed exactly as Stripe signs (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256
 *   of "<t>.<body>" with the endpoint secret>`); every delivery and its answer is kept in `deliveries`.
 *
 * - Billing (the platform account's own objects, for Atrium's plans): customers, prices (seeded with `prices` or
 *   POST /v1/prices), Checkout in subscription mode (the hosted Pay creates an active subscription and its paid
 *   invoice), subscriptions (retrieve; update: a price change — `always_invoice` bills the prorated difference of the
 *   period left at once, `create_prorations` leaves it for the next invoice — and cancel_at_period_end; cancel), and
 *   the test helpers `endPeriod` (renews, or ends a subscription set to cancel) and `failRenewal`. Events without an
 *   `account` go to `accountWebhookUrl` signed with `accountWebhookSecret` when set (Stripe keeps account and Connect
 *   endpoints apart), else to `webhookUrl`. POST /_test/subscriptions/{id}/end-period runs `endPeriod` over HTTP (e2e).
 *
 * CLI (e2e global setup): `tsx server/test/fakes/stripe.ts --port 12111 --webhook-url http://…/api/v1/stripe/webhook
 * --webhook-secret whsec_…` (prints `stripe fake listening on http://127.0.0.1:12111`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret: string;
  /** The platform account's own events (Billing) go here when set, signed with accountWebhookSecret. */
  accountWebhookUrl?: string;
  accountWebhookSecret?: string;
  /** Recurring prices that exist from the start (Billing). */
  prices?: FakePriceInput[];
}

export interface FakePriceInput {
  id: string;
  unitAmount: number;
  currency: string;
  interval?: 'month' | 'year';
  productName?: string;
}

export interface FakeAccount extends Json {
  id: string;
  object: 'account';
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

export interface FakeSession extends Json {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
}

export interface FakeDelivery {
  eventId: string;
  type: string;
  /** The webhook's HTTP status (0: no webhook URL set — the event is kept here to be delivered by hand). */
  status: number;
  body: string;
  event: Json;
}

export interface FakeStripe {
  url: string;
  port: number;
  webhookSecret: string;
  accounts: Map<string, FakeAccount>;
  sessions: Map<string, FakeSession & { account: string | null; payment_intent_metadata: Record<string, string> }>;
  paymentIntents: Map<string, Json>;
  charges: Map<string, Json & { amount: number; amount_refunded: number; payment_intent: string }>;
  deliveries: FakeDelivery[];
  /** Every API request: method, path, the Stripe-Account and Idempotency-Key headers, the parsed form. */
  requests: { method: string; path: string; account: string | null; idempotencyKey: string | null; form: Json }[];
  setWebhookUrl(url: string | undefined): void;
  /** Billing: the platform account's objects. */
  customers: Map<string, Json>;
  prices: Map<string, Json & { unit_amount: number; currency: string }>;
  subscriptions: Map<string, Json & { id: string; customer: string; status: string }>;
  invoices: Map<string, Json & { id: string; status: string }>;
  setAccountWebhookUrl(url: string | undefined): void;
  /** The end of a subscription's period: ends it if set to cancel (deleted delivered), else renews it (paid). */
  endPeriod(subscriptionId: string): Promise<void>;
  /** A renewal whose payment fails: invoice.payment_failed and the subscription past_due. */
  failRenewal(subscriptionId: string): Promise<void>;
  /** Enables charges on an account (what the onboarding page does) and delivers account.updated. */
  completeOnboarding(accountId: string): Promise<void>;
  /**
   * Pays a session as the hosted page's Pay does, and delivers checkout.session.completed (its delivery answer is
   * returned). `amountTotal`/`currency` change what Stripe reports as paid (mismatch tests).
   */
  pay(sessionId: string, options?: { amountTotal?: number; currency?: string; deliver?: boolean }): Promise<Json>;
  /** A card declined: payment_intent.payment_failed delivered; the session stays open. */
  decline(sessionId: string): Promise<Json>;
  /** An event object as Stripe builds it (id evt_…, created, data.object, account). */
  event(type: string, object: Json, account: string | null): Json;
  /** The Stripe-Signature header for a body (t = now unless given). */
  sign(body: string, timestamp?: number, secret?: string): string;
  /** POSTs an event to the webhook URL, signed; answers the delivery. */
  deliver(event: Json): Promise<FakeDelivery>;
  stop(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding: `a[b][0][c]=1&expand[]=x` → { a: { b: [{ c: '1' }] }, expand: ['x'] }. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      }
    });
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
    'request-id': newId('req'),
    ...headers,
  });
  res.end(text);
}

const stripeError = (status: number, type: string, message: string, extra: Json = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:480px;margin:40px auto">${body}</body></html>`;

export async function startStripeFake(options: FakeStripeOptions): Promise<FakeStripe> {
  let webhookUrl = options.webhookUrl;
  const accounts: FakeStripe['accounts'] = new Map();
  const sessions: FakeStripe['sessions'] = new Map();
  const paymentIntents: FakeStripe['paymentIntents'] = new Map();
  const charges: FakeStripe['charges'] = new Map();
  const deliveries: FakeDelivery[] = [];
  const customers: FakeStripe['customers'] = new Map();
  const prices: FakeStripe['prices'] = new Map();
  const subscriptions: FakeStripe['subscriptions'] = new Map();
  const invoices: FakeStripe['invoices'] = new Map();
  /** Checkout sessions in subscription mode: their customer, price and the subscription's metadata. */
  const subscriptionCheckouts = new Map<string, { customer: string; price: string; metadata: Json }>();
  const makePrice = (p: FakePriceInput) => {
    const price = {
      id: p.id,
      object: 'price',
      active: true,
      currency: p.currency.toLowerCase(),
      unit_amount: p.unitAmount,
      type: 'recurring',
      recurring: { interval: p.interval ?? 'month', interval_count: 1 },
      product: `prod_${p.id}`,
      nickname: p.productName ?? null,
      created: Math.floor(Date.now() / 1000),
    };
    prices.set(price.id, price);
    return price;
  };
  for (const p of options.prices ?? []) makePrice(p);
  const requests: FakeStripe['requests'] = [];
  const idempotent = new Map<string, { form: string; status: number; body: unknown }>();
  let base = '';

  const sign = (body: string, timestamp = Math.floor(Date.now() / 1000), secret = options.webhookSecret) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  const event = (type: string, object: Json, account: string | null): Json => ({
    id: newId('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...(account ? { account } : {}),
    data: { object },
  });

  const deliver = async (evt: Json): Promise<FakeDelivery> => {
    const body = JSON.stringify(evt);
    const toAccountEndpoint = !evt.account && options.accountWebhookUrl;
    const target = toAccountEndpoint ? options.accountWebhookUrl : webhookUrl;
    const secret = toAccountEndpoint ? (options.accountWebhookSecret ?? options.webhookSecret) : options.webhookSecret;
    if (!target) {
      const d = { eventId: String(evt.id), type: String(evt.type), status: 0, body: 'no webhook url', event: evt };
      deliveries.push(d);
      return d;
    }
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(body, undefined, secret) },
      body,
    });
    const d = {
      eventId: String(evt.id),
      type: String(evt.type),
      status: res.status,
      body: await res.text(),
      event: evt,
    };
    deliveries.push(d);
    return d;
  };

  const publicSession = (s: FakeStripe['sessions'] extends Map<string, infer V> ? V : never): FakeSession => {
    const { account: _a, payment_intent_metadata: _m, ...rest } = s;
    return rest;
  };

  const completeOnboarding = async (accountId: string) => {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    await deliver(event('account.updated', { ...account }, accountId));
  };

  // ---- Billing ----
  const PERIOD_SECONDS = 30 * 86_400;
  const now = () => Math.floor(Date.now() / 1000);
  let invoiceNumber = 0;
  const subscriptionItem = (sub: Json) => ((sub.items as { data: Json[] }).data[0] ?? {}) as Json;
  const subscriptionObject = (sub: Json) => JSON.parse(JSON.stringify(sub)) as Json;
  const newInvoice = (sub: Json, amount: number, reason: string, paid: boolean) => {
    const id = newId('in');
    const item = subscriptionItem(sub);
    const price = item.price as Json;
    const invoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      number: `ATR-${String(++invoiceNumber).padStart(4, '0')}`,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: price.currency,
      billing_reason: reason,
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      livemode: false,
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  };
  const deliverAll = async (events: Json[]) => {
    for (const e of events) await deliver(e);
  };

  /** The hosted Checkout's Pay in subscription mode: an active subscription and its first invoice, paid. */
  const paySubscription = async (s: FakeStripe['sessions'] extends Map<string, infer V> ? V : never) => {
    const checkout = subscriptionCheckouts.get(s.id)!;
    const price = prices.get(checkout.price)!;
    const start = now();
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer: checkout.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null as number | null,
      canceled_at: null as number | null,
      created: start,
      currency: price.currency,
      metadata: checkout.metadata,
      latest_invoice: null as string | null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + PERIOD_SECONDS,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    const invoice = newInvoice(sub, price.unit_amount, 'subscription_create', true);
    Object.assign(s, { status: 'complete', payment_status: 'paid', url: null });
    Object.assign(s as Json, { subscription: sub.id, customer: checkout.customer, invoice: invoice.id });
    await deliverAll([
      event('customer.subscription.created', subscriptionObject(sub), null),
      event('invoice.paid', { ...invoice }, null),
      event('checkout.session.completed', publicSession(s), null),
    ]);
  };

  /** POST /v1/subscriptions/{id}: a price change (prorated) or cancel_at_period_end. */
  const updateSubscription = (sub: Json & { id: string; status: string }, form: Json) => {
    const events: Json[] = [];
    const item = subscriptionItem(sub);
    const items = form.items as Json[] | undefined;
    if (items?.[0]?.price) {
      const next = prices.get(String(items[0].price));
      if (!next) return stripeError(400, 'invalid_request_error', `No such price: '${String(items[0].price)}'`);
      if (items[0].id && items[0].id !== item.id) {
        return stripeError(400, 'invalid_request_error', `No such subscription item: '${String(items[0].id)}'`);
      }
      const old = item.price as Json & { unit_amount: number };
      const end = Number(item.current_period_end);
      const left = Math.max(0, end - now()) / PERIOD_SECONDS;
      const difference = Math.round((next.unit_amount - old.unit_amount) * left);
      item.price = next;
      if (form.proration_behavior === 'always_invoice' && difference > 0) {
        events.push(event('invoice.paid', { ...newInvoice(sub, difference, 'subscription_update', true) }, null));
      }
    }
    if (form.cancel_at_period_end !== undefined) {
      const cancel = form.cancel_at_period_end === 'true';
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? item.current_period_end : null;
    }
    events.push(event('customer.subscription.updated', subscriptionObject(sub), null));
    void deliverAll(events);
    return { status: 200, body: subscriptionObject(sub) };
  };

  const endPeriod: FakeStripe['endPeriod'] = async (id) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    const item = subscriptionItem(sub);
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      await deliver(event('customer.subscription.deleted', subscriptionObject(sub), null));
      return;
    }
    const start = Number(item.current_period_end);
    Object.assign(item, { current_period_start: start, current_period_end: start + PERIOD_SECONDS });
    sub.status = 'active';
    const invoice = newInvoice(sub, (item.price as { unit_amount: number }).unit_amount, 'subscription_cycle', true);
    await deliverAll([
      event('invoice.paid', { ...invoice }, null),
      event('customer.subscription.updated', subscriptionObject(sub), null),
    ]);
  };

  const failRenewal: FakeStripe['failRenewal'] = async (id) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    const item = subscriptionItem(sub);
    const invoice = newInvoice(sub, (item.price as { unit_amount: number }).unit_amount, 'subscription_cycle', false);
    sub.status = 'past_due';
    await deliverAll([
      event('invoice.payment_failed', { ...invoice, attempt_count: 1 }, null),
      event('customer.subscription.updated', subscriptionObject(sub), null),
    ]);
  };

  const pay: FakeStripe['pay'] = async (sessionId, o = {}) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}`);
    if (subscriptionCheckouts.has(s.id)) {
      await paySubscription(s);
      return s as Json;
    }
    const amount = o.amountTotal ?? s.amount_total;
    const currency = (o.currency ?? s.currency).toLowerCase();
    const pi = s.payment_intent ?? newId('pi');
    const charge = newId('ch');
    paymentIntents.set(pi, {
      id: pi,
      object: 'payment_intent',
      amount,
      currency,
      status: 'succeeded',
      latest_charge: charge,
      metadata: s.payment_intent_metadata,
    });
    charges.set(charge, {
      id: charge,
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency,
      paid: true,
      refunded: false,
      payment_intent: pi,
      metadata: s.payment_intent_metadata,
    });
    Object.assign(s, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: pi,
      amount_total: amount,
      currency,
      url: null,
    });
    const evt = event('checkout.session.completed', publicSession(s), s.account);
    if (o.deliver !== false) await deliver(evt);
    return evt;
  };

  const decline: FakeStripe['decline'] = async (sessionId) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const pi = s.payment_intent ?? newId('pi');
    s.payment_intent = pi;
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
      metadata: s.payment_intent_metadata,
    };
    paymentIntents.set(pi, intent);
    const evt = event('payment_intent.payment_failed', intent, s.account);
    await deliver(evt);
    return evt;
  };

  /** The REST API. Answers { status, body }. */
  const api = (method: string, path: string, form: Json, account: string | null) => {
    const parts = path.split('/').filter(Boolean); // ['v1', ...]
    const [, resource, id, action] = parts;
    if (method === 'POST' && resource === 'accounts' && !id) {
      const acct: FakeAccount = {
        id: newId('acct'),
        object: 'account',
        type: String(form.type ?? 'express'),
        email: (form.email as string | undefined) ?? null,
        charges_enabled: false,
        details_submitted: false,
        payouts_enabled: false,
        metadata: (form.metadata as Json | undefined) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      accounts.set(acct.id, acct);
      return { status: 200, body: acct };
    }
    if (method === 'GET' && resource === 'accounts' && id) {
      const acct = accounts.get(id);
      return acct
        ? { status: 200, body: acct }
        : stripeError(404, 'invalid_request_error', `No such account: '${id}'`, { code: 'resource_missing' });
    }
    if (method === 'POST' && resource === 'account_links') {
      const acct = accounts.get(String(form.account));
      if (!acct) return stripeError(400, 'invalid_request_error', `No such account: '${String(form.account)}'`);
      const q = new URLSearchParams({ return_url: String(form.return_url), refresh_url: String(form.refresh_url) });
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `${base}/connect/onboarding/${acct.id}?${q}`,
        },
      };
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      const op = parts[4];
      if (method === 'POST' && !sessionId) {
        if (account && !accounts.has(account)) {
          return stripeError(
            403,
            'invalid_request_error',
            `The provided key does not have access to account '${account}'`,
          );
        }
        const items = (form.line_items as Json[] | undefined) ?? [];
        let amount = 0;
        let currency = '';
        for (const item of items) {
          const known = item.price ? prices.get(String(item.price)) : undefined;
          if (item.price && !known) {
            return stripeError(400, 'invalid_request_error', `No such price: '${String(item.price)}'`, {
              code: 'resource_missing',
              param: 'line_items[0][price]',
            });
          }
          const price = (known ?? item.price_data ?? {}) as Json;
          const unit = Number(price.unit_amount);
          const qty = Number(item.quantity ?? 1);
          if (!Number.isInteger(unit) || unit < 0) {
            return stripeError(400, 'invalid_request_error', 'Invalid integer: unit_amount', {
              param: 'line_items[0][price_data][unit_amount]',
            });
          }
          amount += unit * qty;
          currency = String(price.currency ?? '').toLowerCase();
        }
        if (!currency || items.length === 0) {
          return stripeError(400, 'invalid_request_error', 'Missing required param: line_items.');
        }
        // Stripe's minimum charge (50 minor units in the common currencies: $0.50, €0.50…).
        if (amount < 50) {
          return stripeError(400, 'invalid_request_error', `Amount must be at least 50 ${currency} cents`, {
            code: 'amount_too_small',
            param: 'line_items[0][price_data][unit_amount]',
          });
        }
        if (!form.success_url) return stripeError(400, 'invalid_request_error', 'Missing required param: success_url.');
        const sid = `cs_test_${randomBytes(16).toString('hex')}`;
        const session = {
          id: sid,
          object: 'checkout.session' as const,
          mode: String(form.mode ?? 'payment'),
          amount_total: amount,
          amount_subtotal: amount,
          currency,
          status: 'open' as const,
          payment_status: 'unpaid' as const,
          payment_intent: null,
          client_reference_id: (form.client_reference_id as string | undefined) ?? null,
          customer_email: (form.customer_email as string | undefined) ?? null,
          url: `${base}/checkout/${sid}`,
          success_url: String(form.success_url),
          cancel_url: String(form.cancel_url ?? form.success_url),
          metadata: (form.metadata as Record<string, string> | undefined) ?? {},
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
          livemode: false,
          account,
          payment_intent_metadata:
            ((form.payment_intent_data as Json | undefined)?.metadata as Record<string, string> | undefined) ?? {},
        };
        if (form.mode === 'subscription') {
          const customer = String(form.customer ?? '');
          if (!customers.has(customer)) {
            return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, { param: 'customer' });
          }
          if (items.length !== 1 || !items[0]!.price) {
            return stripeError(400, 'invalid_request_error', 'Subscription mode needs one recurring price.');
          }
          subscriptionCheckouts.set(sid, {
            customer,
            price: String(items[0]!.price),
            metadata: ((form.subscription_data as Json | undefined)?.metadata as Json | undefined) ?? {},
          });
          Object.assign(session, { customer });
        }
        sessions.set(sid, session);
        return { status: 200, body: publicSession(session) };
      }
      const s = sessionId ? sessions.get(sessionId) : undefined;
      if (!s || s.account !== account) {
        return stripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`, {
          code: 'resource_missing',
        });
      }
      if (method === 'GET' && !op) return { status: 200, body: publicSession(s) };
      if (method === 'POST' && op === 'expire') {
        if (s.status !== 'open') {
          return stripeError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
          );
        }
        Object.assign(s, { status: 'expired', url: null });
        void deliver(event('checkout.session.expired', publicSession(s), s.account));
        return { status: 200, body: publicSession(s) };
      }
    }
    if (resource === 'customers' && !account) {
      if (method === 'POST' && !id) {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          name: (form.name as string | undefined) ?? null,
          email: (form.email as string | undefined) ?? null,
          metadata: (form.metadata as Json | undefined) ?? {},
          created: now(),
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      const customer = id ? customers.get(id) : undefined;
      if (method === 'GET' && customer) return { status: 200, body: customer };
      return stripeError(404, 'invalid_request_error', `No such customer: '${id}'`, { code: 'resource_missing' });
    }
    if (method === 'POST' && resource === 'billing_portal' && id === 'sessions' && !account) {
      const customer = String(form.customer ?? '');
      if (!customers.has(customer)) {
        return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, { param: 'customer' });
      }
      const portal = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: (form.return_url as string | undefined) ?? null,
        created: now(),
        livemode: false,
        url: '',
      };
      portal.url = `${base}/billing_portal/${portal.id}?${new URLSearchParams({ return_url: portal.return_url ?? '' })}`;
      return { status: 200, body: portal };
    }
    if (resource === 'prices' && !account) {
      if (method === 'POST' && !id) {
        const productData = (form.product_data as Json | undefined) ?? {};
        const recurring = (form.recurring as Json | undefined) ?? {};
        const price = makePrice({
          id: newId('price'),
          unitAmount: Number(form.unit_amount),
          currency: String(form.currency ?? 'usd'),
          interval: recurring.interval === 'year' ? 'year' : 'month',
          productName: productData.name as string | undefined,
        });
        return { status: 200, body: price };
      }
      const price = id ? prices.get(id) : undefined;
      if (method === 'GET' && price) return { status: 200, body: price };
      return stripeError(404, 'invalid_request_error', `No such price: '${id}'`, { code: 'resource_missing' });
    }
    if (resource === 'subscriptions' && id && !account) {
      const sub = subscriptions.get(id);
      if (!sub) {
        return stripeError(404, 'invalid_request_error', `No such subscription: '${id}'`, { code: 'resource_missing' });
      }
      if (method === 'GET') return { status: 200, body: subscriptionObject(sub) };
      if (sub.status === 'canceled') {
        return stripeError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      if (method === 'POST') return updateSubscription(sub, form);
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        void deliver(event('customer.subscription.deleted', subscriptionObject(sub), null));
        return { status: 200, body: subscriptionObject(sub) };
      }
    }
    if (method === 'GET' && resource === 'payment_intents' && id) {
      const pi = paymentIntents.get(id);
      return pi
        ? { status: 200, body: pi }
        : stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    }
    if (method === 'POST' && resource === 'refunds') {
      const pi = String(form.payment_intent ?? '');
      const charge = [...charges.values()].find((c) => c.payment_intent === pi);
      if (!charge) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${pi}'`);
      const left = charge.amount - charge.amount_refunded;
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          {
            code: 'amount_too_large',
          },
        );
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: pi,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      void deliver(event('charge.refunded', { ...charge }, account));
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const body = await readBody(req);

    // Hosted pages (the browser).
    const checkout = /^\/checkout\/([^/]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (checkout) {
      const s = sessions.get(checkout[1]!);
      if (!s) return send(res, 404, page('Not found', '<h1>This checkout session does not exist</h1>'));
      if (method === 'GET') {
        if (s.status !== 'open') return send(res, 410, page('Expired', `<h1>This checkout is ${s.status}</h1>`));
        const amount = `${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}`;
        return send(
          res,
          200,
          page(
            'Fake Stripe Checkout',
            `<h1>Fake Stripe Checkout</h1><p data-testid="amount">${escapeHtml(amount)}</p>` +
              `<form method="post" action="/checkout/${s.id}/pay"><button type="submit">Pay</button></form>` +
              `<form method="post" action="/checkout/${s.id}/decline"><button type="submit">Decline</button></form>`,
          ),
        );
      }
      if (method === 'POST' && checkout[2] === 'pay') {
        if (s.status !== 'open') return send(res, 410, page('Expired', `<h1>This checkout is ${s.status}</h1>`));
        await pay(s.id);
        return send(res, 303, '', { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      }
      if (method === 'POST' && checkout[2] === 'decline') {
        await decline(s.id);
        return send(res, 303, '', { location: s.cancel_url });
      }
    }
    // The customer's hosted billing page (Stripe's portal): here only the way back.
    if (/^\/billing_portal\/[^/]+$/.test(url.pathname) && method === 'GET') {
      const back = url.searchParams.get('return_url') ?? '/';
      return send(
        res,
        200,
        page(
          'Fake Stripe billing portal',
          `<h1>Fake Stripe billing portal</h1><a href="${escapeHtml(back)}">Return to Atrium</a>`,
        ),
      );
    }
    const hostedInvoice = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(url.pathname);
    if (hostedInvoice && method === 'GET') {
      const invoice = invoices.get(hostedInvoice[1]!);
      if (!invoice) return send(res, 404, page('Not found', '<h1>No such invoice</h1>'));
      const amount = `${(Number(invoice.amount_due) / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`;
      return send(
        res,
        200,
        page(
          `Invoice ${String(invoice.number)}`,
          `<h1>Invoice ${escapeHtml(String(invoice.number))}</h1>` +
            `<p>${escapeHtml(amount)}</p><p>${escapeHtml(invoice.status)}</p>`,
        ),
      );
    }
    // POST /_test/subscriptions/{id | latest}/end-period: the period ends now (an e2e test has no subscription id).
    const endPeriodRoute = /^\/_test\/subscriptions\/([^/]+)\/end-period$/.exec(url.pathname);
    if (endPeriodRoute && method === 'POST') {
      const wanted = endPeriodRoute[1]!;
      const sub =
        wanted === 'latest'
          ? [...subscriptions.values()].filter((x) => x.status !== 'canceled').at(-1)
          : subscriptions.get(wanted);
      if (!sub) return send(res, 404, { error: { message: 'No such subscription' } });
      await endPeriod(sub.id);
      return send(res, 200, subscriptionObject(sub));
    }
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(url.pathname);
    if (onboarding) {
      const acct = accounts.get(onboarding[1]!);
      if (!acct) return send(res, 404, page('Not found', '<h1>No such account</h1>'));
      if (method === 'GET') {
        return send(
          res,
          200,
          page(
            'Fake Stripe onboarding',
            `<h1>Fake Stripe onboarding</h1><p>${escapeHtml(acct.id)}</p>` +
              `<form method="post"><input type="hidden" name="return_url" value="${escapeHtml(url.searchParams.get('return_url') ?? '')}">` +
              `<button type="submit">Complete onboarding</button></form>`,
          ),
        );
      }
      await completeOnboarding(acct.id);
      const back = new URLSearchParams(body).get('return_url') || url.searchParams.get('return_url') || '/';
      return send(res, 303, '', { location: back });
    }

    // The REST API.
    if (!url.pathname.startsWith('/v1/'))
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
    const auth = req.headers.authorization ?? '';
    // Bearer (what the SDK sends) or Basic with the key as the user name (curl -u sk_…:), as Stripe takes both.
    const basic = /^Basic (\S+)$/.exec(auth);
    const key = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]! : auth.replace(/^Bearer /, '');
    if (!/^(sk|rk)_\S+$/.test(key) || (!basic && !auth.startsWith('Bearer '))) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const account = (req.headers['stripe-account'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    requests.push({ method, path: url.pathname, account, idempotencyKey, form });
    if (idempotencyKey && method === 'POST') {
      const key = `${account ?? ''}|${idempotencyKey}`;
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.form !== body) {
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        return send(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
      const answer = api(method, url.pathname, form, account);
      idempotent.set(key, { form: body, status: answer.status, body: answer.body });
      return send(res, answer.status, answer.body);
    }
    const answer = api(method, url.pathname, form, account);
    return send(res, answer.status, answer.body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: base,
    port,
    webhookSecret: options.webhookSecret,
    accounts,
    sessions,
    paymentIntents,
    charges,
    deliveries,
    requests,
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    customers,
    prices,
    subscriptions,
    invoices,
    setAccountWebhookUrl: (u) => {
      options.accountWebhookUrl = u;
    },
    endPeriod,
    failRenewal,
    completeOnboarding,
    pay,
    decline,
    event,
    sign,
    deliver,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// CLI: tsx server/test/fakes/stripe.ts --port 12111 --webhook-url … --webhook-secret …
if (process.argv[1] && /fakes[\\/]stripe\.[cm]?[jt]s$/.test(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  void startStripeFake({
    port: Number(arg('port') ?? 12111),
    webhookUrl: arg('webhook-url'),
    webhookSecret: arg('webhook-secret') ?? process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
    accountWebhookUrl: arg('account-webhook-url'),
    accountWebhookSecret: arg('account-webhook-secret'),
    // --price id:amount:currency[:interval], repeatable.
    prices: process.argv
      .flatMap((a, i) => (a === '--price' && process.argv[i + 1] ? [process.argv[i + 1]!] : []))
      .map((spec) => {
        const [id, amount, currency, interval] = spec.split(':');
        return {
          id: id!,
          unitAmount: Number(amount),
          currency: currency ?? 'usd',
          interval: interval === 'year' ? 'year' : 'month',
        };
      }),
  }).then((fake) => {
    process.stdout.write(`stripe fake listening on ${fake.url}\n`);
    const stop = () => void fake.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
