import {
  PAID_TIERS,
  PLAN_INFO,
  SUBSCRIPTION_MESSAGES as M,
  SUBSCRIPTION_TIERS,
  tierRank,
  type PaidTier,
  type Plan,
  type PlanPrice,
  type SubscriptionInvoice,
  type SubscriptionOverview,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '@atrium/domain-admin/schemas';
import type { BillingConfig, Config } from '../../config';
import type { Executor } from '../../db/client';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { BusinessesService } from '../businesses/businesses.service';
import type { BillingEvent, BillingGateway, BillingInvoice, BillingSubscription } from './billing.gateway';
import type { InvoiceRow, SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

/** What handling a Billing event did (stored on its billing_events row; `duplicate` is never stored). */
export type BillingOutcome =
  'applied' | 'ignored' | 'duplicate' | 'stale' | 'unknown_customer' | 'other_subscription' | 'recorded';

/** Statuses in which the subscription's tier is the business's: paid up, on trial, or still being retried. */
const LIVE = new Set<string>(['active', 'trialing', 'past_due']);
/** Statuses after which a new subscription may replace this one. */
const ENDED = new Set<string>(['none', 'canceled', 'incomplete_expired']);
/** An invoice's final statuses: an older event saying "open" does not undo them. */
const FINAL_INVOICE = new Set<string>(['paid', 'void', 'uncollectible']);
const PRICE_TTL_MS = 10 * 60_000;
const PRICE_RETRY_MS = 30_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fromUnix = (s: number | null | undefined) => (typeof s === 'number' && s > 0 ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

function toInvoice(row: InvoiceRow): SubscriptionInvoice {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    currency: row.currency.toUpperCase(),
    createdAt: row.createdAt.toISOString(),
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    invoicePdf: row.invoicePdf,
  };
}

/** The invoice's subscription (Stripe API 2025+: under parent.subscription_details; older: `subscription`). */
function subscriptionOfInvoice(invoice: BillingInvoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  if (parent) return idOf(parent);
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/** The end of the period paid for (Stripe API 2025+: on the item; older: on the subscription). */
function periodEndOf(sub: BillingSubscription): Date | null {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  return fromUnix(item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end);
}

/**
 * The business's own Atrium plan through Stripe Billing, on the platform account: a Checkout in subscription mode
 * for the first paid plan, a price change (prorated by Stripe) for an upgrade or downgrade, cancel at the period's
 * end, the invoices. The business's subscriptionTier changes only on the verified webhook, each event once in one
 * transaction with its effects. Owners change the plan; every member sees it. Not configured: the overview says
 * so and every change answers 409 with the slice's message — never a fake success.
 */
export class SubscriptionsService {
  private readonly prices = new Map<string, { price: PlanPrice | null; until: number }>();

  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly deps: {
      config: Pick<Config, 'appUrl'> & { billing: BillingConfig | null };
      gateway: BillingGateway | null;
      businesses: Pick<BusinessesService, 'requireRole' | 'dto' | 'setSubscriptionTier'>;
      log?: (err: unknown, msg: string) => void;
    },
  ) {}

  private priceId(tier: PaidTier): string | null {
    return this.deps.config.billing?.prices[tier] ?? null;
  }

  private tierOfPrice(priceId: string | null | undefined): PaidTier | null {
    if (!priceId) return null;
    return PAID_TIERS.find((t) => this.priceId(t) === priceId) ?? null;
  }

  private async requireOwner(caller: BusinessCaller): Promise<void> {
    const role = await this.deps.businesses.requireRole(caller.businessId, caller.userId);
    if (role !== 'owner') throw new AppError('FORBIDDEN', M.ownersOnly);
  }

  private gateway(): BillingGateway {
    if (!this.deps.gateway) throw new AppError('CONFLICT', M.notConfigured);
    return this.deps.gateway;
  }

  /** Stripe's price of a tier, kept 10 minutes (30 s after a failure: the page then shows no amount). */
  private async price(tier: PaidTier): Promise<PlanPrice | null> {
    const id = this.priceId(tier);
    const gateway = this.deps.gateway;
    if (!id || !gateway) return null;
    const cached = this.prices.get(id);
    if (cached && cached.until > Date.now()) return cached.price;
    try {
      const p = await gateway.retrievePrice(id);
      const price =
        typeof p.unit_amount === 'number'
          ? { amount: p.unit_amount, currency: p.currency.toUpperCase(), interval: p.recurring?.interval ?? 'month' }
          : null;
      this.prices.set(id, { price, until: Date.now() + PRICE_TTL_MS });
      return price;
    } catch (err) {
      this.deps.log?.(err, `stripe price ${id} could not be read`);
      this.prices.set(id, { price: null, until: Date.now() + PRICE_RETRY_MS });
      return null;
    }
  }

  private async plans(): Promise<Plan[]> {
    return Promise.all(
      SUBSCRIPTION_TIERS.map(async (tier): Promise<Plan> => {
        if (tier === 'free') return { tier, ...PLAN_INFO.free, available: true, price: null };
        const available = this.deps.gateway !== null && this.priceId(tier) !== null;
        return { tier, ...PLAN_INFO[tier], available, price: available ? await this.price(tier) : null };
      }),
    );
  }

  async overview(caller: BusinessCaller): Promise<SubscriptionOverview> {
    const role = await this.deps.businesses.requireRole(caller.businessId, caller.userId);
    const [business, row, plans] = await Promise.all([
      this.deps.businesses.dto(caller.businessId),
      this.repo.find(caller.businessId),
      this.plans(),
    ]);
    const tier = (SUBSCRIPTION_TIERS as readonly string[]).includes(business.subscriptionTier)
      ? (business.subscriptionTier as SubscriptionTier)
      : 'free';
    const live = row !== null && LIVE.has(row.status);
    return {
      configured: this.deps.gateway !== null,
      tier,
      status: (row?.status ?? 'none') as SubscriptionStatus,
      subscribedTier: live ? ((row.tier as SubscriptionTier | null) ?? null) : null,
      cancelAtPeriodEnd: live && row.cancelAtPeriodEnd,
      currentPeriodEnd: live ? iso(row.currentPeriodEnd) : null,
      paymentFailed: live && row.paymentFailed,
      canManage: role === 'owner',
      plans,
    };
  }

  async invoices(caller: BusinessCaller): Promise<SubscriptionInvoice[]> {
    await this.requireOwner(caller);
    return (await this.repo.invoices(caller.businessId)).map(toInvoice);
  }

  /** The live subscription of the business, or 409. */
  private async live(businessId: string): Promise<SubscriptionRow & { stripeSubscriptionId: string }> {
    const row = await this.repo.find(businessId);
    if (!row || !row.stripeSubscriptionId || !LIVE.has(row.status)) throw new AppError('CONFLICT', M.noSubscription);
    return row as SubscriptionRow & { stripeSubscriptionId: string };
  }

  /** Stripe's hosted Checkout for a first paid plan (the customer is created once per business). */
  async checkout(caller: AuthContext, tier: PaidTier): Promise<{ url: string }> {
    await this.requireOwner(caller);
    const gateway = this.gateway();
    const price = this.priceId(tier);
    if (!price) throw new AppError('CONFLICT', M.planUnavailable);
    let row = await this.repo.find(caller.businessId);
    if (row && !ENDED.has(row.status) && row.status !== 'incomplete') {
      throw new AppError('CONFLICT', M.alreadySubscribed);
    }
    if (!row) {
      const business = await this.deps.businesses.dto(caller.businessId);
      const customer = await gateway.createCustomer({
        businessId: caller.businessId,
        name: business.name,
        email: caller.user.email,
      });
      row = await this.repo.saveCustomer(caller.businessId, customer.id);
    }
    const back = `${this.deps.config.appUrl}/subscription`;
    const url = await gateway.createCheckout({
      customer: row.stripeCustomerId,
      price,
      businessId: caller.businessId,
      tier,
      successUrl: `${back}?checkout=success`,
      cancelUrl: `${back}?checkout=canceled`,
    });
    return { url };
  }

  /** Stripe's billing page for the business's customer (update the card after a failed payment, billing details). */
  async portal(caller: BusinessCaller): Promise<{ url: string }> {
    await this.requireOwner(caller);
    const gateway = this.gateway();
    const row = await this.repo.find(caller.businessId);
    if (!row) throw new AppError('CONFLICT', M.noSubscription);
    return { url: await gateway.createPortalSession(row.stripeCustomerId, `${this.deps.config.appUrl}/subscription`) };
  }

  /** Another paid plan: Stripe prorates it (an upgrade is invoiced now, a downgrade credited); the tier follows on the webhook. */
  async change(caller: BusinessCaller, tier: PaidTier): Promise<SubscriptionOverview> {
    await this.requireOwner(caller);
    const gateway = this.gateway();
    const price = this.priceId(tier);
    if (!price) throw new AppError('CONFLICT', M.planUnavailable);
    const row = await this.live(caller.businessId);
    if (row.priceId === price) throw new AppError('CONFLICT', M.alreadyOnPlan);
    const current = (row.tier as PaidTier | null) ?? null;
    const subscription = await gateway.retrieveSubscription(row.stripeSubscriptionId);
    await gateway.changePrice({
      subscription,
      price,
      upgrade: current === null || tierRank(tier) > tierRank(current),
    });
    return this.overview(caller);
  }

  /** Cancels at the end of the period paid for (the tier stays until Stripe ends the subscription). */
  async cancel(caller: BusinessCaller): Promise<SubscriptionOverview> {
    await this.requireOwner(caller);
    const gateway = this.gateway();
    const row = await this.live(caller.businessId);
    if (row.cancelAtPeriodEnd) throw new AppError('CONFLICT', M.alreadyCancelling);
    await gateway.setCancelAtPeriodEnd(row.stripeSubscriptionId, true);
    return this.overview(caller);
  }

  /** Takes a cancellation back before the period ends. */
  async resume(caller: BusinessCaller): Promise<SubscriptionOverview> {
    await this.requireOwner(caller);
    const gateway = this.gateway();
    const row = await this.live(caller.businessId);
    if (!row.cancelAtPeriodEnd) throw new AppError('CONFLICT', M.notCancelling);
    await gateway.setCancelAtPeriodEnd(row.stripeSubscriptionId, false);
    return this.overview(caller);
  }

  /**
   * Before a business is deleted (BusinessesService.remove's hook): a subscription still running (even one set to
   * cancel at the period's end) is ended at Stripe now, so nobody is billed for a business that no longer exists.
   * Stripe refusing or not answering stops the deletion (nothing is deleted); so does a live subscription on an
   * installation whose Stripe is no longer configured. The webhook that follows finds no customer and changes nothing.
   */
  async endForDeletedBusiness(businessId: string): Promise<void> {
    const row = await this.repo.find(businessId);
    if (!row?.stripeSubscriptionId || ENDED.has(row.status) || row.status === 'incomplete') return;
    if (!this.deps.gateway) throw new AppError('CONFLICT', M.cannotEndForDelete);
    await this.deps.gateway.cancelNow(row.stripeSubscriptionId);
  }

  // ---- the webhook (the platform account's endpoint) ----

  /** A delivery: 400 unless its signature verifies on the raw body with the Billing endpoint's secret. */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingOutcome> {
    const event = this.deps.gateway?.verifyEvent(rawBody, signature) ?? null;
    if (!event) throw new AppError('VALIDATION_ERROR', M.invalidSignature);
    return this.processEvent(event);
  }

  /** Each event id once: its row and all its effects in one transaction. */
  processEvent(event: BillingEvent): Promise<BillingOutcome> {
    return this.repo.transaction(async (tx) => {
      if (!(await this.repo.takeEvent(event.id, event.type, tx))) return 'duplicate';
      const outcome = await this.apply(event, tx);
      await this.repo.setEventOutcome(event.id, outcome, tx);
      return outcome;
    });
  }

  private apply(event: BillingEvent, tx: Executor): Promise<BillingOutcome> {
    // A connected account's event (invoice payments) is the Connect endpoint's business, not ours.
    if (event.account) return Promise.resolve('ignored');
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.onSubscription(object as BillingSubscription, event, tx);
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.finalized':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible':
      case 'invoice.payment_succeeded':
        return this.onInvoice(object as BillingInvoice, event, tx);
      default:
        return Promise.resolve('ignored');
    }
  }

  /** The business's tier: the subscription's while it is live, else free. */
  private effectiveTier(status: string, tier: string | null): SubscriptionTier {
    return LIVE.has(status) && tier ? (tier as SubscriptionTier) : 'free';
  }

  private async onSubscription(sub: BillingSubscription, event: BillingEvent, tx: Executor): Promise<BillingOutcome> {
    const customer = idOf(sub.customer);
    const row = customer ? await this.repo.byCustomer(customer, tx, true) : null;
    if (!row) return 'unknown_customer';
    const same = row.stripeSubscriptionId === sub.id;
    if (!same && row.stripeSubscriptionId && !ENDED.has(row.status) && row.status !== 'incomplete') {
      // Another subscription is live for this business: an old one's late event changes nothing.
      return 'other_subscription';
    }
    if (same && event.created < row.lastEventAt) return 'stale';
    if (same && row.status === 'canceled' && event.type !== 'customer.subscription.deleted') return 'stale';
    const deleted = event.type === 'customer.subscription.deleted';
    const status = deleted ? 'canceled' : sub.status;
    const priceId = sub.items?.data?.[0]?.price?.id ?? null;
    const tier = this.tierOfPrice(priceId);
    await this.repo.update(
      row.businessId,
      {
        stripeSubscriptionId: sub.id,
        status,
        tier,
        priceId,
        cancelAtPeriodEnd: !deleted && sub.cancel_at_period_end === true,
        currentPeriodEnd: periodEndOf(sub),
        paymentFailed: status === 'active' || status === 'trialing' ? false : same && row.paymentFailed,
        lastEventAt: Math.max(event.created, same ? row.lastEventAt : 0),
      },
      tx,
    );
    await this.deps.businesses.setSubscriptionTier(row.businessId, this.effectiveTier(status, tier), tx);
    return 'applied';
  }

  private async onInvoice(invoice: BillingInvoice, event: BillingEvent, tx: Executor): Promise<BillingOutcome> {
    const customer = idOf(invoice.customer);
    const row = customer ? await this.repo.byCustomer(customer, tx, true) : null;
    if (!row) return 'unknown_customer';
    const subscriptionId = subscriptionOfInvoice(invoice);
    const existing = await this.repo.findInvoice(invoice.id, tx);
    const incoming = invoice.status ?? 'open';
    const status =
      existing && FINAL_INVOICE.has(existing.status) && !FINAL_INVOICE.has(incoming) ? existing.status : incoming;
    await this.repo.upsertInvoice(
      {
        id: invoice.id,
        businessId: row.businessId,
        stripeSubscriptionId: subscriptionId,
        number: invoice.number ?? null,
        status,
        amountDue: invoice.amount_due ?? 0,
        amountPaid: invoice.amount_paid ?? 0,
        currency: invoice.currency ?? 'usd',
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        invoicePdf: invoice.invoice_pdf ?? null,
        periodStart: fromUnix(invoice.period_start),
        periodEnd: fromUnix(invoice.period_end),
        createdAt: fromUnix(invoice.created) ?? new Date(),
      },
      tx,
    );
    if (!subscriptionId || subscriptionId !== row.stripeSubscriptionId) return 'recorded';
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded') {
      // Paying the subscription's invoice makes it active (Stripe does the same); a later status event still wins.
      const status = ['incomplete', 'past_due', 'unpaid'].includes(row.status) ? 'active' : row.status;
      await this.repo.update(
        row.businessId,
        { paymentFailed: false, status, lastEventAt: Math.max(row.lastEventAt, event.created) },
        tx,
      );
      if (status !== row.status) {
        await this.deps.businesses.setSubscriptionTier(row.businessId, this.effectiveTier(status, row.tier), tx);
      }
      return 'applied';
    }
    if (event.type === 'invoice.payment_failed') {
      await this.repo.update(row.businessId, { paymentFailed: true }, tx);
      return 'applied';
    }
    return 'recorded';
  }
}
