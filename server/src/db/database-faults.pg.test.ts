/**
 * The API when its PostgreSQL goes away (PostgreSQL only: `.pg.test.ts` files run in the TEST_DATABASE_URL pass).
 * - connections terminated under write load and inside a transaction: the process lives, the request in flight
 *   answers 503 in the API's error body, the next request works;
 * - the database unreachable (a partition, through a TCP proxy that stops forwarding): /health answers 503
 *   within a second, requests answer 503 instead of hanging, a graceful close completes, and the API recovers
 *   once the database is back.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { API_ROOT } from '@atrium/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { Agent, createTestApp, newSignup, signedInAgent, testMailer, type TestApp } from '../../test/helpers';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { contactsCsv, uploadCsv, waitForJob } from '../modules/contact-import/test-utils';
import { isDatabaseUnavailable, openPostgres, type DatabaseHandle } from './client';

const adminUrl = process.env.TEST_DATABASE_URL!;

/** The name of the database a handle is connected to. */
async function databaseName(handle: DatabaseHandle): Promise<string> {
  const rows = (await handle.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: { name: string }[];
  };
  return rows.rows[0]!.name;
}

/** Terminates every other backend connected to `db` (what a failover or an operator's kill does). */
async function terminateBackends(db: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [db],
    );
    return (res.rows[0] as { n: number }).n;
  } finally {
    await admin.end();
  }
}

/** Every uncaught exception while `fn` runs (a connection 'error' event nobody listens to lands here). */
async function uncaughtDuring(fn: () => Promise<void>): Promise<Error[]> {
  const seen: Error[] = [];
  const listener = (error: Error) => seen.push(error);
  process.on('uncaughtException', listener);
  try {
    await fn();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off('uncaughtException', listener);
  }
  return seen;
}

describe('PostgreSQL connections terminated under load', () => {
  let t: TestApp;
  let name: string;

  beforeAll(async () => {
    t = await createTestApp();
    name = await databaseName(t.database);
  });
  afterAll(async () => {
    await t.close();
  });

  test('a transaction whose connection is terminated fails as "unavailable"; the process and the pool live on', async () => {
    const { db } = t.database;
    const uncaught = await uncaughtDuring(async () => {
      const inFlight = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await tx.execute(sql`SELECT pg_sleep(5)`);
      });
      const outcome = inFlight.then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await terminateBackends(name)).toBeGreaterThan(0);
      const error = await outcome;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    });
    expect(uncaught).toEqual([]);
    // The broken client was discarded: the pool answers again.
    const again = (await db.execute(sql`SELECT 41 + 1 AS n`)) as unknown as { rows: { n: number }[] };
    expect(again.rows[0]!.n).toBe(42);
  });

  test('writes in flight answer 201 or 503 (never 500, never a crash) and the next write succeeds', async () => {
    const { agent } = await signedInAgent(t.app);
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    const uncaught = await uncaughtDuring(async () => {
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const res = await agent.post('/contacts', {
            firstName: `W${w}`,
            lastName: `N${i}`,
            email: `w${w}.${i}.${randomBytes(3).toString('hex')}@example.com`,
          });
          statuses.push(res.statusCode);
          if (res.statusCode !== 201)
            bodies.push({ status: res.statusCode, body: res.json(), retry: res.headers['retry-after'] });
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      for (let round = 0; round < 5; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await terminateBackends(name);
      }
      stop = true;
      await Promise.all(writers);
    });
    expect(uncaught).toEqual([]);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    for (const b of bodies) {
      expect(b).toEqual({
        status: 503,
        body: { success: false, code: 'SERVICE_UNAVAILABLE', error: expect.any(String) },
        retry: expect.stringMatching(/^\d+$/),
      });
    }
    const after = await agent.post('/contacts', {
      firstName: 'After',
      email: `after.${randomBytes(3).toString('hex')}@example.com`,
    });
    expect(after.statusCode).toBe(201);
  });
});

describe('PostgreSQL refusing connections (a restart, a maintenance switch)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('health and writes answer 503 while the database refuses connections, and work once it accepts them', async () => {
    const name = await databaseName(t.database);
    const { agent } = await signedInAgent(t.app);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await terminateBackends(name);
      const health = await t.app.inject({ method: 'GET', url: `${API_ROOT}/health` });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      const write = await agent.post('/contacts', { firstName: 'Away', email: 'away@example.com' });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await t.app.inject({ method: 'GET', url: `${API_ROOT}/health` })).statusCode).toBe(200);
    const again = await agent.post('/contacts', { firstName: 'Back', email: 'back@example.com' });
    expect(again.statusCode).toBe(201);
  });
});

describe('an import whose connections are terminated', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('resumes and ends with every row written exactly once', async () => {
    const name = await databaseName(t.database);
    const { agent } = await signedInAgent(t.app);
    const rows = 6_000;
    const upload = await uploadCsv(agent, contactsCsv(rows));
    expect(upload.statusCode).toBe(200);
    const { uploadId, suggestedMapping } = upload.json().data as { uploadId: string; suggestedMapping: unknown };
    const started = await agent.post('/contacts/import', { uploadId, mapping: suggestedMapping });
    expect(started.statusCode).toBe(202);
    const { jobId } = started.json().data as { jobId: string };
    const uncaught = await uncaughtDuring(async () => {
      let terminated = 0;
      for (let i = 0; i < 40 && terminated < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const job = (await agent.get(`/contacts/import/${jobId}`)).json().data as { processed: number; status: string };
        if (job.status === 'completed') break;
        if (job.processed > 0 && (await terminateBackends(name)) > 0) terminated++;
      }
    });
    expect(uncaught).toEqual([]);
    const job = await waitForJob(agent, jobId, 60_000);
    expect(job).toMatchObject({ status: 'completed', total: rows, processed: rows, created: rows, skipped: 0 });
    const list = await agent.get('/contacts?limit=1');
    expect(list.json().pagination.total).toBe(rows);
  }, 90_000);
});

describe('PostgreSQL unreachable (a partition)', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    const url = new URL(adminUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${await databaseName(t.database)}`;
    handle = openPostgres(url.toString(), {
      poolSize: 4,
      timeouts: { connectMs: 500, statementMs: 1_000, queryMs: 1_500 },
    });
    const config = loadConfig({
      DATA_DIR: '/nonexistent/atrium-test-data',
      WEB_DIR: '/nonexistent/atrium-test-web',
      REGISTER_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database: handle, secret: t.secret, logger: false, mailer: testMailer() });
  });
  afterAll(async () => {
    proxy.resume();
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    await proxy.close();
    await t.close();
  });

  const health = () => app.inject({ method: 'GET', url: `${API_ROOT}/health` });

  test('health answers 503 within a second, requests answer 503 instead of hanging, and both recover', async () => {
    expect((await health()).statusCode).toBe(200);
    const agent = await new Agent(app).init();
    proxy.pause();
    try {
      let started = Date.now();
      const down = await health();
      const healthMs = Date.now() - started;
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', error: expect.any(String) });
      expect(healthMs).toBeLessThan(1_500);

      // A sign-up reads and writes the database: with the pool's connections silent it answers 503 once the
      // client-side timeouts run out (1.5 s here), never hangs.
      started = Date.now();
      const signup = await agent.post('/auth/register', newSignup());
      expect(signup.statusCode).toBe(503);
      expect(signup.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      proxy.resume();
    }
    // Recovery: the next health check that reaches the database answers 200.
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 10_000) {
      status = (await health()).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    const signup = await (await new Agent(app).init()).post('/auth/register', newSignup());
    expect(signup.statusCode).toBe(201);
  });

  test('a graceful close completes while the database is unreachable and a request is in flight', async () => {
    const agent = await new Agent(app).init();
    proxy.pause();
    const inFlight = agent.post('/auth/register', newSignup());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await app.close();
    await handle.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await inFlight).statusCode).toBe(503);
  });
});
