import type { ApiClient } from '@atrium/api-client';
import type { PaidTier, SubscriptionCheckoutAnswer, SubscriptionInvoice, SubscriptionOverview } from '../subscription';

type Data<T> = { success: true; data: T };

/** The current business's Atrium plan through Stripe Billing (docs/requirements.md "Subscription"). */
export function subscriptionApi(client: ApiClient) {
  return {
    overview: async () => (await client.get<Data<SubscriptionOverview>>('subscription')).data,
    /** Owners: the subscription's invoices, newest first. */
    invoices: async () => (await client.get<Data<SubscriptionInvoice[]>>('subscription/invoices')).data,
    /** Owners, no paid subscription yet: Stripe's hosted Checkout for that plan (the browser goes there). */
    checkout: async (tier: PaidTier) =>
      (await client.post<Data<SubscriptionCheckoutAnswer>>('subscription/checkout', { tier })).data,
    /** Owners: moves the subscription to another paid plan (prorated by Stripe); the tier follows on the webhook. */
    change: async (tier: PaidTier) =>
      (await client.post<Data<SubscriptionOverview>>('subscription/change', { tier })).data,
    /** Owners: Stripe's hosted billing page (card, billing details); the browser goes there. */
    portal: async () => (await client.post<Data<SubscriptionCheckoutAnswer>>('subscription/portal')).data,
    /** Owners: cancels at the end of the period paid for. */
    cancel: async () => (await client.post<Data<SubscriptionOverview>>('subscription/cancel')).data,
    /** Owners: takes back a cancellation before the period ends. */
    resume: async () => (await client.post<Data<SubscriptionOverview>>('subscription/resume')).data,
  };
}

export type SubscriptionApi = ReturnType<typeof subscriptionApi>;
