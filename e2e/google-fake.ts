import { startFakeProcess } from './fake-process';

/**
 * Playwright globalSetup (chained after stripe-fake.ts in playwright.config.ts): the local fake of Google's OAuth,
 * Calendar and Gmail APIs (server/test/fakes/google-cli.ts, a test helper, never shipped) for the whole run. The API
 * server is started with GOOGLE_OAUTH_*_URL, GOOGLE_CALENDAR_API_URL and GMAIL_API_URL pointing here, so the official
 * clients talk to it. Google sign-in keeps its own mock OIDC issuer (google-issuer.ts). The control server
 * (E2E_GOOGLE_FAKE_CONTROL) lets a spec act as Google's side (a client's reply arriving).
 */
export default async function startGoogleFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_GOOGLE_FAKE_URL ?? 'http://127.0.0.1:3095');
  return startFakeProcess({
    name: 'Google fake',
    script: 'test/fakes/google-cli.ts',
    args: ['--port', url.port, '--client-id', 'atrium-e2e', '--client-secret', 'atrium-e2e-secret'],
    ready: /google fake listening/i,
    neededBy: 'gmail.spec.ts',
  });
}
