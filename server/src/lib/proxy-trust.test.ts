import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, testMailer, type TestDatabase } from '../../test/helpers';
import { UNTRUSTED_PROXY_WARNING } from './proxy-trust';

/** This file's process sees the warning at most once: the tests run in order and share it. */
describe('a proxy in front without TRUST_PROXY', () => {
  let db: TestDatabase;
  const apps: FastifyInstance[] = [];
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
  });

  async function app(trustProxy: boolean): Promise<FastifyInstance> {
    const config = loadConfig({
      DATA_DIR: '/nonexistent/atrium-test-data',
      WEB_DIR: '/nonexistent/atrium-test-web',
      TRUST_PROXY: String(trustProxy),
    });
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) };
    const built = await buildApp({
      config,
      database: db.handle,
      secret: randomBytes(32).toString('base64url'),
      logger: { level: 'warn', stream },
      mailer: testMailer(),
    });
    apps.push(built);
    return built;
  }

  const warnings = () => logged.filter((l) => l.msg === UNTRUSTED_PROXY_WARNING);
  const health = (target: FastifyInstance, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: '/api/v1/health', headers });

  test('with TRUST_PROXY the forwarded headers are expected: no warning', async () => {
    const trusted = await app(true);
    expect((await health(trusted, { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(200);
    expect(warnings()).toHaveLength(0);
  });

  test('without it, the first request that came through a proxy logs one clear warning, once per process', async () => {
    const untrusted = await app(false);
    await health(untrusted);
    expect(warnings()).toHaveLength(0);

    await health(untrusted, { 'x-forwarded-for': '203.0.113.5, 10.0.0.2' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(40);
    expect(warnings()[0]!.msg).toContain('TRUST_PROXY=true');

    await health(untrusted, { forwarded: 'for=203.0.113.6' });
    await health(await app(false), { 'x-forwarded-for': '203.0.113.7' });
    expect(warnings()).toHaveLength(1);
  });
});
