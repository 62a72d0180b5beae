/**
 * Security behaviour across modules (issue #3): brute-force limits, sessions that end server-side, and cookie
 * attributes (also behind an HTTPS proxy). The per-route rules (401, CSRF 403, cross-business 404, role 403,
 * upload 415/413) are in security-matrix.test.ts; logout replay and refresh-token rotation /
 * reuse detection are in src/modules/auth/auth.test.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ACCESS_COOKIE, API_ROOT, REFRESH_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { Agent, createTestApp, setCookieLines, type TestApp } from './helpers';
import { signUp, waitForMail, type SignedUp } from './security-helpers';

const RATE_LIMITED = { success: false, code: 'RATE_LIMITED', error: 'Too many attempts. Please try again later.' };

describe('security', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (agent: Agent, email: string, password: string, remoteAddress: string) =>
    agent.post('/auth/login', { email, password }, { remoteAddress });

  describe('brute force', () => {
    test('repeated failed sign-ins to an account from one address are limited (429), also for the right password', async () => {
      const user = await signUp(t);
      const app = await t.sibling({ LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '100' });
      const agent = await new Agent(app).init();
      for (let i = 0; i < 3; i++) {
        expect((await login(agent, user.signup.email, `wrong-password-${i}`, '203.0.113.7')).statusCode).toBe(401);
      }
      const blocked = await login(agent, user.signup.email, user.signup.password, '203.0.113.7');
      expect({ status: blocked.statusCode, body: blocked.json() }).toEqual({ status: 429, body: RATE_LIMITED });
      expect(setCookieLines(blocked).has(ACCESS_COOKIE)).toBe(false);
      // Another address is not held up by this one's attempts.
      expect((await login(agent, user.signup.email, user.signup.password, '198.51.100.20')).statusCode).toBe(200);
    });

    test('failed sign-ins to one account from many addresses are limited per account (429)', async () => {
      const victim = await signUp(t);
      const bystander = await signUp(t);
      const app = await t.sibling({ LOGIN_RATE_LIMIT: '100', LOGIN_ACCOUNT_RATE_LIMIT: '3' });
      const agent = await new Agent(app).init();
      // Three guesses from three addresses (and in another case: the account is the lower-cased e-mail).
      const guesses = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
      for (const [i, ip] of guesses.entries()) {
        const email = i === 1 ? victim.signup.email.toUpperCase() : victim.signup.email;
        expect((await login(agent, email, `guess-number-${i}`, ip)).statusCode).toBe(401);
      }
      // A fourth address gets 429 — for a wrong guess and for the right password alike (no oracle).
      const wrong = await login(agent, victim.signup.email, 'guess-number-4', '192.0.2.4');
      expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({ status: 429, body: RATE_LIMITED });
      const right = await login(agent, victim.signup.email, victim.signup.password, '192.0.2.5');
      expect({ status: right.statusCode, body: right.json() }).toEqual({ status: 429, body: RATE_LIMITED });
      expect(setCookieLines(right).has(ACCESS_COOKIE)).toBe(false);
      // Other accounts are not locked out, from the same addresses.
      const other = await login(agent, bystander.signup.email, bystander.signup.password, '192.0.2.4');
      expect(other.statusCode).toBe(200);
    });
    test('failed sign-ins from one address are limited across accounts (429), other addresses unaffected', async () => {
      const users = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
      const app = await t.sibling({ LOGIN_RATE_LIMIT: '100', LOGIN_IP_RATE_LIMIT: '3' });
      const agent = await new Agent(app).init();
      // One wrong guess against each of three accounts from one address (credential stuffing).
      for (const [i, user] of users.slice(0, 3).entries()) {
        expect((await login(agent, user.signup.email, `stuffed-${i}`, '198.51.100.7')).statusCode).toBe(401);
      }
      // That address is now refused for any account, even with the right password.
      const next = await login(agent, users[3]!.signup.email, users[3]!.signup.password, '198.51.100.7');
      expect({ status: next.statusCode, body: next.json() }).toEqual({ status: 429, body: RATE_LIMITED });
      // Another address signs the same user in.
      expect((await login(agent, users[3]!.signup.email, users[3]!.signup.password, '198.51.100.8')).statusCode).toBe(
        200,
      );
    });
  });

  describe('sessions end server-side', () => {
    /** A second sign-in of the user (another device), with its cookies captured for replay. */
    async function device(user: SignedUp) {
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/login', { email: user.signup.email, password: user.signup.password });
      expect(res.statusCode).toBe(200);
      return { agent, refreshToken: agent.cookie(REFRESH_COOKIE)!, accessToken: agent.cookie(ACCESS_COOKIE)! };
    }

    /** Replays a refresh cookie as an attacker holding it would: with a CSRF token minted for it. */
    async function replayRefresh(refreshToken: string): Promise<LightMyRequestResponse> {
      const renew = await t.app.inject({
        method: 'POST',
        url: `${API_ROOT}/auth/renew-csrf`,
        cookies: { [REFRESH_COOKIE]: refreshToken },
      });
      const xsrf = renew.json().csrfToken as string;
      return t.app.inject({
        method: 'POST',
        url: `${API_ROOT}/auth/refresh`,
        cookies: { [REFRESH_COOKIE]: refreshToken, [XSRF_COOKIE]: xsrf },
        headers: { [XSRF_HEADER]: xsrf },
      });
    }

    const bearer = (accessToken: string) =>
      t.app.inject({ method: 'GET', url: `${API_ROOT}/users/me`, headers: { authorization: `Bearer ${accessToken}` } });

    test('a password reset revokes every session: old refresh and access tokens are refused', async () => {
      const user = await signUp(t);
      const a = await device(user);
      const b = await device(user);

      const anonymous = await new Agent(t.app).init();
      expect((await anonymous.post('/auth/forgot-password', { email: user.signup.email })).statusCode).toBe(200);
      const { match } = await waitForMail(t.mails, user.signup.email, /reset-password\?token=([^\s&"<]+)/);
      const token = decodeURIComponent(match[1]!);
      const reset = await anonymous.post('/auth/reset-password', { token, password: 'brand-new-secret9' });
      expect(reset.statusCode).toBe(200);

      for (const d of [a, b]) {
        expect((await replayRefresh(d.refreshToken)).statusCode).toBe(401);
        expect((await bearer(d.accessToken)).statusCode).toBe(401);
      }
      expect((await user.agent.post('/auth/refresh')).statusCode).toBe(401);
      expect((await user.agent.get('/users/me')).statusCode).toBe(401);
      // The token is single-use; the new password works, the old one does not.
      const again = await anonymous.post('/auth/reset-password', { token, password: 'another-secret9' });
      expect(again.statusCode).toBe(400);
      const fresh = await new Agent(t.app).init();
      expect((await fresh.post('/auth/login', { ...user.signup, password: 'brand-new-secret9' })).statusCode).toBe(200);
      expect((await fresh.post('/auth/login', user.signup)).statusCode).toBe(401);
    });

    test('an Authorization-header client gets its answer without a CSRF cookie; a cookie-less browser gets one', async () => {
      const user = await signUp(t);
      const { accessToken } = await device(user);
      const api = await bearer(accessToken);
      expect(api.statusCode).toBe(200);
      expect(setCookieLines(api).has(XSRF_COOKIE)).toBe(false);
      const browser = await t.app.inject({ method: 'GET', url: `${API_ROOT}/auth/csrf` });
      expect(setCookieLines(browser).has(XSRF_COOKIE)).toBe(true);
      // Unsafe methods still need the double-submit pair, whatever authenticates the request.
      const post = await t.app.inject({
        method: 'POST',
        url: `${API_ROOT}/contacts`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { firstName: 'Ada', email: 'ada@example.com' },
      });
      expect(post.statusCode).toBe(403);
      expect(post.json().code).toBe('CSRF_INVALID');
    });

    test('changing the password signs out the other sessions, not the current one', async () => {
      const user = await signUp(t);
      const other = await device(user);
      const res = await user.agent.post('/users/me/password', {
        currentPassword: user.signup.password,
        newPassword: 'changed-secret-7',
      });
      expect(res.statusCode).toBe(200);
      expect((await replayRefresh(other.refreshToken)).statusCode).toBe(401);
      expect((await bearer(other.accessToken)).statusCode).toBe(401);
      expect((await user.agent.get('/users/me')).statusCode).toBe(200);
      expect((await user.agent.post('/auth/refresh')).statusCode).toBe(200);
    });

    test('revoking a session (one, or all others) kills its refresh token', async () => {
      const user = await signUp(t);
      const one = await device(user);
      const two = await device(user);
      const sessions = (await one.agent.get('/users/me/sessions')).json().data as { id: string; current: boolean }[];
      const oneId = sessions.find((s) => s.current)!.id;
      expect((await user.agent.delete(`/users/me/sessions/${oneId}`)).statusCode).toBe(200);
      expect((await replayRefresh(one.refreshToken)).statusCode).toBe(401);
      expect((await replayRefresh(two.refreshToken)).statusCode).toBe(200);

      const rotated = await device(user);
      expect((await user.agent.post('/users/me/sessions/revoke-others')).statusCode).toBe(200);
      expect((await replayRefresh(rotated.refreshToken)).statusCode).toBe(401);
      expect((await user.agent.post('/auth/refresh')).statusCode).toBe(200);
    });
  });

  describe('cookies', () => {
    const SESSION = [ACCESS_COOKIE, REFRESH_COOKIE];

    /** Signs in on `app` (the account lives in the shared database) and refreshes and signs out. */
    async function flow(app: TestApp['app'], user: SignedUp, headers: Record<string, string> = {}) {
      const agent = await new Agent(app).init();
      const login = await agent.post('/auth/login', user.signup, { headers });
      expect(login.statusCode).toBe(200);
      const refresh = await agent.post('/auth/refresh', undefined, { headers });
      expect(refresh.statusCode).toBe(200);
      const renew = await agent.post('/auth/renew-csrf', undefined, { headers, csrf: false });
      const logout = await agent.post('/auth/logout', undefined, { headers });
      expect(logout.statusCode).toBe(200);
      return { login, refresh, renew, logout };
    }

    const attrs = (line: string | undefined) => {
      expect(line).toBeDefined();
      const parts = line!.split(';').map((p) => p.trim().toLowerCase());
      return {
        httpOnly: parts.includes('httponly'),
        secure: parts.includes('secure'),
        sameSite: parts.find((p) => p.startsWith('samesite='))?.slice('samesite='.length),
        path: parts.find((p) => p.startsWith('path='))?.slice('path='.length),
      };
    };

    function expectCookies(res: LightMyRequestResponse, names: string[], secure: boolean) {
      const lines = setCookieLines(res);
      for (const name of names) {
        const a = attrs(lines.get(name));
        const expected = {
          httpOnly: name !== XSRF_COOKIE,
          secure,
          sameSite: 'lax',
          path: name === REFRESH_COOKIE ? `${API_ROOT}/auth` : '/',
        };
        expect({ name, ...a }).toEqual({ name, ...expected });
      }
    }

    test('session cookies are HttpOnly, SameSite=Lax, scoped; the xsrf cookie is readable by scripts', async () => {
      const user = await signUp(t);
      const { login, refresh, renew, logout } = await flow(t.app, user);
      expectCookies(login, [...SESSION, XSRF_COOKIE], false);
      expectCookies(refresh, [...SESSION, XSRF_COOKIE], false);
      expectCookies(renew, [XSRF_COOKIE], false);
      expectCookies(logout, [...SESSION, XSRF_COOKIE], false);
    });

    test('COOKIE_SECURE=true marks every cookie Secure', async () => {
      const user = await signUp(t);
      const app = await t.sibling({ COOKIE_SECURE: 'true' });
      const { login, refresh, renew, logout } = await flow(app, user);
      expectCookies(login, [...SESSION, XSRF_COOKIE], true);
      expectCookies(refresh, [...SESSION, XSRF_COOKIE], true);
      expectCookies(renew, [XSRF_COOKIE], true);
      expectCookies(logout, [...SESSION, XSRF_COOKIE], true);
    });

    test('behind a trusted proxy, a request that came over https gets Secure cookies', async () => {
      const user = await signUp(t);
      const app = await t.sibling({ TRUST_PROXY: 'true' });
      const https = { 'x-forwarded-proto': 'https' };
      const { login, refresh, renew, logout } = await flow(app, user, https);
      expectCookies(login, [...SESSION, XSRF_COOKIE], true);
      expectCookies(refresh, [...SESSION, XSRF_COOKIE], true);
      expectCookies(renew, [XSRF_COOKIE], true);
      expectCookies(logout, [...SESSION, XSRF_COOKIE], true);

      // A business switch re-issues the access cookie: Secure too.
      const agent = await new Agent(app).init();
      expect((await agent.post('/auth/login', user.signup, { headers: https })).statusCode).toBe(200);
      const created = await agent.post('/businesses', { name: 'Proxy Co' }, { headers: https });
      expect(created.statusCode).toBe(201);
      const switched = await agent.post(`/businesses/${created.json().data._id}/switch`, undefined, {
        headers: https,
      });
      expect(switched.statusCode).toBe(200);
      expectCookies(switched, [ACCESS_COOKIE], true);

      // Plain http through the same proxy stays as configured (not Secure).
      const plain = await flow(app, user, { 'x-forwarded-proto': 'http' });
      expectCookies(plain.login, [...SESSION, XSRF_COOKIE], false);
    });

    test('without TRUST_PROXY a client-sent X-Forwarded-Proto changes nothing', async () => {
      const user = await signUp(t);
      const { login } = await flow(t.app, user, { 'x-forwarded-proto': 'https' });
      expectCookies(login, [...SESSION, XSRF_COOKIE], false);
    });
  });
});
