import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { API_ROOT } from '@atrium/contracts';
import { createTestApp, type TestApp } from '../../test/helpers';

/** Sends raw bytes to the listening app and answers the status line and the body. */
function raw(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.end(request);
  });
}

describe('errors before routing answer in the API error body', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  test('headers over the limit: 431 HEADERS_TOO_LARGE', async () => {
    const res = await raw(port, `GET ${API_ROOT}/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      code: 'HEADERS_TOO_LARGE',
      error: 'The request headers are too large',
    });
  });

  test('an address over the limit: 414 URI_TOO_LONG', async () => {
    const res = await raw(port, `GET ${API_ROOT}/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ success: false, code: 'URI_TOO_LONG', error: 'The address is too long' });
  });

  test('a request the parser cannot read: 400 in the error body', async () => {
    const res = await raw(port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, code: 'VALIDATION_ERROR', error: 'Malformed request' });
  });

  test('a malformed percent-encoding in the path: 400 VALIDATION_ERROR, not Fastify’s own body', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_ROOT}/contacts/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', error: 'The address is not valid' });
  });
});
