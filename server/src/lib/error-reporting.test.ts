/** Issue #21 §5: the server reports its own 5xx to a Sentry-compatible endpoint (the local fake) when configured. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@atrium/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, TEST_ENV, testMailer, type TestDatabase } from '../../test/helpers';
import { startFakeSentry, type FakeSentry } from '../../test/fakes/sentry';
import { AppError } from './errors';

let sentry: FakeSentry;
let db: TestDatabase;

beforeAll(async () => {
  sentry = await startFakeSentry();
  db = await createTestDatabase();
});
afterAll(async () => {
  await sentry.close();
  await db.drop();
});
beforeEach(() => {
  sentry.events.length = 0;
});

/** An app with two extra routes (hidden from the API catalogue): one that crashes, one that refuses the caller. */
async function appWith(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({
    config,
    database: db.handle,
    secret: randomBytes(32).toString('base64url'),
    logger: false,
    mailer: testMailer(),
  });
  app.get('/__boom', { schema: { hide: true } }, async () => {
    throw new Error('kaboom: the ledger is on fire');
  });
  app.get('/__refused', { schema: { hide: true } }, async () => {
    throw new AppError('VALIDATION_ERROR', 'Invalid data');
  });
  await app.ready();
  return app;
}

describe('server error reporting', () => {
  it('a 5xx reaches the endpoint as a high-severity error with the route, and without cookies or the query', async () => {
    const app = await appWith({
      SENTRY_DSN: sentry.dsn,
      SENTRY_ENVIRONMENT: 'test-env',
      SENTRY_RELEASE: 'atrium@1.2.3',
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/__boom?email=ada@example.com',
        headers: { cookie: 'access_token=secret-session-cookie' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
      const event = await sentry.waitFor((e) => e.exception?.values?.[0]?.value === 'kaboom: the ledger is on fire');
      expect(event.level).toBe('error');
      expect(event.tags).toMatchObject({ severity: 'high', status: '500', method: 'GET', route: '/__boom' });
      expect(event.environment).toBe('test-env');
      expect(event.release).toBe('atrium@1.2.3');
      const sent = JSON.stringify(event);
      expect(sent).not.toContain('secret-session-cookie');
      expect(sent).not.toContain('ada@example.com');
    } finally {
      await app.close();
    }
  });

  it("a caller's mistake (4xx) is not reported", async () => {
    const app = await appWith({ SENTRY_DSN: sentry.dsn });
    try {
      expect((await app.inject({ method: 'GET', url: '/__refused' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: `${API_ROOT}/nothing-here` })).statusCode).toBe(404);
      await app.errorReporter!.flush();
      expect(sentry.events).toHaveLength(0);
      // The same app does report a crash: the silence above is not a broken transport.
      await app.inject({ method: 'GET', url: '/__boom' });
      await sentry.waitFor((e) => e.level === 'error');
    } finally {
      await app.close();
    }
  });

  it('the browser apps get the DSN in /remotes.json, and the CSP lets them post to it', async () => {
    const app = await appWith({ SENTRY_BROWSER_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' });
    try {
      // Only the browser DSN is set: the server itself reports nothing.
      expect(app.errorReporter).toBeNull();
      const res = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(res.json().errorReporting).toEqual({ dsn: sentry.dsn, environment: 'staging' });
      expect(String(res.headers['content-security-policy'])).toMatch(
        new RegExp(`connect-src [^;]*${sentry.url.replace(/[.:/]/g, '\\$&')}`),
      );
    } finally {
      await app.close();
    }
  });

  it('off when no DSN is configured: nothing in /remotes.json, no reporter', async () => {
    const app = await appWith({});
    try {
      expect(app.errorReporter).toBeNull();
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).not.toHaveProperty('errorReporting');
      expect((await app.inject({ method: 'GET', url: '/__boom' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });

  it('a DSN that is not one refuses to start, naming the variable', () => {
    expect(() => loadConfig({ ...TEST_ENV, SENTRY_DSN: 'https://sentry.example.com/' })).toThrow(
      /SENTRY_DSN must be a DSN/,
    );
    expect(() => loadConfig({ ...TEST_ENV, SENTRY_BROWSER_DSN: 'not a url' })).toThrow(/SENTRY_BROWSER_DSN/);
  });
});
