import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import type { GoogleCalendarConfig } from '../../config';
import { emailOfIdToken, type GoogleTokens, type GrantedConnection } from '../../lib/google-oauth';

/** What Atrium asks Google for: the calendar's events, and who the account is (to show "connected as …"). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
export const GOOGLE_CONSENT_SCOPES = ['openid', 'email', GOOGLE_CALENDAR_SCOPE];

/** One HTTP call to Google gives up after this (the job or the next sync tries again). */
const TIMEOUT_MS = 15_000;

export type GoogleEvent = calendar_v3.Schema$Event;

/**
 * What went wrong at Google, in the terms the sync acts on:
 * - `auth`: the grant is gone (revoked, expired, `invalid_grant`) or a 401/403 survived a token refresh → the
 *   connection needs the member to reconnect;
 * - `transient`: 429, 5xx, a rate-limit 403, the network or a timeout → tried again later, nothing lost;
 * - `gone` (410: a sync token too old, or an event already deleted), `not_found` (404), `precondition` (412: the
 *   event changed since our etag), `conflict` (409: the id exists), `invalid` (any other 4xx).
 */
export type GoogleFailure = 'auth' | 'transient' | 'gone' | 'not_found' | 'precondition' | 'conflict' | 'invalid';

export class GoogleCalendarError extends Error {
  constructor(
    readonly kind: GoogleFailure,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleCalendarError';
  }
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

interface GaxiosLike {
  message?: string;
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown };
}

/** Google's answer (a GaxiosError, a token-endpoint refusal, a socket error) as a GoogleCalendarError. */
export function classifyGoogleError(error: unknown): GoogleCalendarError {
  if (error instanceof GoogleCalendarError) return error;
  const e = (error ?? {}) as GaxiosLike;
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : null);
  const data = (e.response?.data ?? {}) as {
    error?: string | { message?: string; errors?: { reason?: string }[] };
    error_description?: string;
  };
  const message = typeof data.error === 'object' ? (data.error.message ?? e.message ?? 'Google error') : undefined;
  const reason = typeof data.error === 'object' ? data.error.errors?.[0]?.reason : undefined;
  const text = message ?? (typeof data.error === 'string' ? data.error : (e.message ?? String(error)));
  const fail = (kind: GoogleFailure) => new GoogleCalendarError(kind, status, text, { cause: error });
  // The token endpoint: invalid_grant (revoked, expired or already used), or no refresh token at all.
  if (data.error === 'invalid_grant' || data.error === 'unauthorized_client') return fail('auth');
  if (/No refresh token|Could not refresh access token/i.test(e.message ?? '')) return fail('auth');
  if (status === null) return fail('transient');
  if (status === 401) return fail('auth');
  if (status === 403) return fail(reason && RATE_LIMIT_REASONS.has(reason) ? 'transient' : 'auth');
  if (status === 429 || status === 408 || status >= 500) return fail('transient');
  if (status === 410) return fail('gone');
  if (status === 404) return fail('not_found');
  if (status === 412) return fail('precondition');
  if (status === 409) return fail('conflict');
  return fail('invalid');
}

export { pkcePair, type GoogleTokens, type GrantedConnection } from '../../lib/google-oauth';

export interface EventPage {
  items: GoogleEvent[];
  nextPageToken: string | null;
  nextSyncToken: string | null;
}

/**
 * Google's side of the sync through the official client (@googleapis/calendar and its OAuth2 client), every address
 * configurable (GOOGLE_CALENDAR_API_URL, GOOGLE_OAUTH_*_URL) so tests point it at a local fake. The library's own
 * retries are off: a failed call is retried by the sync job's backoff (lib/jobs.ts), which survives a restart.
 */
export class GoogleApi {
  constructor(
    private readonly config: GoogleCalendarConfig,
    readonly redirectUri: string,
  ) {}

  private oauth() {
    return new auth.OAuth2({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.redirectUri,
      // A stored access token Google refuses (revoked early, clock skew) is refreshed once before giving up.
      forceRefreshOnFailure: true,
      // Node's own fetch (gaxios would otherwise load node-fetch through a dynamic import on first use).
      transporterOptions: { fetchImplementation: fetch },
      endpoints: {
        oauth2AuthBaseUrl: this.config.authorizeUrl,
        oauth2TokenUrl: this.config.tokenUrl,
        oauth2RevokeUrl: this.config.revokeUrl,
      },
    });
  }

  /** Google's consent page: offline access (a refresh token), consent every time, PKCE S256 and our state. */
  authorizationUrl(state: string, codeChallenge: string): string {
    return this.oauth().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GOOGLE_CONSENT_SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
  }

  /** The authorization code (with the PKCE verifier) for tokens. */
  async exchange(code: string, codeVerifier: string): Promise<GrantedConnection> {
    try {
      const { tokens } = await this.oauth().getToken({ code, codeVerifier });
      return {
        accessToken: tokens.access_token ?? null,
        refreshToken: tokens.refresh_token ?? null,
        expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
        scope: tokens.scope ?? null,
        email: emailOfIdToken(tokens.id_token),
      };
    } catch (error) {
      throw classifyGoogleError(error);
    }
  }

  /** Revokes the grant (best effort: the caller forgets the tokens whatever Google says). */
  async revoke(token: string): Promise<void> {
    await this.oauth().revokeToken(token);
  }

  /** Calls on one member's calendar with their tokens; `onTokens` gets every token Google hands out meanwhile. */
  session(tokens: GoogleTokens, onTokens: (tokens: GoogleTokens) => Promise<void>): CalendarSession {
    const client = this.oauth();
    client.setCredentials({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expiry_date: tokens.expiresAt?.getTime() ?? null,
    });
    return new CalendarSession(
      client,
      calendar({ version: 'v3', auth: client, rootUrl: this.config.apiUrl }),
      onTokens,
    );
  }
}

type OAuthClient = ReturnType<GoogleApi['oauth']>;

export class CalendarSession {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    client: OAuthClient,
    private readonly api: calendar_v3.Calendar,
    onTokens: (tokens: GoogleTokens) => Promise<void>,
  ) {
    client.on('tokens', (t) => {
      const next: GoogleTokens = {
        accessToken: t.access_token ?? null,
        // Google rarely rotates it; null keeps the one we have.
        refreshToken: t.refresh_token ?? null,
        expiresAt: t.expiry_date ? new Date(t.expiry_date) : null,
      };
      this.saving = this.saving.then(() => onTokens(next));
    });
  }

  /** Waits for the refreshed tokens to be stored. */
  flush(): Promise<void> {
    return this.saving;
  }

  private async call<T>(run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (error) {
      throw classifyGoogleError(error);
    } finally {
      await this.saving.catch(() => undefined);
    }
  }

  private readonly options = (headers?: Record<string, string>) => ({
    retry: false,
    timeout: TIMEOUT_MS,
    ...(headers ? { headers } : {}),
  });

  /** One page of events: incremental with a sync token, else everything (deleted ones too, recurrences expanded). */
  async list(calendarId: string, page: { syncToken?: string | null; pageToken?: string | null }): Promise<EventPage> {
    const data = await this.call(() =>
      this.api.events.list(
        {
          calendarId,
          showDeleted: true,
          singleEvents: true,
          maxResults: 250,
          ...(page.syncToken ? { syncToken: page.syncToken } : {}),
          ...(page.pageToken ? { pageToken: page.pageToken } : {}),
        },
        this.options(),
      ),
    );
    return {
      items: data.items ?? [],
      nextPageToken: data.nextPageToken ?? null,
      nextSyncToken: data.nextSyncToken ?? null,
    };
  }

  get(calendarId: string, eventId: string): Promise<GoogleEvent> {
    return this.call(() => this.api.events.get({ calendarId, eventId }, this.options()));
  }

  insert(calendarId: string, event: GoogleEvent): Promise<GoogleEvent> {
    return this.call(() =>
      this.api.events.insert({ calendarId, sendUpdates: 'none', requestBody: event }, this.options()),
    );
  }

  /** A patch that only applies if the event is still at `etag` (412 otherwise). */
  patch(calendarId: string, eventId: string, event: GoogleEvent, etag: string | null): Promise<GoogleEvent> {
    return this.call(() =>
      this.api.events.patch(
        { calendarId, eventId, sendUpdates: 'none', requestBody: event },
        this.options(etag ? { 'If-Match': etag } : undefined),
      ),
    );
  }

  async remove(calendarId: string, eventId: string): Promise<void> {
    await this.call(() => this.api.events.delete({ calendarId, eventId, sendUpdates: 'none' }, this.options()));
  }
}
