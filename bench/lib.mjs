// What every bench here needs: cleanups on exit, the built server as a child process, an HTTP client with the
// CSRF double-submit, and accounts made the real way (sign-up, the mailed code, verification, sign-in).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_SERVER_MAIN: another build of the server (server/build.mjs with BUILD_OUT_DIR), e.g. to compare two builds
// or to keep benching one while server/dist is rebuilt.
export const serverMain = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(repoRoot, 'server', 'dist', 'main.js');
export const API = '/api/v1';
export const PASSWORD = 'bench-Passw0rd-1';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const since = (t0) => performance.now() - t0;
export const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/** A positive integer option, or the fallback; exits 2 with a message otherwise. */
export function int(text, fallback, name) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer`);
    process.exit(2);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Cleanup: whatever was started or created is undone on exit, error or Ctrl-C.

export const cleanups = [];
export async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error('cleanup:', error.message);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    runCleanups().finally(() => process.exit(130));
  });
}

/** Where the bench's servers write their e-mails (no SMTP): sign-ups read their verification code here. */
export const OUTBOX = path.join(os.tmpdir(), `atrium-bench-outbox-${process.pid}`);
process.on('exit', () => rmSync(OUTBOX, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------------------------
// The server as a child process

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One secret per bench run: a restarted server keeps every session. */
export const APP_SECRET = randomBytes(24).toString('hex');

/**
 * Starts server/dist/main.js on a free port with `dbEnv` (DATABASE_URL or DATA_DIR) and `env`, and waits for
 * /health. `port` reuses a port (a restart after kill -9). Stopped by runCleanups().
 */
export async function startServer(label, dbEnv, { env: extra = {}, port: wanted } = {}) {
  const port = wanted ?? (await freePort());
  const env = {
    ...process.env,
    ...dbEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_SECRET,
    WEB_DIR: path.join(os.tmpdir(), 'atrium-bench-no-web'), // API only
    MAIL_OUTBOX_DIR: OUTBOX,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    REGISTER_RATE_LIMIT: '100000',
    NODE_ENV: 'production',
    ...extra,
  };
  if (!dbEnv.DATABASE_URL) delete env.DATABASE_URL;
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node options for the server only (profiling).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exit;
    clearTimeout(timer);
  };
  /** kill -9: no shutdown at all. */
  const crash = async () => {
    if (exited) return;
    child.kill('SIGKILL');
    await exit;
  };
  cleanups.push(stop);
  for (;;) {
    if (exited) throw new Error(`${label} server exited (${JSON.stringify(exited)}) during start-up:\n${output}`);
    if (since(t0) > 180_000) {
      await stop();
      throw new Error(`${label} server did not answer /health within 180 s:\n${output}`);
    }
    try {
      const res = await fetch(`${base}${API}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return {
    base,
    port,
    pid: child.pid,
    stop,
    crash,
    output: () => output,
    startMs: since(t0),
    isAlive: () => !exited,
    exited: () => exited,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP with the CSRF double-submit (cookie atrium_xsrf + header x-xsrf-token); the session rides in cookies.

export class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
    this.token = undefined;
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Headers that authenticate a request outside this client (autocannon): the session cookies and CSRF. */
  authHeaders() {
    const headers = { cookie: this.cookieHeader() };
    const xsrf = this.cookies.get('atrium_xsrf');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return headers;
  }
  async request(method, route, { json, form, expect, timeoutMs } = {}) {
    const headers = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('atrium_xsrf');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const res = await fetch(`${this.base}${API}${route}`, {
      method,
      headers,
      body,
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let data;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    if (expect !== undefined && res.status !== expect) {
      throw new Error(`${method} ${route} answered ${res.status} (expected ${expect}): ${text.slice(0, 400)}`);
    }
    return { status: res.status, data, text, headers: res.headers };
  }
}

export function jwtClaims(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The 6-digit code of the newest verification mail to `email` in the outbox (waits up to 10 s). */
export async function verificationCode(email) {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const files = existsSync(OUTBOX)
      ? readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = readFileSync(path.join(OUTBOX, f), 'utf8');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const code = /Your verification code is (\d{6})/.exec(raw)?.[1];
      if (code) return code;
    }
    if (performance.now() > deadline) throw new Error(`no verification mail to ${email} in ${OUTBOX}`);
    await sleep(100);
  }
}

/** A new account made the real way: sign-up, the mailed code, verification, sign-in. */
export async function register(base, tag) {
  const client = new Client(base);
  await client.request('GET', '/auth/csrf', { expect: 200 });
  const email = `bench-${tag}-${Date.now()}-${randomBytes(2).toString('hex')}@example.com`;
  await client.request('POST', '/auth/register', {
    json: { firstName: 'Bench', lastName: 'Runner', email, password: PASSWORD, businessName: `Bench ${tag}` },
    expect: 201,
  });
  await client.request('POST', '/auth/verify-email', {
    json: { email, code: await verificationCode(email) },
    expect: 200,
  });
  const signedIn = await login(base, email);
  const claims = jwtClaims(signedIn.token);
  return { client: signedIn, email, userId: claims.sub, businessId: claims.bid };
}

/**
 * A fresh session (15 min access token) for the same user, on a possibly restarted server. The access token is
 * read from the body when the server sends it there, else from its cookie.
 */
export async function login(base, email) {
  const client = new Client(base);
  await client.request('GET', '/auth/csrf', { expect: 200 });
  const { data } = await client.request('POST', '/auth/login', {
    json: { email, password: PASSWORD, rememberMe: true },
    expect: 200,
  });
  client.token = data.accessToken ?? client.cookies.get('atrium_at');
  return client;
}
