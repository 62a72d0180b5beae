import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { AttemptLimiter, type CounterStore, type LimitState } from './attempt-limiter';

/** Window of the failure counters (per address, per account, per known device). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Window of the per address + account attempt limit. */
export const LOGIN_SOURCE_WINDOW_MS = 60_000;

/** Who is trying to sign in to what. */
export interface LoginSource {
  /** The client address as the server sees it (TRUST_PROXY decides whether that is the proxy's). */
  ip: string;
  /** The lower-cased e-mail: the account (whether or not it exists, so the answers do not tell). */
  account: string;
  /** The device id of a good known-device entry for this account (KnownDevices), else null. */
  deviceId: string | null;
}

/** Told where the client stands after each step (and whether it was refused), for the answer's headers. */
export type LimitListener = (state: LimitState, refused: boolean) => void;

/**
 * Sign-in throttling, slowing the source down rather than locking the account (OWASP "Blocking Brute Force
 * Attacks", device cookies):
 * - every attempt per address + account (`LOGIN_RATE_LIMIT` per minute), and failures per address across
 *   accounts (`LOGIN_IP_RATE_LIMIT` per 15 min, credential stuffing) — throttles of the source;
 * - failures per account from any address (`LOGIN_ACCOUNT_RATE_LIMIT` per 15 min) — but only for clients the
 *   account does not know. A browser that signed in to the account before (known-device cookie) counts its
 *   failures in a bucket of its own instead, so no one elsewhere can lock the owner out of their own browser;
 *   once that device has used up its own failures it is treated as unknown. Known devices are not refused by the
 *   per-address failure counter either (a whole office behind one address is not locked out by one guesser).
 */
export class LoginThrottle {
  private readonly source: AttemptLimiter;
  private readonly address: AttemptLimiter;
  private readonly account: AttemptLimiter;
  private readonly device: AttemptLimiter;

  constructor(
    store: CounterStore,
    config: Pick<Config, 'loginRateLimit' | 'loginIpRateLimit' | 'loginAccountRateLimit'>,
  ) {
    this.source = new AttemptLimiter(store, 'login-source', config.loginRateLimit, LOGIN_SOURCE_WINDOW_MS);
    this.address = new AttemptLimiter(store, 'login-ip', config.loginIpRateLimit, LOGIN_FAILURE_WINDOW_MS);
    this.account = new AttemptLimiter(store, 'login-account', config.loginAccountRateLimit, LOGIN_FAILURE_WINDOW_MS);
    this.device = new AttemptLimiter(store, 'login-device', config.loginAccountRateLimit, LOGIN_FAILURE_WINDOW_MS);
  }

  /**
   * Counts the attempt. Throws 429 RATE_LIMITED (after telling `onLimit` the refusing limit: remaining 0, the
   * wait until it frees) when a limit that applies to this client is used up; else tells `onLimit` the tightest.
   */
  async admit(source: LoginSource, onLimit: LimitListener): Promise<void> {
    const known = await this.knownDevice(source);
    // Failure counters are read first: a refused attempt does not use up the source's attempts.
    const failures = known
      ? [await this.device.check(source.deviceId!)]
      : [await this.address.check(source.ip), await this.account.check(source.account)];
    const refused = failures.filter((s) => s.exhausted);
    if (refused.length > 0) throw this.refuse(refused, onLimit);
    const attempt = await this.source.take(sourceKey(source));
    if (!attempt.allowed) throw this.refuse([attempt], onLimit);
    onLimit(tightest([attempt, ...failures]), false);
  }

  /** Counts a wrong password (or unknown account) against the limits that apply to this client. */
  async failed(source: LoginSource, onLimit: LimitListener): Promise<void> {
    const known = await this.knownDevice(source);
    const address = await this.address.hit(source.ip);
    const own = known ? await this.device.hit(source.deviceId!) : await this.account.hit(source.account);
    const attempt = await this.source.check(sourceKey(source));
    onLimit(tightest(known ? [attempt, own] : [attempt, address, own]), false);
  }

  /** A sign-in from a known device clears that device's own failures. */
  async succeeded(source: LoginSource): Promise<void> {
    if (source.deviceId) await this.device.reset(source.deviceId);
  }

  /** The owner proved the mailbox (password reset): the account's lock against unknown devices ends. */
  async forgive(account: string): Promise<void> {
    await this.account.reset(account);
  }

  private async knownDevice(source: LoginSource): Promise<boolean> {
    return source.deviceId !== null && !(await this.device.check(source.deviceId)).exhausted;
  }

  private refuse(refused: LimitState[], onLimit: LimitListener): AppError {
    // The client may try again once every limit that refused it has freed up.
    const longest = refused.reduce((a, b) => (b.resetInMs > a.resetInMs ? b : a));
    onLimit({ ...longest, remaining: 0, exhausted: true }, true);
    return new AppError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts);
  }
}

const sourceKey = (source: LoginSource) => `${source.ip}|${source.account}`;

/** The limit closest to refusing (fewest attempts left; then the longer wait). */
function tightest(states: LimitState[]): LimitState {
  return states.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetInMs > a.resetInMs) ? b : a,
  );
}

/**
 * The answer's rate-limit headers: `x-ratelimit-*` (what @fastify/rate-limit sends on the other routes) and the
 * IETF draft's `ratelimit-*`; reset and Retry-After in whole seconds (rounded up). Retry-After only on a refusal.
 */
export function rateLimitHeaders(state: LimitState, refused: boolean): Record<string, string> {
  const resetS = String(Math.ceil(state.resetInMs / 1000));
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': resetS,
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': resetS,
  };
  if (refused) headers['retry-after'] = String(Math.max(1, Math.ceil(state.resetInMs / 1000)));
  return headers;
}
