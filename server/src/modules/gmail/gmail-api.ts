import { auth, gmail, type gmail_v1 } from '@googleapis/gmail';
import type { GmailConfig } from '../../config';
import { emailOfIdToken, type GoogleTokens, type GrantedConnection } from '../../lib/google-oauth';

/** Sending, and reading the threads we sent on (the replies): gmail.send + gmail.readonly; who the account is. */
export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';
export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
export const GMAIL_CONSENT_SCOPES = ['openid', 'email', GMAIL_SEND_SCOPE, GMAIL_READ_SCOPE];

/** One HTTP call to Google gives up after this. */
const TIMEOUT_MS = 30_000;

/**
 * What went wrong at Google:
 * - `auth`: the grant is gone (invalid_grant) or a 401/403 survived a token refresh → the member must reconnect;
 * - `rate_limited`: 429 or a rate-limit 403; `unavailable`: 5xx, the network, a timeout;
 * - `not_found` (404: a thread or an old history id), `invalid` (any other 4xx).
 */
export type GmailFailure = 'auth' | 'rate_limited' | 'unavailable' | 'not_found' | 'invalid';

export class GmailApiError extends Error {
  constructor(
    readonly kind: GmailFailure,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GmailApiError';
  }

  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

const RATE_LIMIT_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'quotaExceeded',
  'dailyLimitExceeded',
]);

interface GaxiosLike {
  message?: string;
  status?: number;
  response?: { status?: number; data?: unknown };
}

export function classifyGmailError(error: unknown): GmailApiError {
  if (error instanceof GmailApiError) return error;
  const e = (error ?? {}) as GaxiosLike;
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : null);
  const data = (e.response?.data ?? {}) as { error?: string | { message?: string; errors?: { reason?: string }[] } };
  const reason = typeof data.error === 'object' ? data.error.errors?.[0]?.reason : undefined;
  const text =
    typeof data.error === 'object'
      ? (data.error.message ?? e.message ?? 'Google error')
      : typeof data.error === 'string'
        ? data.error
        : (e.message ?? String(error));
  const fail = (kind: GmailFailure) => new GmailApiError(kind, status, text, { cause: error });
  if (data.error === 'invalid_grant' || data.error === 'unauthorized_client') return fail('auth');
  if (/No refresh token|Could not refresh access token/i.test(e.message ?? '')) return fail('auth');
  if (status === null) return fail('unavailable');
  if (status === 401) return fail('auth');
  if (status === 403) return fail(reason && RATE_LIMIT_REASONS.has(reason) ? 'rate_limited' : 'auth');
  if (status === 429) return fail('rate_limited');
  if (status === 408 || status >= 500) return fail('unavailable');
  if (status === 404) return fail('not_found');
  return fail('invalid');
}

export type GmailMessageResource = gmail_v1.Schema$Message;

/**
 * Google's side of Gmail through the official client (@googleapis/gmail and its OAuth2 client), every address
 * configurable (GMAIL_API_URL, GOOGLE_OAUTH_*_URL) so tests point it at a local fake. The library's retries are off:
 * the service retries a 429/5xx with its own backoff.
 */
export class GmailApi {
  constructor(
    private readonly config: GmailConfig,
    readonly redirectUri: string,
  ) {}

  private oauth() {
    return new auth.OAuth2({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.redirectUri,
      forceRefreshOnFailure: true,
      transporterOptions: { fetchImplementation: fetch },
      endpoints: {
        oauth2AuthBaseUrl: this.config.authorizeUrl,
        oauth2TokenUrl: this.config.tokenUrl,
        oauth2RevokeUrl: this.config.revokeUrl,
      },
    });
  }

  authorizationUrl(state: string, codeChallenge: string): string {
    return this.oauth().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GMAIL_CONSENT_SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
  }

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
      throw classifyGmailError(error);
    }
  }

  async revoke(token: string): Promise<void> {
    await this.oauth().revokeToken(token);
  }

  session(tokens: GoogleTokens, onTokens: (tokens: GoogleTokens) => Promise<void>): GmailSession {
    const client = this.oauth();
    client.setCredentials({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expiry_date: tokens.expiresAt?.getTime() ?? null,
    });
    return new GmailSession(client, gmail({ version: 'v1', auth: client, rootUrl: this.config.apiUrl }), onTokens);
  }
}

type OAuthClient = ReturnType<GmailApi['oauth']>;

/** Calls on one member's mailbox; refreshed tokens are handed to `onTokens` (stored sealed). */
export class GmailSession {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    client: OAuthClient,
    private readonly api: gmail_v1.Gmail,
    onTokens: (tokens: GoogleTokens) => Promise<void>,
  ) {
    client.on('tokens', (t) => {
      const next: GoogleTokens = {
        accessToken: t.access_token ?? null,
        refreshToken: t.refresh_token ?? null,
        expiresAt: t.expiry_date ? new Date(t.expiry_date) : null,
      };
      this.saving = this.saving.then(() => onTokens(next));
    });
  }

  private async call<T>(run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (error) {
      throw classifyGmailError(error);
    } finally {
      await this.saving.catch(() => undefined);
    }
  }

  private readonly options = { retry: false, timeout: TIMEOUT_MS };

  async send(raw: Buffer, threadId: string | null): Promise<{ id: string; threadId: string }> {
    const data = await this.call(() =>
      this.api.users.messages.send(
        {
          userId: 'me',
          requestBody: { raw: raw.toString('base64url'), ...(threadId ? { threadId } : {}) },
        },
        this.options,
      ),
    );
    if (!data.id || !data.threadId) throw new GmailApiError('invalid', null, 'Gmail answered without a message id');
    return { id: data.id, threadId: data.threadId };
  }

  /**
   * The message of this mailbox with our Message-ID header, if any (a search, rfc822msgid:): after a send whose answer
   * was lost (a timeout, a 5xx), whether it went out.
   */
  async findByRfcMessageId(rfcMessageId: string): Promise<{ id: string; threadId: string } | null> {
    const data = await this.call(() =>
      this.api.users.messages.list(
        { userId: 'me', q: `rfc822msgid:${rfcMessageId}`, maxResults: 1, includeSpamTrash: true },
        this.options,
      ),
    );
    const found = data.messages?.[0];
    return found?.id && found.threadId ? { id: found.id, threadId: found.threadId } : null;
  }

  async profile(): Promise<{ email: string | null; historyId: string | null }> {
    const data = await this.call(() => this.api.users.getProfile({ userId: 'me' }, this.options));
    return { email: data.emailAddress ?? null, historyId: data.historyId ?? null };
  }

  /**
   * The messages added since `startHistoryId` (their ids and threads), and the history id to poll from next: the
   * mailbox's history id now when every page was read; with pages left after `maxPages`, the id of the last history
   * record read (review finding 11: saving the mailbox's current id would skip the unread tail for good).
   */
  async messagesAddedSince(
    startHistoryId: string,
    maxPages = 20,
    pageSize = 500,
  ): Promise<{ added: { id: string; threadId: string; labelIds: string[] }[]; historyId: string | null }> {
    const added: { id: string; threadId: string; labelIds: string[] }[] = [];
    let pageToken: string | undefined;
    let historyId: string | null = null;
    let lastRecord: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const data = await this.call(() =>
        this.api.users.history.list(
          {
            userId: 'me',
            startHistoryId,
            historyTypes: ['messageAdded'],
            maxResults: pageSize,
            ...(pageToken ? { pageToken } : {}),
          },
          this.options,
        ),
      );
      for (const h of data.history ?? []) {
        if (h.id) lastRecord = h.id;
        for (const a of h.messagesAdded ?? []) {
          if (a.message?.id && a.message.threadId)
            added.push({ id: a.message.id, threadId: a.message.threadId, labelIds: a.message.labelIds ?? [] });
        }
      }
      historyId = data.historyId ?? historyId;
      pageToken = data.nextPageToken ?? undefined;
      if (!pageToken) return { added, historyId };
    }
    // Pages left: the next poll goes on after the last record read (or from the same place when none was).
    return { added, historyId: lastRecord ?? startHistoryId };
  }

  message(id: string): Promise<GmailMessageResource> {
    return this.call(() => this.api.users.messages.get({ userId: 'me', id, format: 'full' }, this.options));
  }

  async thread(id: string): Promise<GmailMessageResource[]> {
    const data = await this.call(() => this.api.users.threads.get({ userId: 'me', id, format: 'full' }, this.options));
    return data.messages ?? [];
  }
}
