/** Quiet pass-throughs (spec 8 "Transport rules"): expected failures that are not reported. */
import { ApiError } from './api-error';
import { createApiClient, type Method } from './client';
import { isQuiet } from './quiet';
import { startServer, type TestServer } from './test-server';

let server: TestServer;
const client = () => createApiClient({ baseUrl: server.url, readCookie: () => 'cookie-token' });

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function failure(
  method: Method,
  path: string,
  status: number,
  body: unknown = { code: 'X', error: 'failed' },
): Promise<ApiError> {
  server.on(method, path, { status, body });
  try {
    await client().request(method, path);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(status);
    return e as ApiError;
  }
  throw new Error(`${method} ${path} should have failed with ${status}`);
}

describe('quiet pass-throughs against the server', () => {
  it.each([
    [403, 'users/u1/friends'],
    [403, 'users/u1/followers'],
    [403, 'users/64f0c0ffee/following'],
    [500, 'stripe/account-status'],
    [404, 'communities/c9/cover'],
    [404, 'signatures/workflows/by-document/d42'],
    [404, 'users/u1/picture/medium'],
  ])('%i on GET %s is an ApiError with quiet=true', async (status, path) => {
    const err = await failure('GET', path, status);
    expect(err.quiet).toBe(true);
    expect(server.calls('GET', path)).toHaveLength(1);
  });

  it('a quiet failure without a body is quiet as well', async () => {
    const err = await failure('GET', 'communities/c9/cover', 404, undefined);
    expect(err.quiet).toBe(true);
  });

  it.each([
    // same status, other endpoint
    ['GET', 'users/u1', 403],
    ['GET', 'users/u1/friends/extra', 403],
    ['GET', 'users/friends', 403],
    ['GET', 'stripe/checkout', 500],
    ['GET', 'communities/c9', 404],
    ['GET', 'communities/c9/members', 404],
    ['GET', 'signatures/workflows/w1', 404],
    ['GET', 'contacts/1', 404],
    // same endpoint, other status
    ['GET', 'users/u1/friends', 500],
    ['GET', 'users/u1/followers', 404],
    ['GET', 'stripe/account-status', 403],
    ['GET', 'stripe/account-status', 502],
    ['GET', 'communities/c9/cover', 500],
    ['GET', 'signatures/workflows/by-document/d42', 403],
    ['GET', 'users/u1/picture/medium', 500],
    ['DELETE', 'users/me/picture', 404],
    // same endpoint and status, other method
    ['POST', 'users/u1/friends', 403],
    ['DELETE', 'communities/c9/cover', 404],
    ['PUT', 'stripe/account-status', 500],
  ] as [Method, string, number][])('%s %s answering %i is not quiet', async (method, path, status) => {
    const err = await failure(method, path, status);
    expect(err.quiet).toBe(false);
  });

  it('other errors keep quiet=false on the thrown error itself', async () => {
    const err = await failure('GET', 'projects', 500, { code: 'INTERNAL_ERROR', error: 'boom' });
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: 'boom', quiet: false });
  });
});

describe('isQuiet', () => {
  it('accepts a leading slash, a query string and a lower-case method', () => {
    expect(isQuiet('get', '/users/u1/friends?page=2', 403)).toBe(true);
    expect(isQuiet('GET', 'stripe/account-status?x=1', 500)).toBe(true);
    expect(isQuiet('HEAD', 'stripe/account-status', 500)).toBe(false);
  });
});
