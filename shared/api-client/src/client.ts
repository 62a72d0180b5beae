import ky, { type KyInstance } from 'ky';
import type { AuthAnswer, LoginInput, RegisterInput, User } from '@atrium/contracts';
import {
  API_ROOT,
  API_TIMEOUT_MS,
  AUTO_LOGIN_TIMEOUT_MS,
  CSRF_RENEWAL_LIMIT,
  CSRF_RENEWAL_WINDOW_MS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@atrium/contracts/constants';
import { MESSAGES } from '@atrium/contracts/messages';
import { bus } from '@atrium/event-bus';
import { ApiError, fromResponse, networkError } from './api-error';
import { CircuitBreaker } from './circuit-breaker';
import { isQuiet } from './quiet';
import { adoptSessionUser, clearSession, markSignedIn, sessionBusinessChanged, touchActivity } from './session';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RequestOptions {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string | number | boolean | undefined | null>;
  timeout?: number;
  signal?: AbortSignal;
}

export type RegisterResult =
  { requiresVerification: true; email: string } | { requiresVerification: false; email: string; user: User };

export interface ClientOptions {
  /** Absolute or relative API root; default '/api/v1' (same origin as the app). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Reads a cookie by name; default reads document.cookie. */
  readCookie?: (name: string) => string | null;
  timeoutMs?: number;
  autoLoginTimeoutMs?: number;
  now?: () => number;
}

/** Auth endpoints never trigger the refresh-and-replay rule (they ARE the session machinery). */
const NO_REFRESH =
  /^auth\/(login|register|refresh|auto-login|logout|renew-csrf|csrf|verify-email|resend-verification|forgot-password|reset-password)$/;
const CSRF_TEXT = /csrf|xsrf/i;

function documentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function cleanQuery(q: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!q) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Refresh tokens rotate and a reused one revokes the session, so two tabs must never refresh at once:
 * a Web Lock makes the second tab wait, then send the cookie the first tab's refresh just set.
 */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request('atrium-session-refresh', fn) as Promise<T>) : fn();
}

type FlightKind = 'refresh' | 'autoLogin' | 'logout';

export function createApiClient(options: ClientOptions = {}) {
  const readCookie = options.readCookie ?? documentCookie;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const autoLoginTimeoutMs = options.autoLoginTimeoutMs ?? AUTO_LOGIN_TIMEOUT_MS;
  const breaker = new CircuitBreaker(CSRF_RENEWAL_LIMIT, CSRF_RENEWAL_WINDOW_MS, options.now);
  let lastXsrf: string | null = null;
  /** Only one refresh or auto-login runs at a time; others wait for it. */
  let sessionFlight: Promise<unknown> | null = null;
  let flightKind: FlightKind | null = null;

  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl ?? API_ROOT,
    credentials: 'include',
    timeout: timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        (request) => {
          if (request.method !== 'GET' && request.method !== 'HEAD') {
            const token = lastXsrf ?? readCookie(XSRF_COOKIE);
            if (token) request.headers.set(XSRF_HEADER, token);
          }
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          const token = response.headers.get(XSRF_HEADER);
          if (token) lastXsrf = token;
        },
      ],
    },
  });

  async function raw(method: Method, path: string, o: RequestOptions = {}): Promise<Response> {
    try {
      return await http(path, {
        method,
        json: o.json,
        body: o.body,
        searchParams: cleanQuery(o.searchParams),
        timeout: o.timeout ?? timeoutMs,
        signal: o.signal,
      });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError') throw networkError(MESSAGES.requestTimedOut);
      throw networkError(err.message || 'Network error');
    }
  }

  /**
   * Same kind in flight: share its answer. The other kind in flight: a refresh takes an auto-login's (or a
   * sign-out's) outcome (user or not), anything else waits for it and then runs; never two at once. So a
   * sign-out waits for an auto-login already on its way, whose answer (and cookies) would otherwise land after
   * the sign-out and open the session again, and an auto-login asked for meanwhile runs after the sign-out.
   */
  function single<T>(kind: FlightKind, fn: () => Promise<T>): Promise<T> {
    if (sessionFlight) {
      if (flightKind === kind) return sessionFlight as Promise<T>;
      if (kind === 'refresh')
        return sessionFlight.then(
          (user) => user != null,
          () => false,
        ) as Promise<T>;
      const again = () => single(kind, fn);
      return sessionFlight.then(again, again);
    }
    const p = fn().finally(() => {
      sessionFlight = null;
      flightKind = null;
    });
    sessionFlight = p;
    flightKind = kind;
    return p;
  }

  async function renewCsrf(): Promise<boolean> {
    const res = await raw('POST', 'auth/renew-csrf');
    const body = (await readBody(res)) as { csrfToken?: string } | undefined;
    if (body?.csrfToken) lastXsrf = body.csrfToken;
    return res.ok;
  }

  function refresh(): Promise<boolean> {
    return single('refresh', async () => {
      try {
        const res = await acrossTabs(() => raw('POST', 'auth/refresh'));
        return res.ok;
      } catch {
        return false;
      }
    });
  }

  let expiredAt = -Infinity;
  function expire(): never {
    clearSession();
    // Calls that fail together report the expiry once.
    const t = (options.now ?? Date.now)();
    if (t - expiredAt > 1000) bus.emit('auth:session-expired', { message: MESSAGES.sessionExpired });
    expiredAt = t;
    throw new ApiError(401, 'AUTH_FAILED', MESSAGES.authFailed);
  }

  async function request<T>(
    method: Method,
    path: string,
    o: RequestOptions = {},
    retried = { auth: false, csrf: false },
  ): Promise<T> {
    const clean = path.replace(/^\//, '');
    if (method !== 'GET' && !lastXsrf && !readCookie(XSRF_COOKIE) && !/^auth\/(renew-csrf|csrf)$/.test(clean)) {
      await renewCsrf().catch(() => false);
    }
    const res = await raw(method, clean, o);
    if (res.ok) {
      touchActivity();
      return (await readBody(res)) as T;
    }
    const body = await readBody(res);
    if (res.status === 401 && !NO_REFRESH.test(clean)) {
      if (!retried.auth && (await refresh())) return request<T>(method, path, o, { ...retried, auth: true });
      return expire();
    }
    const message =
      body && typeof body === 'object'
        ? String(
            (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message ?? '',
          )
        : '';
    if (res.status === 403 && CSRF_TEXT.test(message) && !retried.csrf && breaker.tryAcquire()) {
      await renewCsrf();
      return request<T>(method, path, o, { ...retried, csrf: true });
    }
    const quiet = isQuiet(method, clean, res.status);
    const error = fromResponse(res.status, body, res.statusText, quiet);
    // Spec §8 "Reporting": 5xx as high severity, 429 as a rate-limit warning (the host's error reporting listens).
    if (!quiet && (res.status >= 500 || res.status === 429)) {
      // The path without its query: ids stay, searched text and filters do not leave the browser.
      bus.emit('api:failure', { status: res.status, code: error.code, message: error.message, method, path: clean });
    }
    throw error;
  }

  /** A sign-in answered this user: the session takes it, the CSRF token is renewed, 'auth:signed-in' goes out. */
  async function openSession(user: User): Promise<void> {
    markSignedIn(user);
    await renewCsrf().catch(() => false);
    bus.emit('auth:signed-in', { userId: user.id });
  }

  const authResult = (body: unknown): AuthAnswer | null =>
    body && typeof body === 'object' && 'success' in body ? (body as AuthAnswer) : null;

  const auth = {
    /** Never throws: resolves to the spec's result shape with the spec's messages. */
    async login(
      input: LoginInput,
    ): Promise<{ success: true; user: User } | { success: false; code: string; error: string }> {
      let res: Response;
      try {
        await (lastXsrf || readCookie(XSRF_COOKIE) ? Promise.resolve() : renewCsrf().catch(() => false));
        res = await raw('POST', 'auth/login', { json: { rememberMe: true, ...input } });
      } catch (e) {
        const err = e as ApiError;
        return {
          success: false,
          code: 'LOGIN_FAILED',
          error: err.message === MESSAGES.requestTimedOut ? err.message : MESSAGES.invalidCredentials,
        };
      }
      const body = authResult(await readBody(res));
      if (res.ok && body?.success && body.user) {
        await openSession(body.user);
        return { success: true, user: body.user };
      }
      if (res.ok) return { success: false, code: 'LOGIN_FAILED', error: MESSAGES.invalidResponse };
      if (body?.code === 'EMAIL_NOT_VERIFIED')
        return { success: false, code: 'EMAIL_NOT_VERIFIED', error: body.error ?? 'Email not verified' };
      return { success: false, code: 'LOGIN_FAILED', error: body?.error || MESSAGES.invalidCredentials };
    },

    /**
     * Throws ApiError (VALIDATION_ERROR carries field details in data). The account starts unverified: the
     * server mails a code and opens no session, so the answer is where to verify. (A server that signs the
     * user in straight away answers a user, and the session takes it.)
     */
    async register(input: RegisterInput): Promise<RegisterResult> {
      const body = await request<AuthAnswer & { requiresVerification?: boolean; email?: string }>(
        'POST',
        'auth/register',
        { json: input },
      );
      if (!body?.success) throw new ApiError(500, 'INVALID_RESPONSE', MESSAGES.signupFailed);
      if (body.user && !body.requiresVerification) {
        await openSession(body.user);
        return { requiresVerification: false, email: body.user.email, user: body.user };
      }
      return { requiresVerification: true, email: body.email ?? input.email };
    },

    /**
     * On load and route change. A failure clears the user. Waits for any refresh in flight, then runs.
     * `stopAfterMs` shortens the attempt below the auto-login timeout (the home route forces a stop after
     * HOME_AUTO_LOGIN_STOP_MS); an attempt already on its way keeps its own limit.
     */
    autoLogin(opts: { stopAfterMs?: number } = {}): Promise<User | null> {
      const limit = Math.min(opts.stopAfterMs ?? autoLoginTimeoutMs, autoLoginTimeoutMs);
      return single('autoLogin', async () => {
        try {
          const res = await acrossTabs(() => raw('POST', 'auth/auto-login', { timeout: limit }));
          const body = authResult(await readBody(res));
          if (res.ok && body?.success && body.user) {
            markSignedIn(body.user);
            return body.user;
          }
        } catch {
          // timeout or network: treated as not signed in
        }
        clearSession();
        return null;
      });
    },

    refresh,
    renewCsrf,

    /*
     * The only writes to the session outside sign-in, refresh and sign-out. Domain calls use them (a Google
     * sign-in, a business switch, a profile change); apps never write the session themselves.
     */
    /** Another sign-in route (Google) answered this user: opened like a password sign-in. */
    openSession,
    /** The server answered the session's user anew; a change of current business is announced. */
    adoptUser: adoptSessionUser,
    /** The current business was renamed or retyped: the session user's copy follows. */
    businessChanged: sessionBusinessChanged,

    logout(): Promise<void> {
      return single('logout', async () => {
        try {
          await raw('POST', 'auth/logout');
        } catch {
          // The session ends here whatever the server answered.
        } finally {
          clearSession();
          lastXsrf = null;
          bus.emit('auth:signed-out', {});
        }
      });
    },
  };

  return {
    http,
    request,
    get: <T>(path: string, searchParams?: RequestOptions['searchParams'], o?: RequestOptions) =>
      request<T>('GET', path, { ...o, searchParams }),
    post: <T>(path: string, json?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, json }),
    put: <T>(path: string, json?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, json }),
    patch: <T>(path: string, json?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, json }),
    delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
    upload: <T>(path: string, form: FormData, o?: RequestOptions) => request<T>('POST', path, { ...o, body: form }),
    auth,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
