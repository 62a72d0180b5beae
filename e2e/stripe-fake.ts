import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Playwright globalSetup (chained after google-issuer.ts in playwright.config.ts): the local fake of the Stripe API
 * (server/test/fakes/stripe.ts, a test helper, never shipped) for the whole run. The API server is started with
 * STRIPE_API_URL pointing here and the same secrets (playwright.config.ts), so the official `stripe` client talks to
 * it; the fake's hosted Checkout and onboarding pages post their signed webhook events to the server under test.
 * It runs as its own process through the server's tsx (its CLI), so the e2e package needs none of the server's
 * dependencies. URL, webhook URL and secret: E2E_STRIPE_URL, E2E_STRIPE_WEBHOOK_URL, E2E_STRIPE_WEBHOOK_SECRET.
 * A fake that cannot start is reported and the run goes on: only payments.spec.ts needs it (and fails on its own),
 * the other specs are not held up by it.
 */
export default async function startStripeFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_STRIPE_URL ?? 'http://127.0.0.1:12111');
  const server = path.resolve(__dirname, '../server');
  const child: ChildProcess = spawn(
    path.join(server, 'node_modules/.bin/tsx'),
    [
      path.join(server, 'test/fakes/stripe.ts'),
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
    { cwd: server, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The Stripe fake did not start within 20 s.\n${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (/stripe fake listening/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The Stripe fake exited with ${code} before listening.\n${stderr}`));
    });
  });
  try {
    await started;
  } catch (error) {
    console.warn(`[e2e] ${(error as Error).message}\n[e2e] payments.spec.ts will fail without it.`);
    if (child.exitCode === null) child.kill('SIGTERM');
    return async () => undefined;
  }
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
