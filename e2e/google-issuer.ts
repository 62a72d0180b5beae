import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';

/**
 * Playwright globalSetup: a local mock OIDC issuer (oauth2-mock-server) stands in for Google for the whole
 * run. The API server is started with GOOGLE_ISSUER pointing here (playwright.config.ts) and discovers it
 * lazily, at the first Google sign-in. URL: E2E_GOOGLE_ISSUER (playwright.config.ts). Every ID token it issues names the run's Google user
 * (E2E_GOOGLE_EMAIL / E2E_GOOGLE_SUB, fixed in playwright.config.ts), with a verified address.
 */
export default async function startGoogleIssuer(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_GOOGLE_ISSUER ?? 'http://127.0.0.1:3090');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, {
      sub: process.env.E2E_GOOGLE_SUB,
      email: process.env.E2E_GOOGLE_EMAIL,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
    });
  });
  // The issuer identifier the server discovers must be exactly this URL (start() would say localhost).
  server.issuer.url = url.origin;
  await server.start(Number(url.port), url.hostname);
  return async () => {
    await server.stop();
  };
}
