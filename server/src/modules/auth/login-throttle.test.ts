import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCESS_COOKIE } from '@atrium/contracts';
import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import { KNOWN_DEVICE_COOKIE } from '../../lib/session-cookies';
import {
  Agent,
  createTestApp,
  registerVerified,
  resetToken,
  setCookieLines,
  type TestApp,
} from '../../../test/helpers';

const RATE_LIMITED = { success: false, code: 'RATE_LIMITED', error: IDENTITY_MESSAGES.tooManyAttempts };
const FIFTEEN_MINUTES_S = 15 * 60;

describe('sign-in throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  type Account = { email: string; password: string };
  const login = (agent: Agent, account: Account, remoteAddress: string) =>
    agent.post('/auth/login', { email: account.email, password: account.password }, { remoteAddress });
  const wrong = (account: Account): Account => ({ email: account.email, password: 'not-the-password9' });

  /** An account and a browser (with the known-device cookie) that signed in to it once. */
  async function ownerWithBrowser(app: FastifyInstance, ip = '198.18.0.1') {
    const { signup } = await registerVerified(t.app);
    const home = await new Agent(app).init();
    expect((await login(home, signup, ip)).statusCode).toBe(200);
    expect(home.cookie(KNOWN_DEVICE_COOKIE)).toBeDefined();
    return { signup, home };
  }

  /** `n` wrong guesses from `n` different addresses (a distributed attack on one account). */
  async function lockAccount(app: FastifyInstance, account: Account, n: number, net: string) {
    for (let i = 1; i <= n; i++) {
      const res = await login(await new Agent(app).init(), wrong(account), `${net}.${i}`);
      expect(res.statusCode).toBe(401);
    }
  }

  const expectRefused = (res: LightMyRequestResponse, limit: number, maxWaitS: number) => {
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 429, body: RATE_LIMITED });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(maxWaitS - 10);
    expect(retryAfter).toBeLessThanOrEqual(maxWaitS);
    expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toBe(String(retryAfter));
    expect(res.headers['ratelimit-limit']).toBe(String(limit));
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.headers['ratelimit-reset']).toBe(String(retryAfter));
    expect(setCookieLines(res).has(ACCESS_COOKIE)).toBe(false);
  };

  test('failures from anywhere lock the account for unknown browsers, never for one that signed in before', async () => {
    const app = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '3', LOGIN_RATE_LIMIT: '100' });
    const { signup, home } = await ownerWithBrowser(app);
    await lockAccount(app, signup, 3, '192.0.2');

    // A new browser is refused — wrong guess or right password alike (no oracle) — and told how long to wait.
    expectRefused(await login(await new Agent(app).init(), wrong(signup), '192.0.2.50'), 3, FIFTEEN_MINUTES_S);
    expectRefused(await login(await new Agent(app).init(), signup, '192.0.2.51'), 3, FIFTEEN_MINUTES_S);

    // The owner's browser signs in, from any address; a typo there is an ordinary 401.
    expect((await login(home, wrong(signup), '203.0.113.9')).statusCode).toBe(401);
    const ok = await login(home, signup, '203.0.113.9');
    expect(ok.statusCode).toBe(200);
    expect(home.cookie(ACCESS_COOKIE)).toBeDefined();
    expect((await home.get('/users/me')).statusCode).toBe(200);
  });

  test('the known-device cookie counts only when signed with the app secret and bound to that account', async () => {
    const app = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '2', LOGIN_RATE_LIMIT: '100' });
    const { signup, home } = await ownerWithBrowser(app);
    const other = await ownerWithBrowser(app);
    await lockAccount(app, signup, 2, '192.0.2');
    const entry = home.cookie(KNOWN_DEVICE_COOKIE)!;
    // Set on a sign-in only: HttpOnly, for the auth routes, a year.
    const failed = await login(await new Agent(app).init(), wrong(signup), '10.9.9.9');
    expect(setCookieLines(failed).has(KNOWN_DEVICE_COOKIE)).toBe(false);
    const line = setCookieLines(await login(other.home, other.signup, '10.9.9.9')).get(KNOWN_DEVICE_COOKIE)!;
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/api/v1/auth', 'Max-Age=31536000']) {
      expect(line).toContain(attribute);
    }

    const withCookie = async (value: string) => {
      const agent = await new Agent(app).init();
      agent.jar.set(KNOWN_DEVICE_COOKIE, { value, path: '/api/v1/auth' });
      return login(agent, signup, '10.9.9.10');
    };
    const [userId, deviceId, mac] = entry.split('.') as [string, string, string];
    const forged = `${userId}.${deviceId}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await withCookie(forged)).statusCode).toBe(429);
    expect((await withCookie(`${userId}.another-device.${mac}`)).statusCode).toBe(429);
    // The other account's browser is not known to this account.
    expect((await withCookie(other.home.cookie(KNOWN_DEVICE_COOKIE)!)).statusCode).toBe(429);
    // The genuine entry, also next to another account's, lets the owner in.
    expect((await withCookie(`${other.home.cookie(KNOWN_DEVICE_COOKIE)!}~${entry}`)).statusCode).toBe(200);
  });

  test('one browser is remembered for several accounts; signing out keeps it known', async () => {
    const app = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '2', LOGIN_RATE_LIMIT: '100' });
    const { signup: first, home } = await ownerWithBrowser(app);
    const { signup: second } = await registerVerified(t.app);
    expect((await login(home, second, '198.18.0.1')).statusCode).toBe(200);
    expect(home.cookie(KNOWN_DEVICE_COOKIE)!.split('~')).toHaveLength(2);
    expect((await home.post('/auth/logout')).statusCode).toBe(200);
    expect(home.cookie(KNOWN_DEVICE_COOKIE)).toBeDefined();

    await lockAccount(app, first, 2, '192.0.2');
    await lockAccount(app, second, 2, '192.0.3');
    expect((await login(home, first, '198.18.0.2')).statusCode).toBe(200);
    expect((await login(home, second, '198.18.0.2')).statusCode).toBe(200);
  });

  test('a known browser that guesses wrong too often counts as unknown again', async () => {
    const app = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '3', LOGIN_RATE_LIMIT: '100' });
    const { signup, home } = await ownerWithBrowser(app);
    await lockAccount(app, signup, 3, '192.0.2');
    for (let i = 0; i < 3; i++) expect((await login(home, wrong(signup), '203.0.113.9')).statusCode).toBe(401);
    expectRefused(await login(home, signup, '203.0.113.9'), 3, FIFTEEN_MINUTES_S);
  });

  test('repeated attempts from one address at one account are throttled with the wait of that window', async () => {
    const app = await t.sibling({ LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '100' });
    const { signup, home } = await ownerWithBrowser(app, '198.18.0.9');
    const agent = await new Agent(app).init();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await login(agent, wrong(signup), '203.0.113.7');
      expect(res.statusCode).toBe(401);
      remaining.push(res.headers['x-ratelimit-remaining'] as string);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expectRefused(await login(agent, signup, '203.0.113.7'), 3, 60);
    // That is a throttle of the source: another address, and the owner's browser elsewhere, are not held up.
    expect((await login(await new Agent(app).init(), signup, '198.51.100.20')).statusCode).toBe(200);
    expect((await login(home, signup, '198.51.100.21')).statusCode).toBe(200);
  });

  test('an address that fails across accounts is refused, except for browsers known to the account', async () => {
    const app = await t.sibling({ LOGIN_IP_RATE_LIMIT: '3', LOGIN_RATE_LIMIT: '100' });
    const { signup, home } = await ownerWithBrowser(app, '198.51.100.7');
    const victims = [await registerVerified(t.app), await registerVerified(t.app), await registerVerified(t.app)];
    for (const victim of victims) {
      expect((await login(await new Agent(app).init(), wrong(victim.signup), '198.51.100.7')).statusCode).toBe(401);
    }
    expectRefused(await login(await new Agent(app).init(), signup, '198.51.100.7'), 3, FIFTEEN_MINUTES_S);
    expect((await login(home, signup, '198.51.100.7')).statusCode).toBe(200);
    expect((await login(await new Agent(app).init(), signup, '198.51.100.8')).statusCode).toBe(200);
  });

  test('a password reset ends the lock for unknown browsers (the owner proved the mailbox)', async () => {
    const app = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '2', LOGIN_RATE_LIMIT: '100' });
    const { signup } = await registerVerified(t.app);
    await lockAccount(app, signup, 2, '192.0.2');
    const laptop = await new Agent(app).init();
    expect((await login(laptop, signup, '198.18.1.1')).statusCode).toBe(429);

    expect((await laptop.post('/auth/forgot-password', { email: signup.email })).statusCode).toBe(200);
    const password = 'a-brand-new-one7';
    const reset = await laptop.post('/auth/reset-password', { token: resetToken(signup.email, t.mails), password });
    expect(reset.statusCode).toBe(200);
    expect((await login(laptop, { email: signup.email, password }, '198.18.1.1')).statusCode).toBe(200);
  });
});
