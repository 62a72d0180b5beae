import * as z from 'zod';

/**
 * The business's Atrium plan, bought through Stripe Billing (docs/requirements.md "Subscription"). The tiers and
 * their order are Atrium's; the prices are Stripe's (a price id per paid tier, configured on the server), read from
 * Stripe so the page shows what Stripe charges.
 */
export const SUBSCRIPTION_TIERS = ['free', 'pro', 'business'] as const;
export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;
export const PAID_TIERS = ['pro', 'business'] as const satisfies readonly SubscriptionTier[];
export type PaidTier = (typeof PAID_TIERS)[number];

/** What each tier is called and says of itself (the spec names none: Atrium's decision). */
export const PLAN_INFO: Record<SubscriptionTier, { name: string; description: string }> = {
  free: { name: 'Free', description: 'For trying Atrium out on your own.' },
  pro: { name: 'Pro', description: 'For a business that runs its clients and projects in Atrium.' },
  business: { name: 'Business', description: 'For a growing team that works in Atrium every day.' },
};

/** Higher rank = a bigger plan: moving to a higher one is an upgrade. */
export const tierRank = (tier: SubscriptionTier) => SUBSCRIPTION_TIERS.indexOf(tier);

export const planPriceSchema = z.object({
  /** In the currency's smallest unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  /** month or year (Stripe's recurring interval). */
  interval: z.string(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const planSchema = z.object({
  tier: subscriptionTierSchema,
  name: z.string(),
  description: z.string(),
  /** Paid tiers: can it be bought here (a price id is configured)? Free: always true. */
  available: z.boolean(),
  /** Stripe's price (null for free, or when Stripe could not be asked just now). */
  price: planPriceSchema.nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/** Stripe's subscription statuses, plus 'none' for a business on the free plan with no subscription. */
export const subscriptionStatusSchema = z.enum([
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionOverviewSchema = z.object({
  /** Stripe Billing is set up on this installation (keys, webhook secret and at least one price). */
  configured: z.boolean(),
  /** The business's tier as the verified webhooks left it (the same as the business's subscriptionTier). */
  tier: subscriptionTierSchema,
  status: subscriptionStatusSchema,
  /** The paid tier of the subscription (null without one). */
  subscribedTier: subscriptionTierSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** ISO instant: the end of the period paid for (renewal, or the end when cancelling). */
  currentPeriodEnd: z.string().nullable(),
  /** The last invoice of the subscription failed to be paid (Stripe retries it). */
  paymentFailed: z.boolean(),
  /** The caller is an owner: only owners change the plan and see the invoices. */
  canManage: z.boolean(),
  plans: z.array(planSchema),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

export const changePlanInputSchema = z.object({ tier: z.enum(PAID_TIERS) }).strict();
export type ChangePlanInput = z.infer<typeof changePlanInputSchema>;

/** POST /subscription/checkout: Stripe's hosted Checkout to go to. POST /subscription/change: what Stripe did. */
export const subscriptionCheckoutAnswerSchema = z.object({ url: z.string() });
export type SubscriptionCheckoutAnswer = z.infer<typeof subscriptionCheckoutAnswerSchema>;

export const subscriptionInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  /** Stripe's invoice status: open, paid, void, uncollectible. */
  status: z.string(),
  /** Cents: what was due and what was paid. */
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

/** Texts of the subscription page and answers. One source for client and server. */
export const SUBSCRIPTION_MESSAGES = {
  notConfigured: 'Subscriptions are not set up on this installation',
  notConfiguredDetail:
    'Stripe Billing is not configured, so plans cannot be bought or changed here. Every feature stays available on the current plan.',
  ownersOnly: 'Only an owner can change the plan of this business',
  planUnavailable: 'This plan cannot be bought on this installation',
  alreadyOnPlan: 'The business is already on this plan',
  alreadySubscribed: 'The business already has a subscription: change its plan instead',
  noSubscription: 'The business has no paid subscription',
  notCancelling: 'The subscription is not set to cancel',
  alreadyCancelling: 'The subscription is already set to cancel at the end of the period',
  stripeUnavailable: 'Stripe is not answering right now. Please try again in a moment.',
  invalidSignature: 'Invalid Stripe signature',
  loadFailed: 'Failed to load the subscription',
  changeFailed: 'Failed to change the plan',
  cancelFailed: 'Failed to cancel the subscription',
  resumeFailed: 'Failed to keep the subscription',
  portalFailed: 'Failed to open the billing page',
  cannotEndForDelete:
    'This business has a paid plan that cannot be cancelled here because Stripe is not set up. Cancel the plan before deleting the business.',
} as const;
