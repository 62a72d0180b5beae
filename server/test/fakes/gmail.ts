/**
 * A local fake of the Gmail v1 REST API, for tests and e2e — a test helper, never shipped. It plugs into FakeGoogle
 * (test/fakes/google-calendar.ts: Google's OAuth endpoints, bearer-token checks, 429/5xx injection) and speaks the
 * shapes the official client (@googleapis/gmail) sends and reads, so the product runs unchanged against it with
 * GMAIL_API_URL:
 *
 * - POST gmail/v1/users/me/messages/send ({ raw: base64url RFC 822, threadId? }): the message is parsed (headers,
 *   multipart bodies), gets an id, a thread (the given one, which must exist in the mailbox, else 404) and the SENT
 *   label, and a history record;
 * - GET gmail/v1/users/me/messages/{id} and threads/{id} (format full: payload with headers and parts, bodies
 *   base64url), GET threads (ids only);
 * - GET gmail/v1/users/me/history?startHistoryId (messagesAdded records after it; 404 for an id older than the
 *   mailbox keeps, as Google does), GET gmail/v1/users/me/profile (emailAddress, historyId).
 * - GET gmail/v1/users/me/messages?q=rfc822msgid:<id> (is a message with this Message-ID in the mailbox).
 * - Test controls: `failSends` (429/5xx on the next sends only), `failAfterSending` (the message is sent, then a 5xx), `receive` (a client's email arriving in a mailbox, a reply on a thread when threadId is given),
 *   `sent` (what a mailbox sent, decoded), `expireHistory` (older history ids answer 404).
 */
import { randomBytes } from 'node:crypto';
import type { FakeGoogle, FakeGoogleApi } from './google-calendar';

export interface FakePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: { name: string; value: string }[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: FakePart[];
}

interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  historyId: number;
  internalDate: number;
  snippet: string;
  payload: FakePart;
  sizeEstimate: number;
}

interface Mailbox {
  email: string;
  messages: Map<string, StoredMessage>;
  history: { id: number; messageId: string }[];
  historyId: number;
  /** History ids at or below this answer 404 (Google keeps about a week). */
  oldestHistoryId: number;
}

export interface DecodedMessage {
  id: string;
  threadId: string;
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
  attachments: { filename: string; mimeType: string; size: number }[];
}

function gmailError(code: number, message: string, reason: string) {
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status: 'FAILED_PRECONDITION' } };
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** Unfolds and splits the header block of an RFC 822 entity. */
function parseHeaders(block: string): { name: string; value: string }[] {
  const lines = block
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n');
  return lines
    .filter((l) => l.includes(':'))
    .map((l) => {
      const i = l.indexOf(':');
      return { name: l.slice(0, i).trim(), value: decodeWords(l.slice(i + 1).trim()) };
    });
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function header(headers: { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

/** An RFC 822 entity as Gmail's `payload` (format full). */
export function parseEntity(raw: string, partId = ''): FakePart {
  const normal = raw.replace(/\r\n/g, '\n');
  const split = normal.indexOf('\n\n');
  const headers = parseHeaders(split < 0 ? normal : normal.slice(0, split));
  const body = split < 0 ? '' : normal.slice(split + 2);
  const contentType = header(headers, 'Content-Type') ?? 'text/plain';
  const mimeType = contentType.split(';')[0]!.trim().toLowerCase();
  const disposition = header(headers, 'Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
  if (mimeType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
    const chunks = body.split(`--${boundary}`).slice(1);
    const parts = chunks
      .filter((c) => !c.startsWith('--'))
      .map((c, i) => parseEntity(c.replace(/^\n/, '').replace(/\n$/, ''), partId ? `${partId}.${i}` : String(i)));
    return { partId, mimeType, filename: '', headers, body: { size: 0 }, parts };
  }
  const bytes = decodeBody(body, header(headers, 'Content-Transfer-Encoding'));
  return {
    partId,
    mimeType,
    filename: decodeWords(filename),
    headers,
    body: filename
      ? { size: bytes.length, attachmentId: `att-${randomBytes(6).toString('hex')}` }
      : { size: bytes.length, data: b64url(bytes) },
  };
}

function findBody(part: FakePart, mime: string): string | null {
  if (part.mimeType === mime && !part.filename && part.body.data)
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  for (const p of part.parts ?? []) {
    const found = findBody(p, mime);
    if (found !== null) return found;
  }
  return null;
}

function attachmentsOf(part: FakePart): DecodedMessage['attachments'] {
  const own = part.filename ? [{ filename: part.filename, mimeType: part.mimeType, size: part.body.size }] : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentsOf)];
}

export class FakeGmail implements FakeGoogleApi {
  private readonly mailboxes = new Map<string, Mailbox>();
  /** Every message accepted by messages.send, with its raw size (bytes). */
  readonly sends: { email: string; id: string; rawBytes: number }[] = [];
  private sendFailures: number[] = [];

  /** Serves Gmail on `google`'s port, behind its OAuth. */
  constructor(google: FakeGoogle) {
    google.apis.push(this);
  }

  handles(pathname: string): boolean {
    return pathname.startsWith('/gmail/v1/');
  }

  private mailbox(email: string): Mailbox {
    let m = this.mailboxes.get(email);
    if (!m) {
      m = { email, messages: new Map(), history: [], historyId: 1000, oldestHistoryId: 0 };
      this.mailboxes.set(email, m);
    }
    return m;
  }

  private store(m: Mailbox, raw: string, threadId: string | null, labelIds: string[]): StoredMessage {
    const payload = parseEntity(raw);
    const id = randomBytes(8).toString('hex');
    m.historyId += 1;
    const text = findBody(payload, 'text/plain') ?? findBody(payload, 'text/html') ?? '';
    const msg: StoredMessage = {
      id,
      threadId: threadId ?? id,
      labelIds,
      historyId: m.historyId,
      internalDate: Date.now(),
      snippet: text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200),
      payload,
      sizeEstimate: Buffer.byteLength(raw),
    };
    m.messages.set(id, msg);
    m.history.push({ id: m.historyId, messageId: id });
    return msg;
  }

  // ---- test controls -------------------------------------------------------------------------------------------

  /**
   * An email arrives in `email`'s mailbox (from a client): in `threadId` when given (a reply), else a new thread.
   * Returns Gmail's message id.
   */
  receive(
    email: string,
    mail: { from: string; subject: string; html?: string; text?: string; threadId?: string; inReplyTo?: string },
  ): string {
    const m = this.mailbox(email);
    const boundary = `b${randomBytes(6).toString('hex')}`;
    const lines = [
      `From: ${mail.from}`,
      `To: ${email}`,
      `Subject: ${mail.subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomBytes(8).toString('hex')}@mail.client.example>`,
      ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(mail.text ?? (mail.html ?? '').replace(/<[^>]*>/g, '')).toString('base64'),
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(mail.html ?? `<p>${mail.text ?? ''}</p>`).toString('base64'),
      `--${boundary}--`,
      '',
    ];
    if (mail.threadId && ![...m.messages.values()].some((x) => x.threadId === mail.threadId))
      throw new Error(`no thread ${mail.threadId} in ${email}`);
    return this.store(m, lines.join('\r\n'), mail.threadId ?? null, ['INBOX', 'UNREAD']).id;
  }

  /** The next `count` messages.send calls answer `status` (429 rateLimitExceeded, 5xx backendError), sending nothing. */
  failSends(count: number, status: number): void {
    for (let i = 0; i < count; i++) this.sendFailures.push(status);
  }

  /**
   * The next `count` messages.send calls send the message and then answer `status` (a 502/504 after Gmail took it,
   * as when a proxy or the client's timeout loses the answer): the caller cannot tell it went out.
   */
  failAfterSending(count: number, status: number): void {
    for (let i = 0; i < count; i++) this.sendFailures.push(-status);
  }

  /** What `email` sent through messages.send, decoded. */
  sent(email: string): DecodedMessage[] {
    return [...this.mailbox(email).messages.values()]
      .filter((x) => x.labelIds.includes('SENT'))
      .map((x) => this.decode(x));
  }

  /** Every message of a thread, decoded, oldest first. */
  thread(email: string, threadId: string): DecodedMessage[] {
    return [...this.mailbox(email).messages.values()].filter((x) => x.threadId === threadId).map((x) => this.decode(x));
  }

  /** History ids handed out so far answer 404 from now on (a mailbox not polled for longer than Google keeps). */
  expireHistory(email: string): void {
    const m = this.mailbox(email);
    m.oldestHistoryId = m.historyId;
    m.historyId += 1;
  }

  private decode(x: StoredMessage): DecodedMessage {
    return {
      id: x.id,
      threadId: x.threadId,
      headers: Object.fromEntries(x.payload.headers.map((h) => [h.name.toLowerCase(), h.value])),
      html: findBody(x.payload, 'text/html'),
      text: findBody(x.payload, 'text/plain'),
      attachments: attachmentsOf(x.payload),
    };
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  private resource(x: StoredMessage) {
    return {
      id: x.id,
      threadId: x.threadId,
      labelIds: x.labelIds,
      snippet: x.snippet,
      historyId: String(x.historyId),
      internalDate: String(x.internalDate),
      payload: x.payload,
      sizeEstimate: x.sizeEstimate,
    };
  }

  handle({
    method,
    url,
    body,
    email,
    json,
  }: {
    method: string;
    url: URL;
    body: string;
    email: string;
    json: (status: number, data: unknown) => void;
  }): void {
    const match = /^\/gmail\/v1\/users\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) return json(404, gmailError(404, 'Not Found', 'notFound'));
    const user = decodeURIComponent(match[1]!);
    if (user !== 'me' && user !== email) return json(403, gmailError(403, 'Delegation denied', 'forbidden'));
    const m = this.mailbox(email);
    const rest = match[2]!;
    const q = url.searchParams;
    if (rest === 'profile' && method === 'GET') {
      return json(200, {
        emailAddress: email,
        messagesTotal: m.messages.size,
        threadsTotal: new Set([...m.messages.values()].map((x) => x.threadId)).size,
        historyId: String(m.historyId),
      });
    }
    if (rest === 'messages/send' && method === 'POST') {
      const failure = this.sendFailures.shift();
      if (failure && failure > 0) {
        return json(
          failure,
          failure === 429
            ? gmailError(429, 'Rate Limit Exceeded', 'rateLimitExceeded')
            : gmailError(failure, 'Backend Error', 'backendError'),
        );
      }
      const input = (body ? JSON.parse(body) : {}) as { raw?: string; threadId?: string };
      if (!input.raw) return json(400, gmailError(400, "Invalid value for ByteString: ''", 'invalidArgument'));
      const raw = Buffer.from(input.raw, 'base64url').toString('utf8');
      const rawBytes = Buffer.from(input.raw, 'base64url').length;
      if (rawBytes > 35 * 1024 * 1024) return json(400, gmailError(400, 'Message too large', 'invalidArgument'));
      const parsed = parseEntity(raw);
      if (!header(parsed.headers, 'To') && !header(parsed.headers, 'Cc') && !header(parsed.headers, 'Bcc'))
        return json(400, gmailError(400, 'Invalid To header', 'invalidArgument'));
      if (input.threadId && ![...m.messages.values()].some((x) => x.threadId === input.threadId))
        return json(404, gmailError(404, 'Requested entity was not found.', 'notFound'));
      const stored = this.store(m, raw, input.threadId ?? null, ['SENT']);
      this.sends.push({ email, id: stored.id, rawBytes });
      if (failure && failure < 0) return json(-failure, gmailError(-failure, 'Bad Gateway', 'backendError'));
      return json(200, { id: stored.id, threadId: stored.threadId, labelIds: stored.labelIds });
    }
    if (rest === 'messages' && method === 'GET') {
      // Only the search the product makes: rfc822msgid:<id> (is our message in the mailbox?).
      const query = /^rfc822msgid:(\S+)$/.exec((q.get('q') ?? '').trim());
      if (!query) return json(400, gmailError(400, 'Only rfc822msgid: searches are faked', 'invalidArgument'));
      const wanted = query[1]!.replace(/^<|>$/g, '');
      const found = [...m.messages.values()].filter(
        (x) => (header(x.payload.headers, 'Message-ID') ?? '').replace(/^<|>$/g, '') === wanted,
      );
      return json(200, {
        ...(found.length ? { messages: found.map((x) => ({ id: x.id, threadId: x.threadId })) } : {}),
        resultSizeEstimate: found.length,
      });
    }
    const messageMatch = /^messages\/([^/]+)$/.exec(rest);
    if (messageMatch && method === 'GET') {
      const x = m.messages.get(decodeURIComponent(messageMatch[1]!));
      if (!x) return json(404, gmailError(404, 'Requested entity was not found.', 'notFound'));
      return json(200, this.resource(x));
    }
    const threadMatch = /^threads\/([^/]+)$/.exec(rest);
    if (threadMatch && method === 'GET') {
      const id = decodeURIComponent(threadMatch[1]!);
      const messages = [...m.messages.values()].filter((x) => x.threadId === id);
      if (messages.length === 0) return json(404, gmailError(404, 'Requested entity was not found.', 'notFound'));
      return json(200, {
        id,
        historyId: String(Math.max(...messages.map((x) => x.historyId))),
        messages: messages.map((x) => this.resource(x)),
      });
    }
    if (rest === 'history' && method === 'GET') {
      const start = Number(q.get('startHistoryId'));
      if (!Number.isFinite(start) || start <= 0)
        return json(400, gmailError(400, 'Invalid startHistoryId', 'invalidArgument'));
      if (start <= m.oldestHistoryId) return json(404, gmailError(404, 'Requested entity was not found.', 'notFound'));
      const max = Math.min(Number(q.get('maxResults') ?? 100) || 100, 500);
      const offset = Number(q.get('pageToken') ?? 0) || 0;
      const records = m.history.filter((h) => h.id > start);
      const page = records.slice(offset, offset + max);
      return json(200, {
        history: page.map((h) => {
          const x = m.messages.get(h.messageId)!;
          const ref = { id: x.id, threadId: x.threadId, labelIds: x.labelIds };
          return { id: String(h.id), messages: [ref], messagesAdded: [{ message: ref }] };
        }),
        historyId: String(m.historyId),
        ...(offset + max < records.length ? { nextPageToken: String(offset + max) } : {}),
      });
    }
    return json(404, gmailError(404, 'Not Found', 'notFound'));
  }
}
