import Stripe from 'stripe';
import { SUBSCRIPTION_MESSAGES as M } from '@atrium/domain-admin/schemas';
import type { BillingConfig } from '../../config';
import { AppError } from '../../lib/errors';

/** Stripe's webhook signature tolerance (the same as the Connect endpoint's). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export type BillingEvent = Stripe.Event;
export type BillingSubscription = Stripe.Subscription;
export type BillingInvoice = Stripe.Invoice;
export type BillingPrice = Stripe.Price;

/**
 * The Stripe Billing calls Atrium makes for its own plans, on the platform account (no Stripe-Account header),
 * through the official client. STRIPE_API_URL points it at the local fake in tests. Stripe's refusals of a request
 * (invalid request, card errors) answer 409 with Stripe's message; Stripe not answering (network, 5xx) answers 503.
 */
export class BillingGateway {
  private readonly client: Stripe;

  constructor(
    private readonly config: BillingConfig,
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

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.log(err, `stripe ${what} failed`);
      if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
        throw new AppError('CONFLICT', err.message);
      }
      throw new AppError('SERVICE_UNAVAILABLE', M.stripeUnavailable);
    }
  }

  /** The business's customer, created once (the idempotency key is the business's). */
  createCustomer(input: { businessId: string; name: string; email?: string | null }): Promise<Stripe.Customer> {
    return this.call('customers.create', () =>
      this.client.customers.create(
        { name: input.name, ...(input.email ? { email: input.email } : {}), metadata: { business: input.businessId } },
        { idempotencyKey: `atrium-billing-customer-${input.businessId}` },
      ),
    );
  }

  retrievePrice(id: string): Promise<BillingPrice> {
    return this.call('prices.retrieve', () => this.client.prices.retrieve(id));
  }

  /** Stripe's hosted Checkout in subscription mode for one price. */
  async createCheckout(input: {
    customer: string;
    price: string;
    businessId: string;
    tier: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const session = await this.call('checkout.sessions.create', () =>
      this.client.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customer,
        line_items: [{ price: input.price, quantity: 1 }],
        client_reference_id: input.businessId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { business: input.businessId, tier: input.tier },
        subscription_data: { metadata: { business: input.businessId } },
      }),
    );
    if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', M.stripeUnavailable);
    return session.url;
  }

  /** Stripe's hosted billing page for the customer (card, billing details, invoices), coming back to returnUrl. */
  async createPortalSession(customer: string, returnUrl: string): Promise<string> {
    const session = await this.call('billingPortal.sessions.create', () =>
      this.client.billingPortal.sessions.create({ customer, return_url: returnUrl }),
    );
    return session.url;
  }

  retrieveSubscription(id: string): Promise<BillingSubscription> {
    return this.call('subscriptions.retrieve', () => this.client.subscriptions.retrieve(id));
  }

  /**
   * Moves the subscription's one item to another price. An upgrade is invoiced at once for the prorated difference
   * and applied only once that invoice is paid (pending_if_incomplete); a downgrade leaves a prorated credit for
   * the next invoice.
   */
  changePrice(input: {
    subscription: BillingSubscription;
    price: string;
    upgrade: boolean;
  }): Promise<BillingSubscription> {
    const item = input.subscription.items.data[0];
    if (!item) throw new AppError('CONFLICT', M.noSubscription);
    return this.call('subscriptions.update', () =>
      this.client.subscriptions.update(input.subscription.id, {
        items: [{ id: item.id, price: input.price }],
        proration_behavior: input.upgrade ? 'always_invoice' : 'create_prorations',
        ...(input.upgrade ? { payment_behavior: 'pending_if_incomplete' as const } : {}),
      }),
    );
  }

  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<BillingSubscription> {
    return this.call('subscriptions.update', () =>
      this.client.subscriptions.update(id, { cancel_at_period_end: cancel }),
    );
  }

  /** Ends the subscription now (no proration, no final invoice): the business it paid for is being deleted. */
  cancelNow(id: string): Promise<BillingSubscription> {
    return this.call('subscriptions.cancel', () => this.client.subscriptions.cancel(id));
  }

  /** The event of a delivery, verified on the raw body; null when the signature is missing, wrong or stale. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent | null {
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
