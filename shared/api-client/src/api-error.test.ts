/** Error normalisation (spec 8 "Transport rules"): every failure is an ApiError { status, code, message, data }. */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { ApiError, failureOf, fieldErrorsOf, fromResponse, isApiError, networkError } from './api-error';
import { createApiClient } from './client';
import { startServer, type TestServer } from './test-server';

let server: TestServer;
const client = (baseUrl = server.url) => createApiClient({ baseUrl, readCookie: () => 'cookie-token' });

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(isApiError(e)).toBe(true);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(Error);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('errors from the server', () => {
  it('a body with code and error gives that code and message, with the status', async () => {
    server.on('GET', 'contacts/9', {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', error: 'Contact not found' },
    });
    const err = await rejection(client().get('contacts/9'));
    expect(err).toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'NOT_FOUND',
      message: 'Contact not found',
      quiet: false,
    });
  });

  it('field details of a validation error become data', async () => {
    const details = [{ field: 'email', message: 'Email is invalid' }];
    server.on('POST', 'contacts', {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: 'Invalid contact', details },
    });
    const err = await rejection(client().post('contacts', {}));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid contact', data: details });
  });

  it('a custom product code is passed through (e.g. DUPLICATE_COMMUNITY_NAME)', async () => {
    server.on('POST', 'communities', {
      status: 409,
      body: { success: false, code: 'DUPLICATE_COMMUNITY_NAME', error: 'dup' },
    });
    const err = await rejection(client().post('communities', { name: 'x' }));
    expect(err).toMatchObject({ status: 409, code: 'DUPLICATE_COMMUNITY_NAME', message: 'dup' });
  });

  it('a body without code gives the status as the code and the body error as the message', async () => {
    server.on('GET', 'reports', { status: 422, body: { error: 'Unprocessable report' } });
    const err = await rejection(client().get('reports'));
    expect(err).toMatchObject({ status: 422, code: '422', message: 'Unprocessable report' });
    expect(err.data).toEqual({ error: 'Unprocessable report' });
  });

  it('a 429 and a 500 with a body keep their status for reporting', async () => {
    server.on('GET', 'search', { status: 429, body: { code: 'RATE_LIMITED', error: 'Slow down' } });
    server.on('GET', 'projects', { status: 500, body: { error: 'boom' } });
    await expect(client().get('search')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
    });
    await expect(client().get('projects')).rejects.toMatchObject({ status: 500, code: '500', message: 'boom' });
  });

  it('an error answer without a body gives NETWORK_ERROR with a message', async () => {
    server.on('GET', 'gateway', { status: 502 });
    const err = await rejection(client().get('gateway'));
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.status).toBe(502);
    expect(err.message).toBe('Bad Gateway');
  });

  it('an error answer whose body is not JSON counts as no body', async () => {
    server.on('GET', 'proxy', {
      status: 503,
      body: '<html>Service Unavailable</html>',
      headers: { 'content-type': 'text/html' },
    });
    const err = await rejection(client().get('proxy'));
    expect(err).toMatchObject({ status: 503, code: 'NETWORK_ERROR', message: 'Service Unavailable' });
  });
});

describe('errors without any answer', () => {
  it('connection refused gives NETWORK_ERROR with status 0', async () => {
    // Take a free port, then close it so nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const err = await rejection(client(`http://127.0.0.1:${port}/api/v1`).get('contacts'));
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(err.message).toBeTruthy();
    expect(err.quiet).toBe(false);
  });

  it('connection refused on a non-GET (renewal included) still surfaces as NETWORK_ERROR', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, readCookie: () => null });
    await expect(api.post('contacts', {})).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('fromResponse / networkError', () => {
  it('prefers error, then message, then the status text', () => {
    expect(fromResponse(400, { code: 'A', error: 'e', message: 'm' }, 'Bad Request', false).message).toBe('e');
    expect(fromResponse(400, { code: 'A', message: 'm' }, 'Bad Request', false).message).toBe('m');
    expect(fromResponse(400, { code: 'A' }, 'Bad Request', false).message).toBe('Bad Request');
    expect(fromResponse(400, { code: '' }, '', true)).toMatchObject({
      code: '400',
      message: 'Request failed with status 400',
      quiet: true,
    });
  });

  it('no body gives NETWORK_ERROR but keeps the status and the quiet flag', () => {
    expect(fromResponse(404, undefined, 'Not Found', true)).toMatchObject({
      status: 404,
      code: 'NETWORK_ERROR',
      message: 'Not Found',
      quiet: true,
    });
    expect(fromResponse(500, undefined, '', false).message).toBe('Request failed with status 500');
  });

  it('networkError has status 0 and the given message', () => {
    expect(networkError('offline')).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'offline',
      quiet: false,
    });
  });

  it('isApiError rejects look-alikes', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 1 })).toBe(false);
    expect(isApiError(new ApiError(400, 'A', 'b'))).toBe(true);
  });
});

describe('fieldErrorsOf', () => {
  it('keys a VALIDATION_ERROR (or a CONFLICT naming fields) by field and ignores every other error', () => {
    const details = [
      { field: 'email', message: 'Email address is required' },
      { field: 'firstName', message: 'First name is required' },
    ];
    expect(fieldErrorsOf(new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', details))).toEqual({
      email: 'Email address is required',
      firstName: 'First name is required',
    });
    const taken = [{ field: 'email', message: 'A contact with this email already exists' }];
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'taken', taken))).toEqual({
      email: 'A contact with this email already exists',
    });
    // A conflict without details (the body itself becomes the data) names no field.
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'taken', { success: false, code: 'CONFLICT' }))).toBeNull();
    expect(fieldErrorsOf(new ApiError(404, 'NOT_FOUND', 'gone', details))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });
});

describe('failureOf', () => {
  it('keeps the server message as the detail only when it says something else', () => {
    const e = new ApiError(400, 'VALIDATION_ERROR', 'Link expired');
    expect(failureOf('Password reset failed', e)).toEqual({ title: 'Password reset failed', detail: 'Link expired' });
    const same = new ApiError(400, 'X', 'Password reset failed');
    expect(failureOf('Password reset failed', same)).toEqual({ title: 'Password reset failed' });
    expect(failureOf('Password reset failed', new Error('boom'))).toEqual({ title: 'Password reset failed' });
  });
});
