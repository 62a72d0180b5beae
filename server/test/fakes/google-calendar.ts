/**
 * A local fake of Google's OAuth endpoints and the Calendar v3 REST API, for tests and the sync benchmark — a test
 * helper, never shipped. It speaks the protocol the official client (@googleapis/calendar, google-auth-library)
 * uses, so the product's code runs unchanged against it with GOOGLE_CALENDAR_API_URL and GOOGLE_OAUTH_*_URL:
 *
 * - OAuth: GET /o/oauth2/v2/auth (consent: 302 back with code and state, or error=access_denied), POST /token
 *   (authorization_code with the PKCE S256 verifier check; refresh_token; `invalid_grant` once revoked), POST /revoke.
 * - Calendar: events list (pageToken, syncToken, showDeleted, maxResults; nextSyncToken on the last page; 410
 *   fullSyncRequired for an expired token, with Google's error body), insert (client-chosen ids: 409 duplicate),
 *   get, patch and update (If-Match → 412), delete (a cancelled tombstone, 410 when deleted twice); etags and
 *   `updated` change with every write; 401 for an unknown, expired or revoked access token.
 * - Test controls: a member's own edits in Google (addEvent, editEvent, deleteEvent), expireSyncTokens, revoke,
 *   expireAccessTokens, failNext (429 / 5xx injection), holdLists (an events list that waits until released: a sync
 *   run caught in progress), and the request log.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEventTime {
  date?: string | null;
  dateTime?: string | null;
  timeZone?: string | null;
}

export interface FakeEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: FakeEventTime;
  end?: FakeEventTime;
  hangoutLink?: string;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  iCalUID: string;
  sequence: number;
  organizer: { email: string; self: boolean };
  [key: string]: unknown;
}

interface Account {
  email: string;
  sub: string;
  events: Map<string, FakeEvent & { _seq: number }>;
  seq: number;
  /** Sync tokens carry the epoch; expireSyncTokens() bumps it and older tokens answer 410. */
  epoch: number;
  lastUpdated: number;
}

interface Grant {
  account: Account;
  refreshToken: string;
  revoked: boolean;
}

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
}

const BASE32HEX = /^[a-v0-9]{5,1024}$/;

function googleError(code: number, message: string, reason: string, extra: Record<string, unknown> = {}) {
  return { error: { errors: [{ domain: 'global', reason, message, ...extra }], code, message } };
}

const GOOGLE_STATUS: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * Another Google API served by the same fake, behind the same OAuth (the Gmail fake, test/fakes/gmail.ts): its
 * requests get the same failure injection and bearer-token check, then `handle` answers for the account's email.
 */
export interface FakeGoogleApi {
  handles(pathname: string): boolean;
  handle(request: {
    method: string;
    url: URL;
    body: string;
    email: string;
    json: (status: number, data: unknown) => void;
  }): Promise<void> | void;
}

export class FakeGoogle {
  private server: Server | null = null;
  url = '';
  readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<
    string,
    { account: Account; challenge: string; method: string; redirectUri: string; used: boolean }
  >();
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grant: Grant; expired: boolean }>();
  private failures: { status: number; reason: string }[] = [];
  private listGate: { opened: Promise<void>; release(): void; reached: Promise<void>; arrive(): void } | null = null;
  /** Who signs in at the next consent, and whether they refuse. */
  consent: { email: string; deny?: boolean; noRefreshToken?: boolean } = { email: 'member@gmail.example' };
  /** Every request: method and path (with query). */
  readonly requests: { method: string; path: string }[] = [];
  /** Other Google APIs this fake serves (FakeGoogleApi). */
  readonly apis: FakeGoogleApi[] = [];

  constructor(private readonly options: FakeGoogleOptions) {}

  /** Listens on 127.0.0.1:`port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(googleError(500, String(error), 'backendError')));
      });
    });
    // Google keeps idle connections open for minutes; Node's 5 s default would reset a client's reused socket.
    this.server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points Atrium at this fake. */
  env(): NodeJS.ProcessEnv {
    return {
      GOOGLE_CLIENT_ID: this.options.clientId,
      GOOGLE_CLIENT_SECRET: this.options.clientSecret,
      GOOGLE_CALENDAR_API_URL: this.url,
      GMAIL_API_URL: this.url,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${this.url}o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${this.url}token`,
      GOOGLE_OAUTH_REVOKE_URL: `${this.url}revoke`,
    };
  }

  // ---- test controls -------------------------------------------------------------------------------------------

  account(email: string): Account {
    let a = this.accounts.get(email);
    if (!a) {
      a = { email, sub: randomBytes(8).toString('hex'), events: new Map(), seq: 0, epoch: 1, lastUpdated: 0 };
      this.accounts.set(email, a);
    }
    return a;
  }

  /** The member's events as Google holds them (cancelled tombstones too). */
  events(email: string): FakeEvent[] {
    return [...this.account(email).events.values()].map(strip);
  }

  /** The live (not cancelled) events. */
  liveEvents(email: string): FakeEvent[] {
    return this.events(email).filter((e) => e.status !== 'cancelled');
  }

  event(email: string, id: string): FakeEvent | undefined {
    const e = this.account(email).events.get(id);
    return e ? strip(e) : undefined;
  }

  /** The member creates an event in Google. */
  addEvent(email: string, fields: Partial<FakeEvent>): FakeEvent {
    return strip(this.insert(this.account(email), fields));
  }

  /** The member edits an event in Google. */
  editEvent(email: string, id: string, fields: Partial<FakeEvent>): FakeEvent {
    const a = this.account(email);
    const e = a.events.get(id);
    if (!e) throw new Error(`no event ${id}`);
    return strip(this.write(a, e, mergeEvent(e, fields)));
  }

  /** The member deletes an event in Google (it stays as a cancelled tombstone, as in Google). */
  deleteEvent(email: string, id: string): void {
    const a = this.account(email);
    const e = a.events.get(id);
    if (!e) throw new Error(`no event ${id}`);
    this.write(a, e, { ...e, status: 'cancelled' });
  }

  /** Tombstones older than a sync are purged by Google after a while. */
  purgeDeleted(email: string): void {
    const a = this.account(email);
    for (const [id, e] of a.events) if (e.status === 'cancelled') a.events.delete(id);
  }

  /** Every sync token handed out so far answers 410 from now on. */
  expireSyncTokens(email: string): void {
    this.account(email).epoch++;
  }

  /** The member revokes Atrium's access at Google: refresh tokens give invalid_grant, access tokens 401. */
  revoke(email: string): void {
    for (const g of this.grants.values()) if (g.account.email === email) g.revoked = true;
  }

  /** Access tokens expire (the client must refresh). */
  expireAccessTokens(): void {
    for (const t of this.accessTokens.values()) t.expired = true;
  }

  /** The next `count` Calendar API requests answer `status` (429 rateLimitExceeded, 5xx backendError). */
  failNext(count: number, status: number): void {
    const reason = status === 429 ? 'rateLimitExceeded' : 'backendError';
    for (let i = 0; i < count; i++) this.failures.push({ status, reason });
  }

  /**
   * Events lists wait until `release()` (a sync run held in progress); `reached` resolves when the first one arrives.
   */
  holdLists(): { reached: Promise<void>; release(): void } {
    let release!: () => void;
    let arrive!: () => void;
    const opened = new Promise<void>((r) => (release = r));
    const reached = new Promise<void>((r) => (arrive = r));
    this.listGate = { opened, release, reached, arrive };
    return {
      reached,
      release: () => {
        this.listGate = null;
        release();
      },
    };
  }

  /** How many Calendar API calls of this method were made (optionally under a path part). */
  count(method: string, pathPart = '/calendar/v3/'): number {
    return this.requests.filter((r) => r.method === method && r.path.includes(pathPart)).length;
  }

  // ---- the store -----------------------------------------------------------------------------------------------

  private nextUpdated(a: Account): string {
    const now = Math.max(Date.now(), a.lastUpdated + 1);
    a.lastUpdated = now;
    return new Date(now).toISOString();
  }

  private insert(a: Account, body: Partial<FakeEvent>): FakeEvent & { _seq: number } {
    const id = body.id ?? randomBase32hex();
    const now = this.nextUpdated(a);
    a.seq++;
    const event: FakeEvent & { _seq: number } = {
      ...cleanBody(body),
      kind: 'calendar#event',
      id,
      etag: `"${a.seq}${randomBytes(3).toString('hex')}"`,
      status: (body.status as FakeEvent['status']) ?? 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${a.email}`).toString('base64url')}`,
      created: now,
      updated: now,
      iCalUID: `${id}@google.com`,
      sequence: 0,
      organizer: { email: a.email, self: true },
      _seq: a.seq,
    };
    a.events.set(id, event);
    return event;
  }

  private write(a: Account, old: FakeEvent & { _seq: number }, next: Partial<FakeEvent>): FakeEvent & { _seq: number } {
    a.seq++;
    const event = {
      ...cleanBody(next),
      kind: 'calendar#event' as const,
      id: old.id,
      etag: `"${a.seq}${randomBytes(3).toString('hex')}"`,
      status: (next.status as FakeEvent['status']) ?? old.status,
      htmlLink: old.htmlLink,
      created: old.created,
      updated: this.nextUpdated(a),
      iCalUID: old.iCalUID,
      sequence: old.sequence + 1,
      organizer: old.organizer,
      _seq: a.seq,
    };
    a.events.set(old.id, event);
    return event;
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const body = await readBody(req);
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(data));
    };
    if (url.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') return this.authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return this.token(new URLSearchParams(body), json);
    if (url.pathname === '/revoke' && req.method === 'POST') {
      const token = url.searchParams.get('token') ?? new URLSearchParams(body).get('token') ?? '';
      const grant = this.grants.get(token) ?? this.accessTokens.get(token)?.grant;
      if (!grant) return json(400, { error: 'invalid_token', error_description: 'Bad Request' });
      grant.revoked = true;
      return json(200, {});
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    const extension = this.apis.find((api) => api.handles(url.pathname));
    if (!match && !extension) return json(404, googleError(404, 'Not Found', 'notFound'));
    const failure = this.failures.shift();
    if (failure) {
      const message = failure.status === 429 ? 'Rate Limit Exceeded' : 'Backend Error';
      return json(failure.status, {
        ...googleError(failure.status, message, failure.reason),
        ...{ status: GOOGLE_STATUS[failure.status] },
      });
    }
    const account = this.authenticate(req);
    if (!account) {
      return json(401, {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
    }
    if (extension) {
      return extension.handle({ method: req.method ?? 'GET', url, body, email: account.email, json });
    }
    if (!match) return json(404, googleError(404, 'Not Found', 'notFound'));
    const calendarId = decodeURIComponent(match[1]!);
    if (calendarId !== 'primary' && calendarId !== account.email)
      return json(404, googleError(404, 'Not Found', 'notFound'));
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    const parsed = body ? (JSON.parse(body) as Partial<FakeEvent>) : {};
    if (!eventId && req.method === 'GET') {
      const gate = this.listGate;
      if (gate) {
        gate.arrive();
        await gate.opened;
      }
      return this.list(account, url.searchParams, json);
    }
    if (!eventId && req.method === 'POST') {
      if (parsed.id !== undefined && !BASE32HEX.test(parsed.id))
        return json(400, googleError(400, 'Invalid resource id value.', 'invalid'));
      if (parsed.id && account.events.has(parsed.id)) {
        return json(409, googleError(409, 'The requested identifier already exists.', 'duplicate'));
      }
      const invalid = invalidTimes(parsed);
      if (invalid) return json(400, googleError(400, invalid, 'invalid'));
      return json(200, strip(this.insert(account, parsed)));
    }
    if (!eventId) return json(405, googleError(405, 'Method Not Allowed', 'methodNotAllowed'));
    const existing = account.events.get(eventId);
    if (!existing) return json(404, googleError(404, 'Not Found', 'notFound'));
    const ifMatch = req.headers['if-match'];
    if (ifMatch && ifMatch !== '*' && ifMatch !== existing.etag && req.method !== 'GET') {
      return json(
        412,
        googleError(412, 'Precondition Failed', 'conditionNotMet', { locationType: 'header', location: 'If-Match' }),
      );
    }
    if (req.method === 'GET') return json(200, strip(existing));
    if (req.method === 'DELETE') {
      if (existing.status === 'cancelled') return json(410, googleError(410, 'Resource has been deleted', 'deleted'));
      this.write(account, existing, { ...existing, status: 'cancelled' });
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'PATCH' || req.method === 'PUT') {
      const next =
        req.method === 'PATCH' ? mergeEvent(existing, parsed) : { ...parsed, status: parsed.status ?? 'confirmed' };
      const invalid = invalidTimes(next);
      if (invalid) return json(400, googleError(400, invalid, 'invalid'));
      return json(200, strip(this.write(account, existing, next)));
    }
    return json(405, googleError(405, 'Method Not Allowed', 'methodNotAllowed'));
  }

  private authenticate(req: IncomingMessage): Account | null {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const entry = this.accessTokens.get(token);
    if (!entry || entry.expired || entry.grant.revoked) return null;
    return entry.grant.account;
  }

  private list(a: Account, q: URLSearchParams, json: (s: number, d: unknown) => void): void {
    const max = Math.min(Number(q.get('maxResults') ?? 250) || 250, 2500);
    let since = 0;
    let snapshot = a.seq;
    let offset = 0;
    const syncToken = q.get('syncToken');
    const pageToken = q.get('pageToken');
    if (pageToken) {
      const p = JSON.parse(Buffer.from(pageToken, 'base64url').toString()) as {
        since: number;
        snapshot: number;
        offset: number;
      };
      ({ since, snapshot, offset } = p);
    } else if (syncToken) {
      const [epoch, seq] = Buffer.from(syncToken, 'base64url').toString().split(':').map(Number);
      if (epoch !== a.epoch || !Number.isInteger(seq)) {
        return json(
          410,
          googleError(410, 'Sync token is no longer valid, a full sync is required.', 'fullSyncRequired'),
        );
      }
      since = seq!;
    }
    const incremental = since > 0 || !!syncToken;
    const showDeleted = incremental || q.get('showDeleted') === 'true';
    const all = [...a.events.values()]
      .filter((e) => e._seq > since && e._seq <= snapshot && (showDeleted || e.status !== 'cancelled'))
      .sort((x, y) => x._seq - y._seq);
    const items = all.slice(offset, offset + max).map(strip);
    const last = offset + max >= all.length;
    json(200, {
      kind: 'calendar#events',
      etag: `"${snapshot}"`,
      summary: a.email,
      updated: new Date(a.lastUpdated || Date.now()).toISOString(),
      timeZone: 'UTC',
      accessRole: 'owner',
      defaultReminders: [],
      items,
      ...(last
        ? { nextSyncToken: Buffer.from(`${a.epoch}:${snapshot}`).toString('base64url') }
        : {
            nextPageToken: Buffer.from(JSON.stringify({ since, snapshot, offset: offset + max })).toString('base64url'),
          }),
    });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirect = new URL(q.get('redirect_uri') ?? '');
    const state = q.get('state');
    if (state) redirect.searchParams.set('state', state);
    if (this.consent.deny || q.get('client_id') !== this.options.clientId) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/${randomBytes(16).toString('base64url')}`;
      this.codes.set(code, {
        account: this.account(this.consent.email),
        challenge: q.get('code_challenge') ?? '',
        method: q.get('code_challenge_method') ?? 'plain',
        redirectUri: q.get('redirect_uri') ?? '',
        used: false,
      });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('scope', q.get('scope') ?? '');
    }
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  private token(form: URLSearchParams, json: (s: number, d: unknown) => void): void {
    const invalidGrant = (description: string) => json(400, { error: 'invalid_grant', error_description: description });
    if (form.get('client_id') !== this.options.clientId || form.get('client_secret') !== this.options.clientSecret) {
      return json(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const entry = this.codes.get(form.get('code') ?? '');
      if (!entry || entry.used) return invalidGrant('Malformed auth code.');
      entry.used = true;
      if (entry.redirectUri !== form.get('redirect_uri'))
        return json(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      const verifier = form.get('code_verifier') ?? '';
      const expected = entry.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (!verifier || entry.method !== 'S256' || expected !== entry.challenge)
        return invalidGrant('Invalid code verifier.');
      const grant: Grant = {
        account: entry.account,
        refreshToken: `1//${randomBytes(24).toString('base64url')}`,
        revoked: false,
      };
      this.grants.set(grant.refreshToken, grant);
      const idPayload = Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          sub: entry.account.sub,
          email: entry.account.email,
          email_verified: true,
        }),
      ).toString('base64url');
      return json(200, {
        access_token: this.issueAccess(grant),
        expires_in: 3599,
        ...(this.consent.noRefreshToken ? {} : { refresh_token: grant.refreshToken }),
        scope: 'openid https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/userinfo.email',
        token_type: 'Bearer',
        id_token: `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${idPayload}.c2lnbmF0dXJl`,
      });
    }
    if (grantType === 'refresh_token') {
      const grant = this.grants.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked) return invalidGrant('Token has been expired or revoked.');
      return json(200, {
        access_token: this.issueAccess(grant),
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/calendar.events',
        token_type: 'Bearer',
      });
    }
    return json(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  }

  private issueAccess(grant: Grant): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { grant, expired: false });
    return token;
  }
}

function strip(e: FakeEvent & { _seq?: number }): FakeEvent {
  const { _seq, ...rest } = e;
  void _seq;
  return rest as FakeEvent;
}

const SERVER_FIELDS = ['kind', 'etag', 'htmlLink', 'created', 'updated', 'iCalUID', 'sequence', 'organizer', '_seq'];

/** What a client may set (server fields dropped; null means "clear"). */
function cleanBody(body: Partial<FakeEvent>): Partial<FakeEvent> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (SERVER_FIELDS.includes(k) || v === null || v === undefined) continue;
    out[k] = k === 'start' || k === 'end' ? cleanTime(v as FakeEventTime) : v;
  }
  return out as Partial<FakeEvent>;
}

function cleanTime(t: FakeEventTime): FakeEventTime {
  const out: FakeEventTime = {};
  if (t.date) out.date = t.date;
  if (t.dateTime) out.dateTime = new Date(t.dateTime).toISOString();
  if (t.timeZone) out.timeZone = t.timeZone;
  return out;
}

/** PATCH semantics: fields given replace (start/end merge their own fields; null clears). */
function mergeEvent(old: FakeEvent, patch: Partial<FakeEvent>): Partial<FakeEvent> {
  const next: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(patch)) {
    if (SERVER_FIELDS.includes(k) || k === 'id') continue;
    if (v === null) delete next[k];
    else if ((k === 'start' || k === 'end') && typeof v === 'object') {
      const merged = { ...(old[k] ?? {}), ...(v as FakeEventTime) };
      for (const [tk, tv] of Object.entries(merged)) if (tv === null) delete (merged as Record<string, unknown>)[tk];
      next[k] = merged;
    } else next[k] = v;
  }
  return next as Partial<FakeEvent>;
}

function invalidTimes(e: Partial<FakeEvent>): string | null {
  if (!e.start || (!e.start.date && !e.start.dateTime)) return 'Missing start time.';
  if (!e.end || (!e.end.date && !e.end.dateTime)) return 'Missing end time.';
  const start = Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00Z`);
  const end = Date.parse(e.end.dateTime ?? `${e.end.date}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'Invalid start or end time.';
  if (end < start || (e.start.date && end <= start)) return 'The specified time range is empty.';
  return null;
}

function randomBase32hex(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  return Array.from(randomBytes(26), (b) => alphabet[b % 32]).join('');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
