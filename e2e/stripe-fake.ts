import { startFakeProcess } from './fake-process';

/**
 * Playwright globalSetup (chained after google-issuer.ts in playwright.config.ts): the local fake of the Stripe API
 * (server/test/fakes/stripe.ts, a test helper, never shipped) for the whole run. The API server is started with
 * STRIPE_API_URL pointing here and the same secrets (playwright.config.ts), so the official `stripe` client talks to
 * it; the fake's hosted Checkout and onboarding pages post their signed webhook events to the server under test.
 * URL, webhook URL and secret: E2E_STRIPE_URL, E2E_STRIPE_WEBHOOK_URL, E2E_STRIPE_WEBHOOK_SECRET.
 */
export default async function startStripeFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_STRIPE_URL ?? 'http://127.0.0.1:12111');
  return startFakeProcess({
    name: 'Stripe fake',
    script: 'test/fakes/stripe.ts',
    args: [
      '--port',
      url.port,
      '--webhook-url',
      process.env.E2E_STRIPE_WEBHOOK_URL ?? 'http://localhost:3000/api/v1/stripe/webhook',
      '--webhook-secret',
      process.env.E2E_STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
      // Stripe Billing: the platform account's events go to the subscription webhook; the plans' prices exist.
      '--account-webhook-url',
      process.env.E2E_STRIPE_BILLING_WEBHOOK_URL ?? 'http://localhost:3000/api/v1/subscription/webhook',
      '--account-webhook-secret',
      process.env.E2E_STRIPE_BILLING_WEBHOOK_SECRET ?? 'whsec_e2e_billing',
      '--price',
      'price_e2e_pro:1900:usd:month',
      '--price',
      'price_e2e_business:4900:usd:month',
    ],
    ready: /stripe fake listening/i,
    neededBy: 'payments.spec.ts, sign-and-pay.spec.ts and subscription.spec.ts',
  });
}
