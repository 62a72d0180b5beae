import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { AppError } from '../../lib/errors';

/** Stripe's webhook signature tolerance: a signed delivery older (or newer) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeEvent = Stripe.Event;
export type StripeAccount = Stripe.Account;
export type StripeCheckoutSession = Stripe.Checkout.Session;
export type StripeCharge = Stripe.Charge;
export type StripePaymentIntent = Stripe.PaymentIntent;

export interface CheckoutRequest {
  /** The connected account the session is created on (the business's). */
  account: string;
  amount: number;
  /** ISO code, any case (sent lower-case as Stripe wants). */
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** Stripe's Idempotency-Key (≤ 255 characters): a retried create answers the same session. */
  idempotencyKey: string;
  customerEmail?: string | null;
}

/** Stripe's invalid-request codes that mean the object's state refuses the request now (409, not 400). */
const STATE_CODES = new Set([
  'amount_too_large',
  'charge_already_refunded',
  'charge_disputed',
  'payment_intent_unexpected_state',
  'checkout_session_expired',
]);

/**
 * Stripe refusing the request itself — not Stripe being unavailable — answered with Stripe's own message: a card
 * refused → 409; an invalid request → 409 when the object's state refuses it (STATE_CODES: a refund larger than
 * what is left while an earlier one is in flight), else 400 (a deposit below Stripe's minimum charge…). Anything
 * else (network, 5xx, authentication, rate limits) is null: the caller's 503.
 */
export function stripeRefusal(err: unknown): AppError | null {
  if (!(err instanceof Stripe.errors.StripeError)) return null;
  const message = err.message || 'Stripe refused the request';
  if (err instanceof Stripe.errors.StripeCardError) return new AppError('CONFLICT', message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.statusCode === 404 || err.statusCode === 403) return null;
    return new AppError(err.code && STATE_CODES.has(err.code) ? 'CONFLICT' : 'VALIDATION_ERROR', message);
  }
  return null;
}

/**
 * The Stripe calls Atrium makes, through the official client library. The API address comes from STRIPE_API_URL
 * (host/port/protocol), so tests point this same code at the local fake (test/fakes/stripe.ts). Stripe refusing the
 * request is answered 400/409 with Stripe's message (`stripeRefusal`); every other failure (network, 5xx,
 * authentication, an account we cannot reach) becomes 503 SERVICE_UNAVAILABLE with the slice's message, never a 500.
 */
export class StripeGateway {
  private readonly client: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly log: (err: unknown, msg: string) => void = () => {},
  ) {
    this.client = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Atrium' },
    });
  }

  private async call<T>(what: string, fn: () => Promise<T>, unavailable: string): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.log(err, `stripe ${what} failed`);
      throw stripeRefusal(err) ?? new AppError('SERVICE_UNAVAILABLE', unavailable);
    }
  }

  createAccount(unavailable: string, input: { email?: string | null; businessId: string }): Promise<StripeAccount> {
    return this.call(
      'accounts.create',
      () =>
        this.client.accounts.create(
          {
            type: 'express',
            ...(input.email ? { email: input.email } : {}),
            metadata: { business: input.businessId },
          },
          { idempotencyKey: `atrium-account-${input.businessId}` },
        ),
      unavailable,
    );
  }

  retrieveAccount(unavailable: string, account: string): Promise<StripeAccount> {
    return this.call('accounts.retrieve', () => this.client.accounts.retrieve(account), unavailable);
  }

  async createAccountLink(
    unavailable: string,
    input: { account: string; returnUrl: string; refreshUrl: string },
  ): Promise<string> {
    const link = await this.call(
      'accountLinks.create',
      () =>
        this.client.accountLinks.create({
          account: input.account,
          type: 'account_onboarding',
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
        }),
      unavailable,
    );
    return link.url;
  }

  createCheckoutSession(unavailable: string, req: CheckoutRequest): Promise<StripeCheckoutSession> {
    return this.call(
      'checkout.sessions.create',
      () =>
        this.client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: req.currency.toLowerCase(),
                  unit_amount: req.amount,
                  product_data: { name: req.productName },
                },
              },
            ],
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
            client_reference_id: req.metadata.payment,
            metadata: req.metadata,
            payment_intent_data: { metadata: req.metadata },
            ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
          },
          { stripeAccount: req.account, idempotencyKey: req.idempotencyKey },
        ),
      unavailable,
    );
  }

  /** Ends an open session (a newer one replaced it). Stripe refuses one no longer open: that is fine here. */
  async expireCheckoutSession(account: string, sessionId: string): Promise<void> {
    try {
      await this.client.checkout.sessions.expire(sessionId, {}, { stripeAccount: account });
    } catch {
      /* already complete or expired: nothing to end */
    }
  }

  /** A payment intent of a connected account (503 when Stripe does not answer: the webhook is delivered again). */
  retrievePaymentIntent(unavailable: string, account: string, id: string): Promise<StripePaymentIntent> {
    return this.call(
      'paymentIntents.retrieve',
      () => this.client.paymentIntents.retrieve(id, {}, { stripeAccount: account }),
      unavailable,
    );
  }

  createRefund(
    unavailable: string,
    input: { account: string; paymentIntent: string; amount?: number; idempotencyKey: string },
  ): Promise<Stripe.Refund> {
    return this.call(
      'refunds.create',
      () =>
        this.client.refunds.create(
          { payment_intent: input.paymentIntent, ...(input.amount ? { amount: input.amount } : {}) },
          { stripeAccount: input.account, idempotencyKey: input.idempotencyKey },
        ),
      unavailable,
    );
  }

  /**
   * The event of a webhook delivery, verified on the raw body (HMAC-SHA256 with the endpoint secret, 300 s
   * tolerance); null when the signature is missing, wrong or stale, or the body is not an event.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEvent | null {
    if (!signature) return null;
    try {
      return this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      return null;
    }
  }
}
