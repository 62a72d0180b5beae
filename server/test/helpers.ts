import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_ROOT, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { SQL } from 'drizzle-orm';
import { openPostgres, type Database, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createMemoryMailer, type Mailer, type MailMessage } from '../src/lib/mail';
import { startStripeFake, type FakeStripe, type FakeStripeOptions } from './fakes/stripe';
import { pgliteFromTemplate } from './pglite-template';
import { createPostgresDatabase, databaseUrl, dropPostgresDatabase } from './postgres-template';

/** The rows of raw SQL run through drizzle (its execute answer is typed per driver; both carry `rows`). */
export async function sqlRows<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a copy of the migrated PGlite template, or — with
 * TEST_DATABASE_URL — a new PostgreSQL database `atrium_test_<random>`, a copy of the migrated template database
 * (test/postgres-template.ts; migrated here when there is none), dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await pgliteFromTemplate();
    return { handle, drop: () => handle.close() };
  }
  const { name, migrated } = await createPostgresDatabase(adminUrl);
  const handle = openPostgres(databaseUrl(adminUrl, name), { poolSize: 4 });
  if (!migrated) await runMigrations(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  secret: string;
  database: DatabaseHandle;
  /** Every e-mail the app (and its siblings) sent, oldest first. */
  mails: MailMessage[];
  /** A second app on the same database (e.g. with other limits). Closed by close(). */
  sibling(env?: NodeJS.ProcessEnv): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export const TEST_ENV: NodeJS.ProcessEnv = {
  DATA_DIR: '/nonexistent/atrium-test-data',
  WEB_DIR: '/nonexistent/atrium-test-web',
  // Many sign-ups per file come from one address; the limit itself is tested with a sibling app.
  REGISTER_RATE_LIMIT: '1000',
  LOG_LEVEL: 'silent',
};

/** Every mail sent by any test mailer of this test file (signedInAgent reads verification codes here). */
const allMails: MailMessage[] = [];

/**
 * A memory mailer whose messages are also seen by signedInAgent. Pass it to buildApp when a test builds its
 * app itself (createTestApp does already).
 */
export function testMailer(): Mailer & { sent: MailMessage[] } {
  const mailer = createMemoryMailer();
  return {
    ...mailer,
    async send(message) {
      allMails.push(message);
      await mailer.send(message);
    },
  };
}

/** The 6-digit code of the newest verification mail to `email` (from `mails`, default: every test mailer's). */
export function verificationCode(email: string, mails: readonly MailMessage[] = allMails): string {
  for (let i = mails.length - 1; i >= 0; i--) {
    const mail = mails[i]!;
    if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
    const match = /Your verification code is (\d{6})/.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`no verification mail to ${email}`);
}

/** The token of the newest password-reset mail to `email`. */
export function resetToken(email: string, mails: readonly MailMessage[] = allMails): string {
  for (let i = mails.length - 1; i >= 0; i--) {
    const mail = mails[i]!;
    if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
    const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no reset mail to ${email}`);
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const secret = randomBytes(32).toString('base64url');
  const apps: FastifyInstance[] = [];
  const mailer = testMailer();
  const make = async (extra: NodeJS.ProcessEnv) => {
    const config = loadConfig({ ...TEST_ENV, ...env, ...extra });
    const app = await buildApp({ config, database: db.handle, secret, logger: false, mailer });
    await app.ready();
    apps.push(app);
    return { app, config };
  };
  const { app, config } = await make({});
  return {
    app,
    config,
    secret,
    database: db.handle,
    mails: mailer.sent,
    sibling: async (extra = {}) => (await make(extra)).app,
    close: async () => {
      for (const a of apps) await a.close();
      await db.drop();
    },
  };
}

interface StoredCookie {
  value: string;
  path: string;
}

/** What a test sends; `csrf: false` leaves the CSRF header out. */
export type AgentRequest = Omit<InjectOptions, 'url'> & { url: string; csrf?: boolean };

/**
 * A browser stand-in over app.inject: keeps cookies (honouring their path and deletion) and sends the CSRF
 * header from the xsrf cookie on unsafe requests, like the api-client does.
 */
export class Agent {
  readonly jar = new Map<string, StoredCookie>();

  constructor(private readonly app: FastifyInstance) {}

  /** Fetches a CSRF token, as the SPA's first page load does. */
  async init(): Promise<this> {
    await this.request({ method: 'GET', url: `${API_ROOT}/auth/csrf` });
    return this;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  async request(options: AgentRequest): Promise<LightMyRequestResponse> {
    const { csrf = true, url, headers = {}, ...rest } = options;
    const method = (rest.method ?? 'GET').toString().toUpperCase();
    const path = url.split('?', 1)[0] ?? url;
    const cookies: Record<string, string> = {};
    for (const [name, c] of this.jar) if (path.startsWith(c.path)) cookies[name] = c.value;
    const xsrf = this.cookie(XSRF_COOKIE);
    const csrfHeader = csrf && xsrf && !['GET', 'HEAD', 'OPTIONS'].includes(method) ? { [XSRF_HEADER]: xsrf } : {};
    const response = await this.app.inject({ ...rest, url, cookies, headers: { ...csrfHeader, ...headers } });
    for (const c of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return response;
  }

  post(url: string, payload?: unknown, extra: Partial<AgentRequest> = {}) {
    return this.request({
      method: 'POST',
      url: `${API_ROOT}${url}`,
      payload: payload as InjectOptions['payload'],
      ...extra,
    });
  }

  get(url: string, extra: Partial<AgentRequest> = {}) {
    return this.request({ method: 'GET', url: `${API_ROOT}${url}`, ...extra });
  }

  put(url: string, payload?: unknown, extra: Partial<AgentRequest> = {}) {
    return this.request({
      method: 'PUT',
      url: `${API_ROOT}${url}`,
      payload: payload as InjectOptions['payload'],
      ...extra,
    });
  }

  patch(url: string, payload?: unknown, extra: Partial<AgentRequest> = {}) {
    return this.request({
      method: 'PATCH',
      url: `${API_ROOT}${url}`,
      payload: payload as InjectOptions['payload'],
      ...extra,
    });
  }

  delete(url: string, payload?: unknown, extra: Partial<AgentRequest> = {}) {
    return this.request({
      method: 'DELETE',
      url: `${API_ROOT}${url}`,
      payload: payload as InjectOptions['payload'],
      ...extra,
    });
  }
}

let counter = 0;
/** A unique, valid sign-up. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id}@example.com`,
    password: 'analytical1',
    ...overrides,
  };
}

/**
 * Signs a fresh user up through the API and verifies the address with the mailed code (as a person would),
 * without signing in. The app must send mail through a test mailer (createTestApp, or testMailer()).
 */
export async function registerVerified(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const agent = await new Agent(app).init();
  const signup = newSignup(overrides);
  const res = await agent.post('/auth/register', signup);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const verified = await agent.post('/auth/verify-email', {
    email: signup.email,
    code: verificationCode(signup.email),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return { agent, signup };
}

/** Registers and verifies a fresh user through the API, signs in and returns the signed-in agent. */
export async function signedInAgent(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { agent, signup } = await registerVerified(app, overrides);
  const res = await agent.post('/auth/login', { email: signup.email, password: signup.password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return {
    agent,
    signup,
    body: res.json() as { user: { id: string; businessId: string }; accessToken: string; refreshToken: string },
  };
}

/** A query string from a record (values encoded; objects as JSON). */
export function qs(params: Record<string, unknown>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The Set-Cookie header lines of a response, by cookie name. */
export function setCookieLines(response: LightMyRequestResponse): Map<string, string> {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** An inject answer as the API tests read it. */
export type Answer = { statusCode: number; body: string; json(): unknown };

/** The answer's `data` once its status is the one expected (else an error naming the status and the body). */
export function dataOf(res: Answer, status = 200): unknown {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: unknown }).data;
}

/** The spec's error shape of an answer: its status, code, message and field details. */
export function errorOf(res: Answer) {
  const body = res.json() as { code: string; error: string; details?: { field: string; message: string }[] };
  return { status: res.statusCode, code: body.code, error: body.error, details: body.details };
}

/**
 * A test app whose card payments (Stripe Connect) talk to a new fake: the secret key, the Connect webhook's secret
 * and the API address set; `env` adds the rest (Billing's secrets and prices).
 */
export async function appWithStripeFake(
  options: FakeStripeOptions,
  env: NodeJS.ProcessEnv = {},
): Promise<{ fake: FakeStripe; t: TestApp }> {
  const fake = await startStripeFake(options);
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_atrium',
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_API_URL: fake.url,
    ...env,
  });
  return { fake, t };
}
