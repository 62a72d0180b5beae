/** Identity calls (docs/requirements.md §7, auth and user) against a real local HTTP server. */
import { bus } from '@atrium/event-bus';
import { ApiError } from '@atrium/api-client';
import { createApiClient, sessionView } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { identityApi } from './identity';
import { installLocalStorage, sampleUser, startServer, type TestServer } from '@atrium/api-client/test-server';

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

const client = () => createApiClient({ baseUrl: server.url, readCookie: () => 'tok' });
const api = () => identityApi(client());
const bodyOf = (method: string, path: string) => JSON.parse(server.calls(method, path)[0]?.body ?? 'null');

describe('public auth flows', () => {
  it('verify-email, resend, forgot and reset send their payloads to their routes', async () => {
    const id = api();
    await id.verifyEmail({ email: 'ada@example.com', code: '123456' });
    await id.resendVerification({ email: 'ada@example.com' });
    server.on('POST', 'auth/forgot-password', { body: { success: true, message: 'On its way' } });
    await expect(id.forgotPassword({ email: 'ada@example.com' })).resolves.toEqual({
      success: true,
      message: 'On its way',
    });
    await id.resetPassword({ token: 't'.repeat(32), password: 'new-pass-1' });
    expect(bodyOf('POST', 'auth/verify-email')).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(bodyOf('POST', 'auth/resend-verification')).toEqual({ email: 'ada@example.com' });
    expect(bodyOf('POST', 'auth/forgot-password')).toEqual({ email: 'ada@example.com' });
    expect(bodyOf('POST', 'auth/reset-password')).toEqual({ token: 't'.repeat(32), password: 'new-pass-1' });
    // Every non-GET carries the CSRF header.
    expect(server.calls('POST', 'auth/reset-password')[0]?.headers['x-xsrf-token']).toBe('tok');
  });

  it('a 401 from a public auth route is an error of its own: no refresh, no session expiry', async () => {
    server.on('POST', 'auth/reset-password', {
      status: 401,
      body: { success: false, code: 'UNAUTHORIZED', error: 'This reset link is invalid or has expired' },
    });
    const expired: unknown[] = [];
    const sub = bus.on('auth:session-expired').subscribe((e) => expired.push(e));
    const err = await api()
      .resetPassword({ token: 't'.repeat(32), password: 'new-pass-1' })
      .catch((e: unknown) => e)
      .finally(() => sub.unsubscribe());
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'This reset link is invalid or has expired' });
    expect(server.calls('POST', 'auth/refresh')).toHaveLength(0);
    expect(expired).toEqual([]);
  });

  it('a wrong verification code is thrown with the server message and code', async () => {
    server.on('POST', 'auth/verify-email', {
      status: 400,
      body: { success: false, code: 'INVALID_CODE', error: 'Invalid or expired verification code' },
    });
    await expect(api().verifyEmail({ email: 'ada@example.com', code: '000000' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_CODE',
      message: 'Invalid or expired verification code',
    });
  });
});

describe('profile', () => {
  it('PATCH users/me sends the fields and the answer becomes the session user', async () => {
    setTestSession({ status: 'authenticated', user: sampleUser });
    const updated = { ...sampleUser, firstName: 'Augusta', city: 'London' };
    server.on('PATCH', 'users/me', { body: { success: true, data: updated } });
    await expect(api().updateProfile({ firstName: 'Augusta', city: 'London' })).resolves.toEqual(updated);
    expect(bodyOf('PATCH', 'users/me')).toEqual({ firstName: 'Augusta', city: 'London' });
    expect(sessionView.user).toEqual(updated);
  });

  it('also takes the user under `user`, and leaves an anonymous session alone', async () => {
    server.on('PATCH', 'users/me', { body: { success: true, user: { ...sampleUser, lastName: 'King' } } });
    await expect(api().updateProfile({ lastName: 'King' })).resolves.toMatchObject({ lastName: 'King' });
    expect(sessionView.user).toBeNull();
  });

  it('change password posts current and new password; a wrong current one is thrown', async () => {
    server.on('POST', 'users/me/password', {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: 'Current password is incorrect' },
    });
    await expect(
      api().changePassword({ currentPassword: 'old-pass-1', newPassword: 'new-pass-2' }),
    ).rejects.toMatchObject({ message: 'Current password is incorrect' });
    expect(bodyOf('POST', 'users/me/password')).toEqual({ currentPassword: 'old-pass-1', newPassword: 'new-pass-2' });
  });

  it('uploads the picture as multipart field "file"', async () => {
    server.on('POST', 'users/me/picture', { body: { success: true, data: { ...sampleUser, picture: 'x' } } });
    setTestSession({ status: 'authenticated' });
    const out = await api().uploadPicture(
      new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      'me.png',
    );
    expect(out?.picture).toBe('x');
    const rec = server.calls('POST', 'users/me/picture')[0];
    expect(rec?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(rec?.body).toContain('name="file"; filename="me.png"');
    expect(rec?.body).toContain('Content-Type: image/png');
  });

  it('deletes the picture and builds the picture URL', async () => {
    await api().deletePicture();
    expect(server.calls('DELETE', 'users/me/picture')).toHaveLength(1);
    expect(api().pictureUrl('u/1')).toBe('/api/v1/users/u%2F1/picture/medium');
    expect(api().pictureUrl('u1', 3)).toBe('/api/v1/users/u1/picture/medium?v=3');
  });

  it('reads a public profile from data', async () => {
    server.on('GET', 'users/u2', { body: { success: true, data: { id: 'u2', firstName: 'Grace' } } });
    await expect(api().publicProfile('u2')).resolves.toMatchObject({ id: 'u2', firstName: 'Grace' });
  });
});

describe('sessions', () => {
  it('lists, revokes one and revokes the others', async () => {
    const list = [
      { id: 's1', userAgent: 'Firefox', ip: '127.0.0.1', createdAt: 'a', lastUsedAt: 'b', current: true },
      { id: 's 2', userAgent: null, ip: null, createdAt: 'a', lastUsedAt: 'b', current: false },
    ];
    server.on('GET', 'users/me/sessions', { body: { success: true, data: list } });
    const id = api();
    await expect(id.sessions()).resolves.toEqual(list);
    await id.revokeSession('s 2');
    await id.revokeOtherSessions();
    expect(server.calls('DELETE', 'users/me/sessions/s%202')).toHaveLength(1);
    expect(server.calls('POST', 'users/me/sessions/revoke-others')).toHaveLength(1);
  });
});
