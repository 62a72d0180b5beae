import path from 'node:path';
import * as z from 'zod';
import { REMOTE_NAMES, REMOTE_PORTS, type RemoteName, type RemotesManifest } from '@atrium/contracts';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './db/client';
import { repoRoot } from './lib/paths';

const REMOTE_ENV: Record<RemoteName, string> = {
  crm: 'REMOTE_CRM_URL',
  work: 'REMOTE_WORK_URL',
  documents_signatures: 'REMOTE_DOCUMENTS_SIGNATURES_URL',
  comms: 'REMOTE_COMMS_URL',
  community_market: 'REMOTE_COMMUNITY_MARKET_URL',
  admin: 'REMOTE_ADMIN_URL',
};

/** Empty strings count as "not set", as shells and compose files often pass them. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const bool = (fallback: boolean) =>
  optional(z.enum(['true', 'false', '1', '0', 'yes', 'no'])).transform((v) =>
    v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes',
  );

const positiveInt = (fallback: number) => optional(z.coerce.number().int().positive()).transform((v) => v ?? fallback);

function envSchema(root: string) {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      REMOTE_ENV[name],
      optional(z.url({ protocol: /^https?$/ })).transform(
        (v) => v ?? `http://localhost:${REMOTE_PORTS[name]}/remoteEntry.js`,
      ),
    ]),
  ) as Record<string, z.ZodType<string>>;

  return z.object({
    PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((v) => v ?? 3000),
    HOST: optional(z.string()).transform((v) => v ?? '0.0.0.0'),
    DATA_DIR: optional(z.string()).transform((v) => path.resolve(v ?? path.join(root, '.data', 'pglite'))),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')),
    REDIS_KEY_PREFIX: optional(z.string().regex(/^[\w:.-]{1,64}$/)).transform((v) => v ?? 'atrium:'),
    APP_SECRET: optional(z.string().min(16, 'APP_SECRET must be at least 16 characters (use 32+ random ones)')),
    WEB_DIR: optional(z.string()).transform((v) => path.resolve(v ?? path.join(root, 'host', 'dist'))),
    COOKIE_SECURE: bool(false),
    TRUST_PROXY: bool(false),
    LOGIN_RATE_LIMIT: positiveInt(10),
    REGISTER_RATE_LIMIT: positiveInt(20),
    LOGIN_ACCOUNT_RATE_LIMIT: positiveInt(20),
    LOGIN_IP_RATE_LIMIT: positiveInt(100),
    FORM_SUBMIT_RATE_LIMIT: positiveInt(20),
    APP_URL: optional(z.url({ protocol: /^https?$/ })),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')),
    MAIL_FROM: optional(z.string()).transform((v) => v ?? 'Atrium <no-reply@atrium.local>'),
    MAIL_OUTBOX_DIR: optional(z.string()),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    GOOGLE_ISSUER: optional(z.url({ protocol: /^https?$/ })).transform((v) => v ?? 'https://accounts.google.com'),
    GOOGLE_CALENDAR_API_URL: optional(z.url({ protocol: /^https?$/ })).transform(
      (v) => v ?? 'https://www.googleapis.com/',
    ),
    GOOGLE_OAUTH_AUTHORIZE_URL: optional(z.url({ protocol: /^https?$/ })).transform(
      (v) => v ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    ),
    GOOGLE_OAUTH_TOKEN_URL: optional(z.url({ protocol: /^https?$/ })).transform(
      (v) => v ?? 'https://oauth2.googleapis.com/token',
    ),
    GOOGLE_OAUTH_REVOKE_URL: optional(z.url({ protocol: /^https?$/ })).transform(
      (v) => v ?? 'https://oauth2.googleapis.com/revoke',
    ),
    GOOGLE_CALENDAR_SYNC_INTERVAL_SECONDS: positiveInt(300),
    GMAIL_API_URL: optional(z.url({ protocol: /^https?$/ })).transform((v) => v ?? 'https://gmail.googleapis.com/'),
    GMAIL_POLL_INTERVAL_SECONDS: positiveInt(60),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_…)')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().min(8, 'STRIPE_WEBHOOK_SECRET must be the endpoint secret (whsec_…)')),
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })).transform((v) => v ?? 'https://api.stripe.com'),
    STRIPE_BILLING_WEBHOOK_SECRET: optional(
      z.string().min(8, 'STRIPE_BILLING_WEBHOOK_SECRET must be the endpoint secret (whsec_…)'),
    ),
    STRIPE_PRICE_PRO: optional(z.string().regex(/^price_\w+$/, 'STRIPE_PRICE_PRO must be a Stripe price id (price_…)')),
    STRIPE_PRICE_BUSINESS: optional(
      z.string().regex(/^price_\w+$/, 'STRIPE_PRICE_BUSINESS must be a Stripe price id (price_…)'),
    ),
    WEATHER_FORECAST_URL: optional(z.url({ protocol: /^https?$/ })).transform((v) => v ?? 'https://api.open-meteo.com'),
    WEATHER_GEOCODING_URL: optional(z.url({ protocol: /^https?$/ })).transform(
      (v) => v ?? 'https://geocoding-api.open-meteo.com',
    ),
    WEATHER_CACHE_SECONDS: positiveInt(1800),
    SENTRY_DSN: optional(sentryDsn('SENTRY_DSN')),
    SENTRY_BROWSER_DSN: optional(sentryDsn('SENTRY_BROWSER_DSN')),
    SENTRY_ENVIRONMENT: optional(z.string().regex(/^[\w.-]{1,64}$/, 'SENTRY_ENVIRONMENT: letters, digits, . _ -')),
    SENTRY_RELEASE: optional(z.string().regex(/^[\w.@+-]{1,200}$/, 'SENTRY_RELEASE: letters, digits, . _ - @ +')),
    INTERCOM_SECRET: optional(z.string().min(16, 'INTERCOM_SECRET must be at least 16 characters')),
    INTERCOM_TOKEN_TTL_SECONDS: positiveInt(3600),
    SIGNING_P12_PATH: optional(z.string()).transform((v) => (v === undefined ? undefined : path.resolve(v))),
    SIGNING_P12_PASSPHRASE: optional(z.string()),
    // No default: anyone who verifies a mailbox at a default domain would see every user of a self-hosted install.
    ADMIN_EMAIL_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]+$/i)).transform((v) => v?.toLowerCase() ?? null),
    DB_CONNECT_TIMEOUT_MS: positiveInt(DEFAULT_POSTGRES_TIMEOUTS.connectMs),
    DB_STATEMENT_TIMEOUT_MS: positiveInt(DEFAULT_POSTGRES_TIMEOUTS.statementMs),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    SQL_STATEMENT_LOG: optional(z.string()).transform((v) => (v === undefined ? undefined : path.resolve(v))),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).transform(
      (v) => v ?? 'info',
    ),
    ...remotes,
  });
}

export interface GoogleCalendarConfig {
  clientId: string;
  clientSecret: string;
  /** The Calendar API's root (the client library's rootUrl), ending in '/'. */
  apiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** How often each connected calendar is synced in the background. */
  syncIntervalSeconds: number;
}

/** Gmail (modules/gmail): the same Google client and OAuth addresses as the calendar, its own API root. */
export interface GmailConfig {
  clientId: string;
  clientSecret: string;
  /** The Gmail API's root (the client library's rootUrl), ending in '/'. */
  apiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** How often each connected mailbox's history is polled for replies. */
  pollIntervalSeconds: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL split for the client library's host/port/protocol options. */
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; also holds secret.key when APP_SECRET is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * redis(s)://…: rate-limit counters and session checks shared by every API process (lib/redis.ts); unset = each
   * process's memory (the embedded default, right for one process).
   */
  redisUrl: string | undefined;
  /** Prefix of every Redis key (several installations, or test runs, may share one Redis). */
  redisKeyPrefix: string;
  appSecret: string | undefined;
  webDir: string;
  remotes: RemotesManifest['remotes'];
  cookieSecure: boolean;
  trustProxy: boolean;
  /** Sign-in attempts per minute per IP + e-mail (also verify-email per IP + e-mail, reset-password per IP). */
  loginRateLimit: number;
  /** Attempts per 10 minutes per IP. */
  registerRateLimit: number;
  /**
   * Failed sign-ins per 15 minutes per account (e-mail), from any address — refusing only browsers the account does
   * not know; a browser that signed in to it before has a bucket of this size of its own (auth/login-throttle.ts).
   */
  loginAccountRateLimit: number;
  /** Failed sign-ins per 15 minutes per client address, across all accounts (credential stuffing; known browsers pass). */
  loginIpRateLimit: number;
  /** Public form submissions and questionnaire answers per minute per client address. */
  formSubmitRateLimit: number;
  /** Public base URL of the app, for links in e-mails (default http://localhost:PORT). */
  appUrl: string;
  /** smtp(s)://user:pass@host:port; unset → mail goes to mailOutboxDir. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** Google sign-in is on when both are set; the issuer is configurable for tests (a local mock OIDC issuer). */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /**
   * Google Calendar two-way sync (modules/google-calendar): on when GOOGLE_CLIENT_ID/SECRET are set. The API, consent
   * and token addresses are configurable so tests point the real client library at a local fake.
   */
  googleCalendar: GoogleCalendarConfig | null;
  /** Gmail sending and reply polling (modules/gmail): on when GOOGLE_CLIENT_ID/SECRET are set. */
  gmail: GmailConfig | null;
  /**
   * Card payments (modules/stripe, modules/payments): on when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both
   * set (null: "not set up" everywhere). The API address is configurable so tests point the real client at a fake.
   */
  stripe: StripeConfig | null;
  /**
   * The header's weather (modules/weather): Open-Meteo-shaped forecast and geocoding roots (configurable so tests
   * and the e2e run point them at a local fake), answers cached per location for cacheMs (30 min by default).
   */
  weather: { forecastUrl: string; geocodingUrl: string; cacheMs: number; timeoutMs: number };
  /**
   * The document seal (modules/signatures/pdf): a PKCS#12 file (RSA key + certificate) and its passphrase; unset = a
   * self-signed seal generated at the first start and kept in the database, sealed with the app secret.
   */
  signingP12Path?: string;
  signingP12Passphrase?: string;
  /**
   * Error reporting to a Sentry-compatible endpoint (lib/error-reporting.ts, the official SDKs): the server reports
   * its own 5xx and crashes when `server` is set; the browser apps report theirs when `browser` is set (handed to
   * them in /remotes.json). SENTRY_BROWSER_DSN defaults to SENTRY_DSN. Both null: off.
   */
  errorReporting: { server: string | null; browser: string | null; environment: string; release?: string };
  /** The help chat's identity token (GET /intercom/jwt): on when INTERCOM_SECRET is set, null = off. */
  intercom: { secret: string; ttlSeconds: number } | null;
  /** Users whose e-mail ends with @this domain may use the admin pages; null (the default) = no one. */
  adminEmailDomain: string | null;
  /** PostgreSQL waits (connect / pool slot, statement, client read) before a request answers 503. */
  dbTimeouts: PostgresTimeouts;
  /** A graceful stop that has not finished by then exits anyway. */
  shutdownTimeoutMs: number;
  logLevel: string;
  /** Diagnostics: a file that gets each distinct SQL text the server runs, once (db/statement-log.ts). */
  sqlStatementLog: string | undefined;
  /**
   * The business's own Atrium plan through Stripe Billing (modules/subscriptions): on when STRIPE_SECRET_KEY,
   * STRIPE_BILLING_WEBHOOK_SECRET (the platform account's endpoint, apart from the Connect one) and at least one
   * STRIPE_PRICE_* are set; null = "not set up" on the subscription page.
   */
  billing: BillingConfig | null;
}

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** Stripe's recurring price of each paid tier (a tier without one cannot be bought). */
  prices: { pro?: string; business?: string };
}

/** A Sentry DSN: http(s)://<public key>@<host>[:port]/[path/]<project id>. */
function sentryDsn(name: string) {
  return z.string().refine((v) => {
    try {
      const u = new URL(v);
      return /^https?:$/.test(u.protocol) && u.username !== '' && /\/\d+$/.test(u.pathname);
    } catch {
      return false;
    }
  }, `${name} must be a DSN like https://<public key>@<host>/<project id>`);
}

function stripeConfig(e: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL: string }) {
  const url = new URL(e.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    secretKey: e.STRIPE_SECRET_KEY as string,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function billingConfig(e: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_BILLING_WEBHOOK_SECRET?: string;
  STRIPE_API_URL: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_PRICE_BUSINESS?: string;
}): BillingConfig | null {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_BILLING_WEBHOOK_SECRET) return null;
  if (!e.STRIPE_PRICE_PRO && !e.STRIPE_PRICE_BUSINESS) return null;
  const { webhookSecret: _connect, ...api } = stripeConfig(e);
  return {
    ...api,
    webhookSecret: e.STRIPE_BILLING_WEBHOOK_SECRET,
    prices: {
      ...(e.STRIPE_PRICE_PRO ? { pro: e.STRIPE_PRICE_PRO } : {}),
      ...(e.STRIPE_PRICE_BUSINESS ? { business: e.STRIPE_PRICE_BUSINESS } : {}),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema(repoRoot()).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data as z.infer<ReturnType<typeof envSchema>> & Record<string, string>;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    appSecret: e.APP_SECRET,
    webDir: e.WEB_DIR,
    remotes: REMOTE_NAMES.map((name) => ({ name, entry: e[REMOTE_ENV[name]] as string })),
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    loginAccountRateLimit: e.LOGIN_ACCOUNT_RATE_LIMIT,
    loginIpRateLimit: e.LOGIN_IP_RATE_LIMIT,
    formSubmitRateLimit: e.FORM_SUBMIT_RATE_LIMIT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(e.DATA_DIR, 'mail-outbox')),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    googleCalendar:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            apiUrl: e.GOOGLE_CALENDAR_API_URL.endsWith('/')
              ? e.GOOGLE_CALENDAR_API_URL
              : `${e.GOOGLE_CALENDAR_API_URL}/`,
            authorizeUrl: e.GOOGLE_OAUTH_AUTHORIZE_URL,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
            revokeUrl: e.GOOGLE_OAUTH_REVOKE_URL,
            syncIntervalSeconds: e.GOOGLE_CALENDAR_SYNC_INTERVAL_SECONDS,
          }
        : null,
    gmail:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            apiUrl: e.GMAIL_API_URL.endsWith('/') ? e.GMAIL_API_URL : `${e.GMAIL_API_URL}/`,
            authorizeUrl: e.GOOGLE_OAUTH_AUTHORIZE_URL,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
            revokeUrl: e.GOOGLE_OAUTH_REVOKE_URL,
            pollIntervalSeconds: e.GMAIL_POLL_INTERVAL_SECONDS,
          }
        : null,
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? stripeConfig(e) : null,
    billing: billingConfig(e),
    weather: {
      forecastUrl: e.WEATHER_FORECAST_URL,
      geocodingUrl: e.WEATHER_GEOCODING_URL,
      cacheMs: e.WEATHER_CACHE_SECONDS * 1000,
      timeoutMs: 5_000,
    },
    signingP12Path: e.SIGNING_P12_PATH,
    signingP12Passphrase: e.SIGNING_P12_PASSPHRASE,
    adminEmailDomain: e.ADMIN_EMAIL_DOMAIN,
    errorReporting: {
      server: e.SENTRY_DSN ?? null,
      browser: e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN ?? null,
      environment: e.SENTRY_ENVIRONMENT ?? (env.NODE_ENV === 'production' ? 'production' : 'development'),
      ...(e.SENTRY_RELEASE ? { release: e.SENTRY_RELEASE } : {}),
    },
    intercom: e.INTERCOM_SECRET ? { secret: e.INTERCOM_SECRET, ttlSeconds: e.INTERCOM_TOKEN_TTL_SECONDS } : null,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      // The client waits a little longer than the server's own limit, so a slow statement is cancelled cleanly.
      queryMs: e.DB_STATEMENT_TIMEOUT_MS + 5_000,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    sqlStatementLog: e.SQL_STATEMENT_LOG,
  };
}
