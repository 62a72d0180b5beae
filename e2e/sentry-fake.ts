import { startFakeProcess } from './fake-process';

/**
 * Playwright globalSetup (after google-fake.ts in playwright.config.ts): the local fake of a Sentry ingest endpoint
 * (server/test/fakes/sentry.ts). The server is started with SENTRY_DSN pointing here (playwright.config.ts), so the
 * official SDKs — the server's and, through /remotes.json, the browser's — post their envelopes to it; the specs read
 * what arrived from its `/__events`. URL: E2E_SENTRY_URL.
 */
export default async function startSentryFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_SENTRY_URL ?? 'http://127.0.0.1:12130');
  return startFakeProcess({
    name: 'Sentry fake',
    script: 'test/fakes/sentry.ts',
    args: ['--port', url.port],
    ready: /sentry fake listening/i,
    neededBy: 'error-reporting.spec.ts',
  });
}
