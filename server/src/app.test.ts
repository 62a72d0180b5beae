import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { REMOTE_META, XSRF_COOKIE, XSRF_HEADER, type RemotesManifest } from '@atrium/contracts';
import { createTestApp, type TestApp } from '../test/helpers';

describe('app: health, 404, remotes manifest, security headers, OpenAPI, static web', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'atrium-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Atrium</title><div id="root"></div>');
    writeFileSync(path.join(webDir, 'main.js'), 'console.log("main")');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'chunk.1234abcd.js'), 'console.log("chunk")');
    // The build's precompressed copy (shared/build/webpack.mjs) of another chunk.
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    writeFileSync(path.join(webDir, 'assets', 'big.5678abcd.js'), big);
    writeFileSync(path.join(webDir, 'assets', 'big.5678abcd.js.br'), brotliCompressSync(big));
    t = await createTestApp({
      WEB_DIR: webDir,
      REMOTE_CRM_URL: 'https://crm.cdn.example.com/v42/remoteEntry.js',
      REMOTE_ADMIN_URL: 'http://admin.internal:8080/remoteEntry.js',
      ADMIN_EMAIL_DOMAIN: 'Atrium.App',
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  test('GET /api/v1/health names the database driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  test('an unknown route under /api/v1 is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/definitely-not-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Route not found' });
  });

  test('/remotes.json answers the configured entries, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json() as RemotesManifest;
    expect(manifest.remotes.map((r) => r.name)).toEqual([
      'crm',
      'work',
      'documents_signatures',
      'comms',
      'community_market',
      'admin',
    ]);
    // Each remote's entry and its static metadata: the host draws the shell without loading a remote.
    expect(manifest.remotes[0]).toEqual({
      name: 'crm',
      entry: 'https://crm.cdn.example.com/v42/remoteEntry.js',
      ...REMOTE_META.crm,
    });
    expect(manifest.remotes[0]).toMatchObject({
      nav: [{ key: 'contacts', path: '/contacts' }],
      newMenu: [{ key: 'contact', action: { type: 'modal', id: 'contact' } }],
      search: true,
    });
    expect(manifest.remotes[1]).toEqual({
      name: 'work',
      entry: 'http://localhost:3002/remoteEntry.js',
      ...REMOTE_META.work,
    });
    expect(manifest.remotes[5]).toEqual({
      name: 'admin',
      entry: 'http://admin.internal:8080/remoteEntry.js',
      ...REMOTE_META.admin,
    });
    // Pages a signed-out visitor may open, by remote: the host loads that remote alone for them.
    expect(manifest.remotes[2]).toMatchObject({
      name: 'documents_signatures',
      entry: expect.stringMatching(/remoteEntry\.js$/),
      publicPaths: [
        '/document-expired',
        '/document-not-found',
        '/document-error',
        '/legal/esign-disclosure',
        '/invoices/pay',
        '/invoice-payment-success',
        '/documents/view',
        '/packages/view',
        '/forms',
      ],
    });
    expect(manifest.remotes.filter((r) => r.publicPaths).map((r) => r.name)).toEqual(['documents_signatures', 'comms']);
    expect(manifest.remotes.find((r) => r.name === 'comms')?.publicPaths).toEqual(['/unsubscribe']);
    // Who sees the admin pages' nav entry (ADMIN_EMAIL_DOMAIN, lower-cased; none by default).
    expect(manifest.companyDomain).toBe('atrium.app');
  });

  test('security headers: CSP allows exactly self plus the remote origins for scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://crm.cdn.example.com',
        'http://localhost:3002',
        'http://admin.internal:8080',
      ]),
    );
    expect(directives['script-src']).toHaveLength(7);
    expect(directives['connect-src']).toContain('https://crm.cdn.example.com');
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(directives['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test("a contact form's public page may be framed by any site (its embed snippet); the rest of the app not", async () => {
    const framed = await t.app.inject({ method: 'GET', url: '/forms/abc123' });
    expect(framed.statusCode).toBe(200);
    expect(String(framed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/formsx', '/contact-forms', '/documents/view/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  test('GET /api/v1/openapi.json documents the routes from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Operation = {
      requestBody: { content: Record<string, { schema: { required?: string[] } }> };
      responses: Record<string, unknown>;
    };
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/register',
        '/api/v1/contacts',
        '/api/v1/contacts/{id}',
        '/api/v1/contacts/tags',
        '/api/v1/contacts/tags/{id}',
        '/api/v1/contacts/groups',
        '/api/v1/contacts/groups/{id}',
        '/api/v1/contact-groups',
        '/api/v1/contact-groups/{id}/assign-contacts',
        '/api/v1/notes',
        '/api/v1/notes/search',
        '/api/v1/notes/{id}/pin',
      ]),
    );
    const listParams = (doc.paths['/api/v1/contacts']!.get as unknown as { parameters: { name: string }[] }).parameters;
    expect(listParams.map((p) => p.name)).toEqual(
      expect.arrayContaining(['groupIds', 'hasGroups', 'tags', 'sortBy', 'export', 'filters', 'lastContactFrom']),
    );
    const login = doc.paths['/api/v1/auth/login']!.post!;
    const body = login.requestBody.content['application/json']!.schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(doc.paths['/remotes.json']).toBeUndefined();
  });

  test('every operation has an operationId, a summary and its security; no path ends in a slash', async () => {
    type Operation = { operationId?: string; summary?: string; security?: Record<string, string[]>[] };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => !op.operationId || !op.summary || !op.security).map((op) => op.key)).toEqual([]);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(Object.keys(doc.paths).filter((path) => path.endsWith('/'))).toEqual([]);
    const byKey = new Map(operations.map((op) => [op.key, op]));
    expect(byKey.get('POST /api/v1/auth/login')).toMatchObject({ operationId: 'login', security: [] });
    expect(byKey.get('GET /api/v1/contacts')).toMatchObject({
      operationId: 'listContacts',
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    });
  });

  test('serves the host build at / with no-cache and a CSRF cookie for the first POST', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    const xsrf = res.cookies.find((c) => c.name === XSRF_COOKIE);
    expect(xsrf?.value).toBeTruthy();
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(res.headers[XSRF_HEADER]).toBe(xsrf?.value);
  });

  test('SPA fallback: deep links get index.html; hashed assets are immutable; missing assets 404', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/contacts/abc-123?tab=notes' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toContain('<div id="root">');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/chunk.1234abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const entry = await t.app.inject({ method: 'GET', url: '/main.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');

    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.deadbeef.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  test("a chunk's precompressed copy answers a browser that accepts it; others get the plain file", async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big.5678abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^console\.log\("x{4000}"\)$/);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big.5678abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log/);
    // No compressed copy (too small to be worth one): the file itself, whatever the browser accepts.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk.1234abcd.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("chunk")');
  });

  test('without a WEB_DIR build, / is a plain 404 and the API still works', async () => {
    const apiOnly = await t.sibling({ WEB_DIR: path.join(webDir, 'does-not-exist') });
    const res = await apiOnly.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const health = await apiOnly.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });
});
