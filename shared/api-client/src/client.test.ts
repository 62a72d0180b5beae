/**
 * Transport rules of the shared client against a real local HTTP server:
 * CSRF header (spec 7), 401 refresh-and-replay and session expiry (spec 4 and 8), timeouts (spec 7).
 */
import {
  API_TIMEOUT_MS,
  AUTO_LOGIN_TIMEOUT_MS,
  MESSAGES,
  STORAGE_KEYS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import { ApiError } from './api-error';
import { createApiClient, type ClientOptions } from './client';
import { session } from './session';
import { installLocalStorage, sampleUser, startServer, type TestServer } from './test-server';

let server: TestServer;
let cookie: string | null;
let storage: Map<string, string>;
const cookieReads: string[] = [];

function client(extra: ClientOptions = {}) {
  return createApiClient({
    baseUrl: server.url,
    readCookie: (name) => {
      cookieReads.push(name);
      return cookie;
    },
    ...extra,
  });
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
}

const order = () => server.requests.map((r) => `${r.method} ${r.path}`);

beforeAll(async () => {
  server = await startServer();
  storage = installLocalStorage();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  cookie = 'cookie-token';
  cookieReads.length = 0;
  storage.clear();
  session.status = 'unknown';
  session.user = null;
});

describe('CSRF header on non-GET requests', () => {
  it('sends no x-xsrf-token on GET even when a token is known', async () => {
    server.on('GET', 'contacts', { body: { data: [] }, headers: { [XSRF_HEADER]: 'hdr-token' } });
    const api = client();
    await api.get('contacts');
    await api.get('contacts');
    expect(server.requests).toHaveLength(2);
    for (const r of server.requests) expect(r.headers[XSRF_HEADER]).toBeUndefined();
  });

  it('takes the token from the atrium_xsrf cookie when no response has carried one', async () => {
    const api = client();
    await api.post('contacts', { firstName: 'A' });
    expect(cookieReads).toContain(XSRF_COOKIE);
    expect(XSRF_COOKIE).toBe('atrium_xsrf');
    expect(order()).toEqual(['POST contacts']);
    expect(server.requests[0]?.headers[XSRF_HEADER]).toBe('cookie-token');
  });

  it('prefers the x-xsrf-token of the last response over the cookie, on every non-GET method', async () => {
    server.on('GET', 'me', { body: {}, headers: { [XSRF_HEADER]: 'hdr-1' } });
    const api = client();
    await api.get('me');
    await api.post('a', { x: 1 });
    await api.put('b', { x: 1 });
    await api.patch('c', { x: 1 });
    await api.delete('d');
    const sent = server.requests.slice(1).map((r) => [r.method, r.headers[XSRF_HEADER]]);
    expect(sent).toEqual([
      ['POST', 'hdr-1'],
      ['PUT', 'hdr-1'],
      ['PATCH', 'hdr-1'],
      ['DELETE', 'hdr-1'],
    ]);
  });

  it('follows the newest header when a later response rotates the token (error responses included)', async () => {
    server.on('GET', 'one', { body: {}, headers: { [XSRF_HEADER]: 'hdr-1' } });
    server.on('GET', 'two', {
      status: 404,
      body: { code: 'NOT_FOUND', error: 'x' },
      headers: { [XSRF_HEADER]: 'hdr-2' },
    });
    const api = client();
    await api.get('one');
    await api.post('a');
    await caught(api.get('two'));
    await api.post('b');
    expect(server.calls('POST', 'a')[0]?.headers[XSRF_HEADER]).toBe('hdr-1');
    expect(server.calls('POST', 'b')[0]?.headers[XSRF_HEADER]).toBe('hdr-2');
  });

  it('with neither header nor cookie, first calls POST auth/renew-csrf and uses the token it returns', async () => {
    cookie = null;
    server.on('POST', 'auth/renew-csrf', { body: { success: true }, headers: { [XSRF_HEADER]: 'renewed' } });
    const api = client();
    const out = await api.post<{ success: boolean }>('contacts', { firstName: 'A' });
    expect(out).toEqual({ success: true });
    expect(order()).toEqual(['POST auth/renew-csrf', 'POST contacts']);
    expect(server.requests[0]?.headers[XSRF_HEADER]).toBeUndefined();
    expect(server.requests[1]?.headers[XSRF_HEADER]).toBe('renewed');
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ firstName: 'A' });
  });

  it('also accepts the renewed token from the renew-csrf body (csrfToken) and renews only once', async () => {
    cookie = null;
    server.on('POST', 'auth/renew-csrf', { body: { csrfToken: 'from-body' } });
    const api = client();
    await api.post('a');
    await api.delete('b');
    expect(order()).toEqual(['POST auth/renew-csrf', 'POST a', 'DELETE b']);
    expect(server.requests[1]?.headers[XSRF_HEADER]).toBe('from-body');
    expect(server.requests[2]?.headers[XSRF_HEADER]).toBe('from-body');
  });

  it('does not renew before a GET when no token exists', async () => {
    cookie = null;
    await client().get('contacts');
    expect(order()).toEqual(['GET contacts']);
  });
});

describe('401: one refresh, then replay', () => {
  it('refreshes exactly once and returns the replayed result', async () => {
    server.on('GET', 'projects', (_r, nth) =>
      nth === 1 ? { status: 401, body: { code: 'UNAUTHORIZED', error: 'expired' } } : { body: { data: ['p1'] } },
    );
    server.on('POST', 'auth/refresh', { body: { success: true } });
    const out = await client().get<{ data: string[] }>('projects', { page: 2 });
    expect(out).toEqual({ data: ['p1'] });
    expect(order()).toEqual(['GET projects', 'POST auth/refresh', 'GET projects']);
    expect(server.requests[2]?.query).toBe('page=2');
  });

  it('replays a non-GET with the same body and the CSRF header', async () => {
    server.on('POST', 'tasks', (_r, nth) =>
      nth === 1 ? { status: 401, body: {} } : { status: 201, body: { data: { id: 't1' } } },
    );
    const out = await client().post('tasks', { title: 'Write tests' });
    expect(out).toEqual({ data: { id: 't1' } });
    const tasks = server.calls('POST', 'tasks');
    expect(tasks).toHaveLength(2);
    expect(tasks.map((t) => JSON.parse(t.body))).toEqual([{ title: 'Write tests' }, { title: 'Write tests' }]);
    expect(tasks[1]?.headers[XSRF_HEADER]).toBe('cookie-token');
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(1);
  });

  it('two concurrent 401 calls share ONE refresh in flight', async () => {
    server.on('GET', 'a', (_r, nth) => (nth === 1 ? { status: 401 } : { body: { v: 'a' } }));
    server.on('GET', 'b', (_r, nth) => (nth === 1 ? { status: 401 } : { body: { v: 'b' } }));
    server.on('POST', 'auth/refresh', { body: { success: true }, delayMs: 150 });
    const api = client();
    const [a, b] = await Promise.all([api.get('a'), api.get('b')]);
    expect(a).toEqual({ v: 'a' });
    expect(b).toEqual({ v: 'b' });
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(1);
    expect(server.calls('GET', 'a')).toHaveLength(2);
    expect(server.calls('GET', 'b')).toHaveLength(2);
  });

  it('a replay that is 401 again does not refresh a second time', async () => {
    server.on('GET', 'projects', { status: 401 });
    const err = await caught(client().get('projects'));
    expect(err.code).toBe('AUTH_FAILED');
    expect(order()).toEqual(['GET projects', 'POST auth/refresh', 'GET projects']);
  });
});

describe('refresh failure expires the session', () => {
  function seedSignedIn() {
    storage.set(STORAGE_KEYS.token, 'cookie-session');
    storage.set(STORAGE_KEYS.authTokenTimestamp, '1');
    storage.set(STORAGE_KEYS.lastActivity, '2');
    storage.set(STORAGE_KEYS.darkMode, 'true');
    session.status = 'authenticated';
    session.user = sampleUser;
  }

  it('throws AUTH_FAILED, emits auth:session-expired, clears the storage keys and the session', async () => {
    seedSignedIn();
    server.on('GET', 'projects', { status: 401, body: { code: 'UNAUTHORIZED', error: 'expired' } });
    server.on('POST', 'auth/refresh', { status: 401, body: { success: false } });
    const events: { message: string }[] = [];
    const sub = bus.on('auth:session-expired').subscribe((e) => events.push(e));
    try {
      const err = await caught(client().get('projects'));
      expect(err).toMatchObject({ status: 401, code: 'AUTH_FAILED', message: 'Authentication failed' });
      expect(err.message).toBe(MESSAGES.authFailed);
    } finally {
      sub.unsubscribe();
    }
    expect(events).toEqual([{ message: 'Session expired. Please sign in again.' }]);
    expect(storage.has('token')).toBe(false);
    expect(storage.has('authTokenTimestamp')).toBe(false);
    expect(storage.has('lastActivity')).toBe(false);
    expect(storage.get('darkMode')).toBe('true');
    expect(session.status).toBe('anonymous');
    expect(session.user).toBeNull();
    expect(order()).toEqual(['GET projects', 'POST auth/refresh']);
  });

  it('a refresh that cannot reach the server (timeout) also expires the session', async () => {
    seedSignedIn();
    server.on('GET', 'projects', { status: 401 });
    server.on('POST', 'auth/refresh', { body: { success: true }, delayMs: 400 });
    const events: unknown[] = [];
    const sub = bus.on('auth:session-expired').subscribe((e) => events.push(e));
    const err = await caught(client({ timeoutMs: 80 }).get('projects')).finally(() => sub.unsubscribe());
    expect(err.code).toBe('AUTH_FAILED');
    expect(events).toHaveLength(1);
    expect(session.status).toBe('anonymous');
    expect(storage.has('token')).toBe(false);
  });

  it('a successful call while signed in updates lastActivity', async () => {
    seedSignedIn();
    await client().get('contacts');
    expect(Number(storage.get('lastActivity'))).toBeGreaterThan(2);
  });
});

describe('timeouts', () => {
  it('a slow endpoint past timeoutMs gives NETWORK_ERROR with the timeout message', async () => {
    server.on('GET', 'slow', { body: { ok: true }, delayMs: 400 });
    const started = Date.now();
    const err = await caught(client({ timeoutMs: 80 }).get('slow'));
    expect(Date.now() - started).toBeLessThan(350);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: MESSAGES.requestTimedOut });
    expect(err.message).toBe('Request timed out. Please check your connection and try again.');
  });

  it('a per-request timeout overrides the client one', async () => {
    server.on('GET', 'slow', { body: { ok: true }, delayMs: 200 });
    const api = client({ timeoutMs: 80 });
    await expect(api.get('slow', undefined, { timeout: 2000 })).resolves.toEqual({ ok: true });
    const err = await caught(
      createApiClient({ baseUrl: server.url, readCookie: () => cookie }).get('slow', undefined, { timeout: 50 }),
    );
    expect(err.code).toBe('NETWORK_ERROR');
  });

  it('the default timeout is API_TIMEOUT_MS (10 s) and auto-login defaults to AUTO_LOGIN_TIMEOUT_MS (5 s)', async () => {
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(AUTO_LOGIN_TIMEOUT_MS).toBe(5_000);
    server.on('GET', 'slow', { body: { ok: true }, delayMs: 250 });
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser } });
    const spy = jest.spyOn(globalThis, 'setTimeout');
    try {
      const api = client();
      // A default client waits well beyond a short delay...
      await expect(api.get('slow')).resolves.toEqual({ ok: true });
      // ...because ky armed its timer with the default.
      const delays = spy.mock.calls.map((c) => c[1]);
      expect(delays).toContain(API_TIMEOUT_MS);
      spy.mockClear();
      await api.auth.autoLogin();
      expect(spy.mock.calls.map((c) => c[1])).toContain(AUTO_LOGIN_TIMEOUT_MS);
      expect(spy.mock.calls.map((c) => c[1])).not.toContain(API_TIMEOUT_MS);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('auto-login forced stop (spec: home route stops after 3 s)', () => {
  it('an attempt given stopAfterMs gives up then and clears the session; a longer one is capped at the auto-login timeout', async () => {
    server.on('POST', 'auth/auto-login', { body: { success: true, user: sampleUser }, delayMs: 400 });
    const api = client();
    await expect(api.auth.autoLogin({ stopAfterMs: 50 })).resolves.toBeNull();
    expect(session.status).toBe('anonymous');
    const spy = jest.spyOn(globalThis, 'setTimeout');
    try {
      await expect(api.auth.autoLogin({ stopAfterMs: 60_000 })).resolves.toEqual(sampleUser);
      expect(spy.mock.calls.map((c) => c[1])).toContain(AUTO_LOGIN_TIMEOUT_MS);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('requests', () => {
  it('sends to the API root, drops empty query values and a leading slash, and parses JSON', async () => {
    server.on('GET', 'contacts', { body: { data: [1, 2] } });
    const out = await client().get('/contacts', { page: 1, q: '', status: undefined, tag: null, active: true });
    expect(out).toEqual({ data: [1, 2] });
    expect(server.requests[0]?.path).toBe('contacts');
    expect(server.requests[0]?.query).toBe('page=1&active=true');
  });

  it('resolves an empty 204 body to undefined', async () => {
    server.on('DELETE', 'contacts/1', { status: 204 });
    await expect(client().delete('contacts/1')).resolves.toBeUndefined();
  });
});

describe('reporting (spec §8): 5xx and 429 go to the bus for the error reporting', () => {
  it('a 5xx and a 429 are announced with status, code, message, method and path; a 4xx and quiet ones are not', async () => {
    const seen: unknown[] = [];
    const sub = bus.on('api:failure').subscribe((e) => seen.push(e));
    try {
      server.on('GET', 'projects', { status: 500, body: { success: false, code: 'INTERNAL_ERROR', error: 'boom' } });
      server.on('POST', 'contacts', { status: 429, body: { code: 'RATE_LIMITED', error: 'Too many attempts' } });
      server.on('GET', 'contacts/c1', { status: 404, body: { code: 'NOT_FOUND', error: 'Contact not found' } });
      server.on('GET', 'stripe/account-status', { status: 500, body: { code: 'INTERNAL_ERROR', error: 'x' } });
      const api = client();
      await caught(api.get('projects', { search: 'private words' }));
      await caught(api.post('contacts', { firstName: 'A' }));
      await caught(api.get('contacts/c1'));
      await caught(api.get('stripe/account-status'));
      expect(seen).toEqual([
        { status: 500, code: 'INTERNAL_ERROR', message: 'boom', method: 'GET', path: 'projects' },
        { status: 429, code: 'RATE_LIMITED', message: 'Too many attempts', method: 'POST', path: 'contacts' },
      ]);
    } finally {
      sub.unsubscribe();
    }
  });
});
