/**
 * N API processes behind one address behave as one: two real server processes (the server as built for
 * production, bundled by build.mjs into a folder of this run's own) on one fresh PostgreSQL database and one Redis
 * (REDIS_URL; a key prefix of this run's own, deleted afterwards).
 *   - the sign-in limit is counted across both processes;
 *   - a sign-out answered by one is refused by the other at once (its session-check memory is shared through Redis);
 *   - an import is run exactly once while both take jobs, and when the process running it is killed (kill -9) the
 *     import shows as resuming and the other process finishes it within seconds, every row exactly once.
 * PostgreSQL pass only (TEST_DATABASE_URL); Redis at TEST_REDIS_URL, default redis://127.0.0.1:6379.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { API_ROOT, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';

const ADMIN_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = path.resolve(__dirname, '..');
const LOGIN_LIMIT = 4;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ApiProcess {
  name: string;
  base: string;
  child: ChildProcess;
  /** Every log line so far. */
  lines: string[];
  exited: Promise<number | null>;
}

/** A browser stand-in over fetch: one cookie jar for whichever process it talks to (one site behind a balancer). */
class HttpAgent {
  readonly jar = new Map<string, string>();

  async request(base: string, method: string, url: string, body?: unknown, form?: FormData) {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get(XSRF_COOKIE);
    if (xsrf && method !== 'GET') headers[XSRF_HEADER] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${API_ROOT}${url}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}

describe('two API processes on one PostgreSQL and Redis', () => {
  const dbName = `atrium_two_${randomBytes(5).toString('hex')}`;
  const prefix = `atrium-test-${randomBytes(5).toString('hex')}:`;
  const secret = randomBytes(32).toString('base64url');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-two-'));
  const built = path.join(SERVER_DIR, `.two-process-${randomBytes(4).toString('hex')}`);
  const outbox = path.join(tmp, 'outbox');
  let dbUrl: string;
  let redis: Redis;
  const processes: ApiProcess[] = [];
  let a: ApiProcess;
  let b: ApiProcess;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const query = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  async function startApi(name: string): Promise<ApiProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(built, 'main.js')], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        APP_SECRET: secret,
        DATA_DIR: path.join(tmp, `data-${name}`),
        WEB_DIR: '/nonexistent/atrium-two-web',
        MAIL_OUTBOX_DIR: outbox,
        LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const api: ApiProcess = { name, base: `http://127.0.0.1:${port}`, child, lines, exited };
    processes.push(api);
    for (let i = 0; ; i++) {
      const up = await fetch(`${api.base}${API_ROOT}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return api;
      if (child.exitCode !== null || i > 600) throw new Error(`${name} did not start:\n${lines.join('\n')}`);
      await sleep(100);
    }
  }

  /** The 6-digit code of the newest verification mail to `email` in the outbox both processes write to. */
  async function verificationCode(email: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const files = (() => {
        try {
          return readdirSync(outbox).sort();
        } catch {
          return [];
        }
      })();
      for (const file of files.reverse()) {
        const text = readFileSync(path.join(outbox, file), 'utf8');
        const match = new RegExp(`To: ${email}[\\s\\S]*Your verification code is (\\d{6})`, 'i').exec(text);
        if (match) return match[1]!;
      }
      await sleep(100);
    }
    throw new Error(`no verification mail to ${email}`);
  }

  /** A verified account, signed in through `api`. */
  async function signedIn(api: ApiProcess) {
    const agent = new HttpAgent();
    await agent.request(api.base, 'GET', '/auth/csrf');
    const email = `two.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'analytical1';
    const reg = await agent.request(api.base, 'POST', '/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password,
    });
    expect(reg.status).toBe(201);
    const verified = await agent.request(api.base, 'POST', '/auth/verify-email', {
      email,
      code: await verificationCode(email),
    });
    expect(verified.status).toBe(200);
    const login = await agent.request(api.base, 'POST', '/auth/login', { email, password });
    expect(login.status).toBe(200);
    return { agent, businessId: login.json.user.businessId as string };
  }

  function csv(rows: number, tag: string): string {
    const lines = ['First Name,Last Name,Email'];
    for (let i = 0; i < rows; i++) lines.push(`${tag}${i},Row,${tag}${i}@example.com`);
    return `${lines.join('\n')}\n`;
  }

  async function startImport(agent: HttpAgent, via: ApiProcess, rows: number, tag: string) {
    const form = new FormData();
    form.append('file', new Blob([csv(rows, tag)], { type: 'text/csv' }), `${tag}.csv`);
    const upload = await agent.request(via.base, 'POST', '/contacts/upload', undefined, form);
    expect(upload.status).toBe(200);
    const { uploadId, suggestedMapping } = upload.json.data;
    const start = await agent.request(via.base, 'POST', '/contacts/import', { uploadId, mapping: suggestedMapping });
    expect(start.status).toBe(202);
    return start.json.data.jobId as string;
  }

  const importedRows = async (businessId: string, tag: string) =>
    (
      await query<{ rows: number; distinct: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT email)::int AS distinct FROM contacts
         WHERE business_id = $1 AND email LIKE $2`,
        [businessId, `${tag}%`],
      )
    )[0]!;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    const build = spawnSync(process.execPath, ['build.mjs'], {
      cwd: SERVER_DIR,
      env: { ...process.env, BUILD_OUT_DIR: built },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping();
    // One after the other: the first creates the schema, the second finds it (both would also be safe at once).
    a = await startApi('A');
    b = await startApi('B');
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) {
      if (p.child.exitCode === null) p.child.kill('SIGTERM');
      await Promise.race([p.exited, sleep(15_000)]);
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(tmp, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  }, 60_000);

  test(`the sign-in limit (${LOGIN_LIMIT} a minute per address and account) is counted across both processes`, async () => {
    const agent = new HttpAgent();
    await agent.request(a.base, 'GET', '/auth/csrf');
    const attempt = (api: ApiProcess) =>
      agent.request(api.base, 'POST', '/auth/login', { email: 'nobody.two@example.com', password: 'wrong-pass1' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    // Each process alone has seen only half: without a shared count both would still let the next ones in.
    statuses.push((await attempt(a)).status, (await attempt(b)).status);
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
    const keys = await redis.keys(`${prefix}*login-source*`);
    expect(keys.length).toBe(1);
  });

  test("the routes' rate limits (@fastify/rate-limit's Redis store) are counted across both processes too", async () => {
    const agent = new HttpAgent();
    await agent.request(a.base, 'GET', '/auth/csrf');
    const attempt = (api: ApiProcess) =>
      agent.request(api.base, 'POST', '/auth/reset-password', { token: 'not-a-token', password: 'analytical1' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429]);
    expect((await redis.keys(`${prefix}rate:*`)).length).toBeGreaterThan(0);
  });

  test('a sign-out answered by one process is refused by the other at once', async () => {
    const { agent } = await signedIn(a);
    // B has just looked the session up (twice: the second from its memory).
    expect((await agent.request(b.base, 'GET', '/users/me')).status).toBe(200);
    expect((await agent.request(b.base, 'GET', '/users/me')).status).toBe(200);
    const stolen = new HttpAgent();
    for (const [k, v] of agent.jar) stolen.jar.set(k, v);
    expect((await agent.request(a.base, 'POST', '/auth/logout')).status).toBe(200);
    // The same cookies, sent to B right after A's answer: refused (not after B's 2 s memory).
    expect((await stolen.request(b.base, 'GET', '/users/me')).status).toBe(401);
    expect((await stolen.request(a.base, 'GET', '/users/me')).status).toBe(401);
  });

  test('an import is run exactly once while both processes take jobs', async () => {
    const { agent, businessId } = await signedIn(a);
    const rows = 3000;
    const jobId = await startImport(agent, b, rows, 'once');
    let job;
    for (let i = 0; i < 600; i++) {
      job = (await agent.request(i % 2 ? a.base : b.base, 'GET', `/contacts/import/${jobId}`)).json.data;
      if (job.status === 'completed' || job.status === 'failed') break;
      await sleep(100);
    }
    expect(job).toMatchObject({ status: 'completed', processed: rows, created: rows, updated: 0, skipped: 0 });
    expect(await importedRows(businessId, 'once')).toEqual({ rows, distinct: rows });
    const [row] = await query<{ attempts: number }>('SELECT attempts FROM contact_import_jobs WHERE id = $1', [jobId]);
    expect(row!.attempts).toBe(1);
    const boss = await query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'contact-import' AND singleton_key = $1`,
      [jobId],
    );
    expect(boss).toEqual([{ state: 'completed', retry_count: 0 }]);
    // One process ran it.
    const ran = processes.filter((p) => p.lines.some((l) => l.includes(jobId) && l.includes('run started')));
    expect(ran.length).toBe(1);
  }, 120_000);

  test('kill -9 of the process running an import: it shows as resuming, the other finishes it within seconds, every row once', async () => {
    const { agent, businessId } = await signedIn(a);
    const rows = 30_000;
    const jobId = await startImport(agent, a, rows, 'killed');
    // Whichever process took the job, once it has written some rows.
    let runner: ApiProcess | undefined;
    for (let i = 0; i < 600 && !runner; i++) {
      const [row] = await query<{ processed: number }>('SELECT processed FROM contact_import_jobs WHERE id = $1', [
        jobId,
      ]);
      if (row!.processed >= 2000)
        runner = processes.find((p) => p.lines.some((l) => l.includes(jobId) && l.includes('run started')));
      else await sleep(20);
    }
    expect(runner).toBeDefined();
    const survivor = runner === a ? b : a;
    runner!.child.kill('SIGKILL');
    await runner!.exited;
    const killedAt = Date.now();
    const atKill = (
      await query<{ processed: number }>('SELECT processed FROM contact_import_jobs WHERE id = $1', [jobId])
    )[0]!.processed;
    expect(atKill).toBeLessThan(rows);

    let resumingSeen = false;
    let progressMs: number | null = null;
    let job;
    for (let i = 0; i < 1200; i++) {
      job = (await agent.request(survivor.base, 'GET', `/contacts/import/${jobId}`)).json.data;
      if (job.resuming) resumingSeen = true;
      if (progressMs === null && job.processed > atKill) progressMs = Date.now() - killedAt;
      if (job.status === 'completed' || job.status === 'failed') break;
      await sleep(50);
    }
    expect(resumingSeen).toBe(true);
    expect(job).toMatchObject({ status: 'completed', resuming: false, processed: rows, created: rows, updated: 0 });
    expect(progressMs).not.toBeNull();
    // Lease 3 s, grace 5 s, maintenance every 2 s, a poll a second: well under the 30 s of the old lease.
    expect(progressMs!).toBeLessThan(12_000);
    expect(await importedRows(businessId, 'killed')).toEqual({ rows, distinct: rows });
    expect(survivor.lines.some((l) => l.includes(jobId) && l.includes('run started'))).toBe(true);
    console.log(`kill -9 at ${atKill}/${rows} rows: progress again after ${progressMs} ms on ${survivor.name}`);
  }, 180_000);
});
