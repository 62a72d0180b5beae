import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.mjs';

// The config is loaded again in every worker process: the run's directory is fixed once, in the runner, and
// reaches the workers (and the tests' outbox reader) through the environment they inherit.
const runDir = (process.env.ATRIUM_E2E_RUN_DIR ??= path.join(os.tmpdir(), `atrium-e2e-${Date.now()}`));
const dataDir = path.join(runDir, 'db');
/** With no SMTP configured the server writes every e-mail here as an .eml file; helpers.ts reads them. */
export const mailOutboxDir = (process.env.MAIL_OUTBOX_DIR ??= path.join(runDir, 'mail-outbox'));
/** The mock OIDC issuer standing in for Google (google-issuer.ts, the global setup), and the run's Google user. */
const googleIssuer = (process.env.E2E_GOOGLE_ISSUER ??= 'http://127.0.0.1:3090');
const runId = path.basename(runDir);
process.env.E2E_GOOGLE_EMAIL ??= `grace.${runId}@gmail.test`;
process.env.E2E_GOOGLE_SUB ??= `google-${runId}`;
/** The local Stripe fake (stripe-fake.ts, the second global setup) and the secrets the server shares with it. */
const stripeFake = (process.env.E2E_STRIPE_URL ??= 'http://127.0.0.1:12111');
const stripeWebhookSecret = (process.env.E2E_STRIPE_WEBHOOK_SECRET ??= 'whsec_e2e');
process.env.E2E_STRIPE_WEBHOOK_URL ??= 'http://localhost:3000/api/v1/stripe/webhook';
/** Stripe Billing (the business's own plan): the platform account's endpoint and secret, and the plans' prices. */
const billingWebhookSecret = (process.env.E2E_STRIPE_BILLING_WEBHOOK_SECRET ??= 'whsec_e2e_billing');
process.env.E2E_STRIPE_BILLING_WEBHOOK_URL ??= 'http://localhost:3000/api/v1/subscription/webhook';
/** The local Google fake (google-fake.ts, the third global setup): OAuth, Calendar and Gmail; control on port + 1. */
const googleFake = new URL(process.env.E2E_GOOGLE_FAKE_URL ?? 'http://127.0.0.1:3095');
process.env.E2E_GOOGLE_FAKE_URL ??= googleFake.origin;
process.env.E2E_GOOGLE_FAKE_CONTROL ??= `http://127.0.0.1:${Number(googleFake.port) + 1}`;
/** The local Sentry ingest fake (sentry-fake.ts, the fourth global setup): the server and the browser report to it. */
const sentryFake = new URL((process.env.E2E_SENTRY_URL ??= 'http://127.0.0.1:12130'));
const sentryDsn = `http://atriumpublickey@${sentryFake.host}/4242`;
/** The local Open-Meteo fake (weather-fake.ts, the fifth global setup): forecast and geocoding for the header. */
const weatherFake = (process.env.E2E_WEATHER_URL ??= 'http://127.0.0.1:12120');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  // A local mock OIDC issuer standing in for Google (GOOGLE_ISSUER below), then the local Stripe fake (STRIPE_*).
  globalSetup: ['./google-issuer.ts', './stripe-fake.ts', './google-fake.ts', './sentry-fake.ts', './weather-fake.ts'],
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
    // The host's service worker (/sw.js, the offline shell) would answer the remotes' and the shell's requests
    // itself, out of reach of the specs' page.route fakes: only tests/offline.spec.ts lets it run.
    serviceWorkers: 'block',
    // The product tour starts by itself for a new user and would stand over every spec's pages: it is off in this
    // browser by default (tests/tour.spec.ts starts from an empty storage state instead).
    storageState: {
      cookies: [],
      origins: [{ origin: 'http://localhost:3000', localStorage: [{ name: 'atrium.tour.autostart', value: 'off' }] }],
    },
  },
  // The production builds, each app on its own port: API + host on 3000, remotes on 3001–3006.
  webServer: {
    command: 'node ../scripts/start-all.mjs',
    url: 'http://localhost:3000/api/v1/health',
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: mailOutboxDir,
      SMTP_URL: '',
      APP_URL: 'http://localhost:3000',
      LOGIN_RATE_LIMIT: '100',
      REGISTER_RATE_LIMIT: '100',
      GOOGLE_CLIENT_ID: 'atrium-e2e',
      GOOGLE_CLIENT_SECRET: 'atrium-e2e-secret',
      GOOGLE_ISSUER: googleIssuer,
      // Card payments against the local Stripe fake (stripe-fake.ts): the official client pointed at it.
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_URL: stripeFake,
      // Subscriptions through Stripe Billing against the same fake (its prices: stripe-fake.ts).
      STRIPE_BILLING_WEBHOOK_SECRET: billingWebhookSecret,
      STRIPE_PRICE_PRO: 'price_e2e_pro',
      STRIPE_PRICE_BUSINESS: 'price_e2e_business',
      // Google Calendar and Gmail against the local Google fake (google-fake.ts): the official clients pointed at it.
      GOOGLE_OAUTH_AUTHORIZE_URL: `${googleFake.origin}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${googleFake.origin}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${googleFake.origin}/revoke`,
      GOOGLE_CALENDAR_API_URL: `${googleFake.origin}/`,
      GMAIL_API_URL: `${googleFake.origin}/`,
      GMAIL_POLL_INTERVAL_SECONDS: '2',
      // Error reporting (server 5xx, browser errors, 5xx and 429 answers) to the local Sentry fake.
      SENTRY_DSN: sentryDsn,
      SENTRY_ENVIRONMENT: 'e2e',
      // The header's weather against the local Open-Meteo fake.
      WEATHER_FORECAST_URL: weatherFake,
      WEATHER_GEOCODING_URL: weatherFake,
      // Company staff for the admin users pages (business-team.spec.ts); unset by default, as on any install.
      ADMIN_EMAIL_DOMAIN: 'atrium.app',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
