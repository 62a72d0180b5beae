/** Google sign-in calls against a real local HTTP server. */
import { bus } from '@atrium/event-bus';
import { ApiError } from '@atrium/api-client';
import { createApiClient, sessionView } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { googleApi } from './google';
import { installLocalStorage, sampleUser, startServer, type TestServer } from '@atrium/api-client/test-server';
import { IDENTITY_MESSAGES } from '../schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  installLocalStorage();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  setTestSession({ status: 'anonymous', user: null });
});

const api = () => googleApi(createApiClient({ baseUrl: server.url, readCookie: () => 'tok' }));
const order = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('googleApi', () => {
  it('config: enabled only when the server says so', async () => {
    server.on('GET', 'auth/google/config', { body: { success: true, enabled: true } });
    await expect(api().config()).resolves.toEqual({ enabled: true });
    server.on('GET', 'auth/google/config', { body: { success: true, enabled: false } });
    await expect(api().config()).resolves.toEqual({ enabled: false });
  });

  it('start asks for the mode and answers the authorization URL', async () => {
    server.on('GET', 'auth/google/start', { body: { success: true, url: 'https://issuer.example/authorize?x=1' } });
    await expect(api().start('link')).resolves.toBe('https://issuer.example/authorize?x=1');
    expect(server.calls('GET', 'auth/google/start')[0]?.query).toBe('mode=link');
  });

  it('start without a URL in the answer is a failure, not a navigation to nowhere', async () => {
    server.on('GET', 'auth/google/start', { body: { success: true } });
    await expect(api().start()).rejects.toMatchObject({ message: IDENTITY_MESSAGES.googleSignInFailed });
  });

  it('complete signs in: posts code and state with the CSRF header, adopts the user, renews CSRF, announces it', async () => {
    server.on('POST', 'auth/google', {
      body: { success: true, user: sampleUser, accessToken: 'a', refreshToken: 'r' },
    });
    const signedIn: unknown[] = [];
    const sub = bus.on('auth:signed-in').subscribe((e) => signedIn.push(e));
    const result = await api()
      .complete({ code: 'the-code', state: 'the-state' })
      .finally(() => sub.unsubscribe());
    expect(result).toEqual({ user: sampleUser, linked: false });
    const post = server.calls('POST', 'auth/google')[0]!;
    expect(JSON.parse(post.body)).toEqual({ code: 'the-code', state: 'the-state' });
    expect(post.headers['x-xsrf-token']).toBe('tok');
    expect(order()).toEqual(['POST auth/google', 'POST auth/renew-csrf']);
    expect(sessionView.status).toBe('authenticated');
    expect(sessionView.user?.id).toBe(sampleUser.id);
    expect(signedIn).toEqual([{ userId: sampleUser.id }]);
  });

  it('complete forwards iss when the issuer sent one; a link answer does not announce a new sign-in', async () => {
    server.on('POST', 'auth/google', { body: { success: true, user: sampleUser, linked: true } });
    const result = await api().complete({ code: 'c', state: 's', iss: 'https://issuer.example' });
    expect(result.linked).toBe(true);
    expect(JSON.parse(server.calls('POST', 'auth/google')[0]!.body)).toEqual({
      code: 'c',
      state: 's',
      iss: 'https://issuer.example',
    });
    expect(server.calls('POST', 'auth/renew-csrf')).toHaveLength(0);
  });

  it("complete throws the server's refusal and leaves the session alone", async () => {
    server.on('POST', 'auth/google', {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: IDENTITY_MESSAGES.googleSignInFailed },
    });
    const err = await api()
      .complete({ code: 'c', state: 's' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: IDENTITY_MESSAGES.googleSignInFailed });
    expect(sessionView.status).toBe('anonymous');
  });

  it('status and unlink', async () => {
    const status = { success: true, enabled: true, linked: true, hasPassword: true, email: 'ada@example.com' };
    server.on('GET', 'auth/google/status', { body: status });
    await expect(api().status()).resolves.toEqual({
      enabled: true,
      linked: true,
      hasPassword: true,
      email: 'ada@example.com',
    });
    server.on('POST', 'auth/google/unlink', { body: { ...status, linked: false } });
    await expect(api().unlink()).resolves.toMatchObject({ linked: false });
    expect(server.calls('POST', 'auth/google/unlink')[0]?.headers['x-xsrf-token']).toBe('tok');
  });
});
