/** 403 CSRF renewal and its circuit breaker (spec 8 "Transport rules"). */
import { CSRF_RENEWAL_LIMIT, CSRF_RENEWAL_WINDOW_MS, XSRF_HEADER } from '@atrium/contracts';
import { ApiError } from './api-error';
import { CircuitBreaker } from './circuit-breaker';
import { createApiClient } from './client';
import { startServer, type TestServer } from './test-server';

let server: TestServer;
let clock = 1_000_000;
const now = () => clock;
const client = () => createApiClient({ baseUrl: server.url, readCookie: () => 'cookie-token', now });
const order = () => server.requests.map((r) => `${r.method} ${r.path}`);
const csrf403 = { status: 403, body: { success: false, code: 'CSRF_INVALID', error: 'Invalid CSRF token' } };

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  clock = 1_000_000;
});

describe('CircuitBreaker', () => {
  it('allows `limit` acquisitions inside the window, then refuses until the oldest leaves it', () => {
    let t = 0;
    const b = new CircuitBreaker(3, 60_000, () => t);
    expect([b.tryAcquire(), b.tryAcquire(), b.tryAcquire()]).toEqual([true, true, true]);
    expect(b.tryAcquire()).toBe(false);
    t = 59_999;
    expect(b.tryAcquire()).toBe(false);
    t = 60_000;
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false);
  });

  it('is a sliding window', () => {
    let t = 0;
    const b = new CircuitBreaker(3, 60_000, () => t);
    b.tryAcquire();
    t = 30_000;
    b.tryAcquire();
    b.tryAcquire();
    t = 60_000; // the first stamp left the window, the other two did not
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false);
  });

  it('uses the spec limits: 3 renewals within 60 s', () => {
    expect(CSRF_RENEWAL_LIMIT).toBe(3);
    expect(CSRF_RENEWAL_WINDOW_MS).toBe(60_000);
  });
});

describe('403 CSRF renewal', () => {
  it('renews through POST auth/renew-csrf and retries once with the new token', async () => {
    server.on('POST', 'contacts', (_r, nth) => (nth === 1 ? csrf403 : { status: 201, body: { data: { id: 'c1' } } }));
    server.on('POST', 'auth/renew-csrf', { body: { success: true }, headers: { [XSRF_HEADER]: 'renewed' } });
    const out = await client().post('contacts', { firstName: 'A' });
    expect(out).toEqual({ data: { id: 'c1' } });
    expect(order()).toEqual(['POST contacts', 'POST auth/renew-csrf', 'POST contacts']);
    const [first, second] = server.calls('POST', 'contacts');
    expect(first?.headers[XSRF_HEADER]).toBe('cookie-token');
    expect(second?.headers[XSRF_HEADER]).toBe('renewed');
    expect(second?.body).toBe(JSON.stringify({ firstName: 'A' }));
  });

  it('recognises XSRF in the message too, case-insensitively', async () => {
    server.on('DELETE', 'notes/1', (_r, nth) =>
      nth === 1 ? { status: 403, body: { code: 'FORBIDDEN', error: 'xsrf token mismatch' } } : { status: 204 },
    );
    await expect(client().delete('notes/1')).resolves.toBeUndefined();
    expect(order()).toEqual(['DELETE notes/1', 'POST auth/renew-csrf', 'DELETE notes/1']);
  });

  it('throws a second CSRF 403 instead of retrying again', async () => {
    server.on('POST', 'contacts', csrf403);
    const err = await client()
      .post('contacts', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'CSRF_INVALID', message: 'Invalid CSRF token' });
    expect(order()).toEqual(['POST contacts', 'POST auth/renew-csrf', 'POST contacts']);
  });

  it('does not renew on a 403 that is not about CSRF', async () => {
    server.on('PATCH', 'projects/1', {
      status: 403,
      body: { code: 'FORBIDDEN', error: 'Not a member of this project' },
    });
    await expect(client().patch('projects/1', {})).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(order()).toEqual(['PATCH projects/1']);
  });

  it('after 3 renewals within 60 s a 4th CSRF 403 is thrown without renewing; after the window renewals resume', async () => {
    server.on('POST', 'contacts', (_r, nth) => (nth % 2 === 1 ? csrf403 : { body: { ok: nth } }));
    const api = client();
    for (let i = 0; i < 3; i += 1) {
      await expect(api.post('contacts', {})).resolves.toEqual({ ok: 2 * (i + 1) });
      clock += 10_000;
    }
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(3);

    // 4th within the window (first renewal was 30 s ago): thrown as is, no renewal, no retry.
    server.reset();
    server.on('POST', 'contacts', csrf403);
    await expect(api.post('contacts', {})).rejects.toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(order()).toEqual(['POST contacts']);

    // Once the renewals have left the 60 s window, renewal is allowed again.
    clock += CSRF_RENEWAL_WINDOW_MS;
    server.reset();
    server.on('POST', 'contacts', (_r, nth) => (nth === 1 ? csrf403 : { body: { ok: true } }));
    await expect(api.post('contacts', {})).resolves.toEqual({ ok: true });
    expect(order()).toEqual(['POST contacts', 'POST auth/renew-csrf', 'POST contacts']);
  });

  it('each client has its own breaker', async () => {
    server.on('POST', 'x', csrf403);
    const a = client();
    for (let i = 0; i < 3; i += 1) await a.post('x').catch(() => undefined);
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(3);
    await a.post('x').catch(() => undefined);
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(3);
    await client()
      .post('x')
      .catch(() => undefined);
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(4);
  });
});
