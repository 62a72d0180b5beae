import { PLAN_INFO, type PlanPrice, type SubscriptionTier } from '@atrium/domain-admin';

/** A plan's price as Stripe bills it ('$19.00 per month'). */
export function formatPrice(price: PlanPrice): string {
  const amount = new Intl.NumberFormat(undefined, { style: 'currency', currency: price.currency }).format(
    price.amount / 100,
  );
  return `${amount} per ${price.interval}`;
}

/** Cents in a currency ('$30.00'). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount / 100);
}

export const tierName = (tier: SubscriptionTier) => PLAN_INFO[tier].name;

/** Texts only the subscription page shows (its tests assert them word for word). */
export const SUBSCRIPTION_TEXTS = {
  title: 'Subscription',
  intro: 'The plan of your business, paid through Stripe.',
  currentPlan: 'Current plan',
  renews: (date: string) => `Renews on ${date}.`,
  cancels: (tier: string, date: string) =>
    `Cancels on ${date}. The business keeps ${tier} until then, then moves to Free.`,
  paymentFailed:
    'The last payment of the subscription failed. Stripe tries again over the next days; if it keeps failing the business moves to Free. Update the card under Manage billing.',
  ownersOnly: 'Only an owner of the business can change its plan.',
  checkoutReturned: 'Thank you! Stripe is confirming the payment; the plan changes here as soon as it does.',
  checkoutCanceled: 'Checkout was canceled. Nothing was charged.',
  waiting: 'Waiting for Stripe to confirm…',
  notConfirmedYet: 'Stripe has not confirmed the change yet. It shows here as soon as it does.',
  upgraded: (tier: string) => `Your business is now on ${tier}`,
  cancelRequested: 'The subscription will end at the end of the period',
  resumed: 'The subscription continues',
  priceUnknown: 'Price not available right now',
  invoices: 'Invoices',
  noInvoices: 'No invoices yet',
  invoicesFailed: 'Invoices could not be loaded',
  confirmCheckout: (tier: string, price: string) =>
    `You will go to Stripe's secure checkout to pay ${price} for ${tier}. Your plan changes as soon as Stripe confirms the payment.`,
  confirmUpgrade: (tier: string, price: string) =>
    `Stripe charges the prorated difference for the rest of this period now, then ${price}. The plan changes to ${tier} once that payment is confirmed.`,
  confirmDowngrade: (tier: string, price: string) =>
    `The unused part of this period is credited to your next invoice, then ${price}. The plan changes to ${tier} right away.`,
  confirmCancel: (tier: string, date: string) =>
    `The business keeps ${tier} until ${date}, then moves to Free. Nothing more is charged. You can keep the subscription until then.`,
} as const;
