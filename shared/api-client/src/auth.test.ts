/** Auth calls (spec 8 "Auth messages", spec 4 "Session") against a real local HTTP server. */
import { MESSAGES, STORAGE_KEYS, XSRF_HEADER } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import { ApiError } from './api-error';
import { createApiClient, type ClientOptions } from './client';
import { session } from './session';
import { installLocalStorage, sampleUser, startServer, type TestServer } from './test-server';

let server: TestServer;
let cookie: string | null;
let storage: Map<string, string>;

const client = (extra: ClientOptions = {}) =>
  createApiClient({ baseUrl: server.url, readCookie: () => cookie, ...extra });
const order = () => server.requests.map((r) => `${r.method} ${r.path}`);
const creds = { email: 'ada@example.com', password: 'wrong-pass1' };

beforeAll(async () => {
  server = await startServer();
  storage = installLocalStorage();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  cookie = 'cookie-token';
  storage.clear();
  session.status = 'unknown';
  session.user = null;
});

describe('auth.login', () => {
  it('a 401 on auth/login does not refresh and resolves LOGIN_FAILED with the server message', async () => {
    server.on('POST', 'auth/login', {
      status: 401,
      body: { success: false, code: 'LOGIN_FAILED', error: 'Wrong email or password' },
    });
    const out = await client().auth.login(creds);
    expect(out).toEqual({ success: false, code: 'LOGIN_FAILED', error: 'Wrong email or password' });
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
    expect(order()).toEqual(['POST auth/login']);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ rememberMe: true, ...creds });
    expect(server.requests[0]?.headers[XSRF_HEADER]).toBe('cookie-token');
  });

  it("falls back to 'Invalid credentials' when the server gives no message", async () => {
    server.on('POST', 'auth/login', { status: 401, body: { success: false } });
    await expect(client().auth.login(creds)).resolves.toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      error: 'Invalid credentials',
    });
    server.on('POST', 'auth/login', { status: 401 });
    await expect(client().auth.login(creds)).resolves.toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      error: MESSAGES.invalidCredentials,
    });
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
  });

  it('a login timeout resolves with the timeout message', async () => {
    server.on('POST', 'auth/login', { body: { success: true, user: sampleUser }, delayMs: 400 });
    const out = await client({ timeoutMs: 80 }).auth.login(creds);
    expect(out).toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      error: 'Request timed out. Please check your connection and try again.',
    });
    expect(session.status).not.toBe('authenticated');
  });

  it("a 200 without a user resolves 'Invalid response from server'", async () => {
    server.on('POST', 'auth/login', { body: { success: true } });
    await expect(client().auth.login(creds)).resolves.toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      error: 'Invalid response from server',
    });
    server.on('POST', 'auth/login', { body: 'not json' });
    await expect(client().auth.login(creds)).resolves.toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      error: MESSAGES.invalidResponse,
    });
    expect(session.status).toBe('unknown');
  });

  it('passes EMAIL_NOT_VERIFIED through as its own code', async () => {
    server.on('POST', 'auth/login', {
      status: 403,
      body: { success: false, code: 'EMAIL_NOT_VERIFIED', error: 'Please verify your email' },
    });
    const out = await client().auth.login(creds);
    expect(out).toEqual({ success: false, code: 'EMAIL_NOT_VERIFIED', error: 'Please verify your email' });
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(0);
  });

  it('on success signs in, renews the CSRF token and announces auth:signed-in', async () => {
    server.on('POST', 'auth/login', { body: { success: true, user: sampleUser } });
    server.on('POST', 'auth/renew-csrf', { body: {}, headers: { [XSRF_HEADER]: 'post-login' } });
    const signedIn: unknown[] = [];
    const sub = bus.on('auth:signed-in').subscribe((e) => signedIn.push(e));
    const api = client();
    const out = await api.auth.login(creds).finally(() => sub.unsubscribe());
    expect(out).toEqual({ success: true, user: sampleUser });
    expect(signedIn).toEqual([{ userId: 'u1' }]);
    expect(session).toMatchObject({ status: 'authenticated', user: sampleUser });
    expect(storage.get(STORAGE_KEYS.token)).toBe('cookie-session');
    expect(storage.has(STORAGE_KEYS.authTokenTimestamp)).toBe(true);
    expect(storage.has(STORAGE_KEYS.lastActivity)).toBe(true);
    expect(order()).toEqual(['POST auth/login', 'POST auth/renew-csrf']);
    await api.post('contacts', {});
    expect(server.calls('POST', 'contacts')[0]?.headers[XSRF_HEADER]).toBe('post-login');
  });

  it('renews the CSRF token before login when none is known', async () => {
    cookie = null;
    server.on('POST', 'auth/renew-csrf', { body: {}, headers: { [XSRF_HEADER]: 'pre-login' } });
    server.on('POST', 'auth/login', { status: 401, body: { success: false, error: 'nope' } });
    await client().auth.login(creds);
    expect(order()).toEqual(['POST auth/renew-csrf', 'POST auth/login']);
    expect(server.calls('POST', 'auth/login')[0]?.headers[XSRF_HEADER]).toBe('pre-login');
  });

  it('a generic request to auth/login that answers 401 is thrown, not refreshed', async () => {
    server.on('POST', 'auth/login', { status: 401, body: { code: 'LOGIN_FAILED', error: 'bad' } });
    await expect(client().post('auth/login', creds)).rejects.toMatchObject({
      status: 401,
      code: 'LOGIN_FAILED',
      message: 'bad',
    });
    expect(order()).toEqual(['POST auth/login']);
  });
});

describe('auth.autoLogin', () => {
  it('sets the session on success', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser } });
    const user = await client().auth.autoLogin();
    expect(user).toEqual(sampleUser);
    expect(session).toMatchObject({ status: 'authenticated', user: sampleUser });
    expect(storage.get(STORAGE_KEYS.token)).toBe('cookie-session');
  });

  it('clears the session on failure', async () => {
    session.status = 'authenticated';
    session.user = sampleUser;
    storage.set(STORAGE_KEYS.token, 'cookie-session');
    storage.set(STORAGE_KEYS.lastActivity, '1');
    server.on('POST', 'auth/auto-login', { status: 401, body: { success: false, error: 'no session' } });
    await expect(client().auth.autoLogin()).resolves.toBeNull();
    expect(session).toMatchObject({ status: 'anonymous', user: null });
    expect(storage.has(STORAGE_KEYS.token)).toBe(false);
    expect(storage.has(STORAGE_KEYS.lastActivity)).toBe(false);
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
  });

  it('a 200 without a user counts as a failure', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true } });
    await expect(client().auth.autoLogin()).resolves.toBeNull();
    expect(session.status).toBe('anonymous');
  });

  it('uses its own (5 s by default) timeout, shorter than the normal one', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser }, delayMs: 300 });
    server.on('GET', 'slow', { body: { ok: true }, delayMs: 300 });
    const api = client({ timeoutMs: 3000, autoLoginTimeoutMs: 80 });
    const started = Date.now();
    await expect(api.auth.autoLogin()).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(280);
    expect(session.status).toBe('anonymous');
    // The same delay is fine for a normal call: the short timeout is auto-login's own.
    await expect(api.get('slow')).resolves.toEqual({ ok: true });
  });

  it('concurrent calls share one request', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser }, delayMs: 100 });
    const api = client();
    const results = await Promise.all([api.auth.autoLogin(), api.auth.autoLogin(), api.auth.autoLogin()]);
    expect(results).toEqual([sampleUser, sampleUser, sampleUser]);
    expect(server.calls('POST', 'auth/auto-login')).toHaveLength(1);
    // Once settled, a later call asks again.
    await api.auth.autoLogin();
    expect(server.calls('POST', 'auth/auto-login')).toHaveLength(2);
  });

  it('never runs at the same time as a refresh, and still resolves to a user or null', async () => {
    server.on('GET', 'projects', (_r, nth) => (nth === 1 ? { status: 401 } : { body: { data: [] } }));
    server.on('POST', 'auth/refresh', { body: { success: true }, delayMs: 150 });
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser } });
    const api = client();
    const call = api.get('projects');
    // Let the 401 arrive and the refresh start.
    await new Promise((r) => setTimeout(r, 60));
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(1);
    const user = await api.auth.autoLogin();
    await expect(call).resolves.toEqual({ data: [] });
    expect(user).toEqual(sampleUser);
    expect(session.status).toBe('authenticated');
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(1);
    // The auto-login began only once the refresh had answered.
    const names = order();
    expect(names.indexOf('POST auth/auto-login')).toBeGreaterThan(names.indexOf('POST auth/refresh'));
  });
  it('a 401 during an auto-login takes the auto-login outcome instead of starting a refresh beside it', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser }, delayMs: 150 });
    server.on('GET', 'projects', (_r, nth) => (nth === 1 ? { status: 401 } : { body: { data: ['p'] } }));
    const api = client();
    const auto = api.auth.autoLogin();
    await new Promise((r) => setTimeout(r, 30));
    await expect(api.get('projects')).resolves.toEqual({ data: ['p'] });
    await expect(auto).resolves.toEqual(sampleUser);
    expect(order()).toEqual(['POST auth/auto-login', 'GET projects', 'GET projects']);
  });

  it('a 401 during a failing auto-login expires the session without a refresh beside it', async () => {
    server.on('POST', 'auth/auto-login', { status: 401, body: { success: false }, delayMs: 150 });
    server.on('GET', 'projects', { status: 401 });
    const api = client();
    const auto = api.auth.autoLogin();
    await new Promise((r) => setTimeout(r, 30));
    await expect(api.get('projects')).rejects.toMatchObject({ status: 401, code: 'AUTH_FAILED' });
    await expect(auto).resolves.toBeNull();
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
  });
});

describe('auth.logout', () => {
  it('clears the session, forgets the CSRF token and announces auth:signed-out even if the call fails', async () => {
    session.status = 'authenticated';
    session.user = sampleUser;
    storage.set(STORAGE_KEYS.token, 'cookie-session');
    server.on('GET', 'me', { body: {}, headers: { [XSRF_HEADER]: 'hdr' } });
    server.on('POST', 'auth/logout', { status: 500, body: { code: 'INTERNAL_ERROR', error: 'boom' } });
    const out: unknown[] = [];
    const sub = bus.on('auth:signed-out').subscribe((e) => out.push(e));
    const api = client();
    await api.get('me');
    await api.auth.logout().finally(() => sub.unsubscribe());
    expect(out).toEqual([{}]);
    expect(session).toMatchObject({ status: 'anonymous', user: null });
    expect(storage.has(STORAGE_KEYS.token)).toBe(false);
    await api.post('x');
    expect(server.calls('POST', 'x')[0]?.headers[XSRF_HEADER]).toBe('cookie-token');
  });

  it('waits for an auto-login already on its way, so its answer cannot open the session again after the sign-out', async () => {
    session.status = 'authenticated';
    session.user = sampleUser;
    server.on('POST', 'auth/auto-login', { delayMs: 80, body: { success: true, user: sampleUser } });
    server.on('POST', 'auth/logout', { body: { success: true } });
    const api = client();
    const auto = api.auth.autoLogin();
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([auto, api.auth.logout()]);
    expect(session).toMatchObject({ status: 'anonymous', user: null });

    // An auto-login asked for while a sign-out is on its way runs after it.
    server.on('POST', 'auth/logout', { delayMs: 80, body: { success: true } });
    server.on('POST', 'auth/auto-login', { status: 401, body: { success: false } });
    const out = api.auth.logout();
    await new Promise((r) => setTimeout(r, 10));
    const after = api.auth.autoLogin();
    await out;
    expect(server.calls('POST', 'auth/auto-login')).toHaveLength(1);
    await expect(after).resolves.toBeNull();
    expect(order()).toEqual(['POST auth/auto-login', 'POST auth/logout', 'POST auth/logout', 'POST auth/auto-login']);
    expect(session).toMatchObject({ status: 'anonymous', user: null });
  });
});

describe('auth.register', () => {
  it('throws the validation error with its field details', async () => {
    const details = [{ field: 'email', message: 'Email is invalid' }];
    server.on('POST', 'auth/register', {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: 'Invalid data', details },
    });
    const err = await client()
      .auth.register({ firstName: 'A', lastName: 'B', email: 'x', password: 'abcdefg1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid data', data: details });
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
  });

  it('an unverified account opens no session: answers where to verify', async () => {
    server.on('POST', 'auth/register', {
      status: 201,
      body: { success: true, requiresVerification: true, email: 'ada@example.com' },
    });
    const signedIn: unknown[] = [];
    const sub = bus.on('auth:signed-in').subscribe((e) => signedIn.push(e));
    const out = await client()
      .auth.register({ firstName: 'Ada', lastName: 'L', email: 'Ada@Example.com', password: 'abcdefg1' })
      .finally(() => sub.unsubscribe());
    expect(out).toEqual({ requiresVerification: true, email: 'ada@example.com' });
    expect(session.status).toBe('unknown');
    expect(signedIn).toEqual([]);
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(0);
  });

  it('a server that signs the user in straight away is followed', async () => {
    server.on('POST', 'auth/register', { status: 201, body: { success: true, user: sampleUser } });
    const out = await client().auth.register({
      firstName: 'Ada',
      lastName: 'L',
      email: 'x@y.co',
      password: 'abcdefg1',
    });
    expect(out).toEqual({ requiresVerification: false, email: sampleUser.email, user: sampleUser });
    expect(session).toMatchObject({ status: 'authenticated', user: sampleUser });
  });
});

describe('refresh across tabs', () => {
  it('runs refresh inside the atrium-session-refresh Web Lock when the browser has one', async () => {
    const held: string[] = [];
    const request = jest.fn(async (name: string, fn: () => Promise<unknown>) => {
      held.push(name);
      return fn();
    });
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { locks: { request } }, configurable: true });
    try {
      const { createApiClient } = await import('./client');
      const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', readCookie: () => null });
      await expect(client.auth.refresh()).resolves.toBe(false);
      expect(held).toEqual(['atrium-session-refresh']);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
