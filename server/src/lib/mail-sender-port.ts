/**
 * How a module sends one email as a member, from their own connected Gmail mailbox (issue #19 §3): the gmail module
 * implements it (modules/gmail/gmail.service.ts); app.ts hands it to the services that send (campaigns, the
 * automation's send-template step), so no module imports another.
 *
 * One call = one message = one Gmail `messages.send`. The message is built here (RFC 822, multipart/alternative with
 * the given plain-text part, UTF-8 headers), so callers pass content, never raw MIME. Every send is logged (the
 * mailbox's send log) before Gmail is called. A 429 / rate-limit 403 is retried inside the call with a short backoff
 * (at most a few seconds). A 5xx, a timeout or a network error may come after Gmail took the message: before any
 * retry the mailbox is searched for the message's own Message-ID, and a message found there is the send's answer —
 * never a second copy. When it still fails, `rate_limited` / `unavailable` (nothing went out) is thrown and the
 * caller's job retries later; `unknown` (the mailbox could not be checked) must not be retried. The other failures
 * are final for this message.
 *
 * Idempotency is the caller's: a job that may run twice must record "sent" for a recipient in its own table (the
 * answer's messageId) before it is acknowledged, and not call again for a recipient already recorded.
 */
export interface OutgoingMail {
  /** One or more addresses ("ada@example.com" or "Ada Lovelace <ada@example.com>"); at most 100 in to + cc. */
  to: string[];
  cc?: string[];
  subject: string;
  /** The HTML body; sanitised by the sender (scripts, event handlers and javascript: links removed). */
  html: string;
  /** The plain-text alternative; derived from the HTML when omitted. */
  text?: string;
  /** Extra headers, e.g. { 'List-Unsubscribe': '<https://…>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }. */
  headers?: Record<string, string>;
  /** Keep a copy with this project's email tab (a project of the same business; unknown → the mail is not kept). */
  projectId?: string | null;
  /** Gmail thread to reply in, and the Message-ID header being answered (In-Reply-To / References). */
  threadId?: string | null;
  inReplyTo?: string | null;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface SentMail {
  /** Gmail's message id (users.messages). */
  messageId: string;
  /** Gmail's thread id (a new one unless `threadId` was given). */
  threadId: string;
  /** The RFC 822 Message-ID header we set ("<…@atrium>"), for a later reply's inReplyTo. */
  rfcMessageId: string;
}

/**
 * Why a send failed:
 * - `not_configured`: Gmail is not set up on this installation (no GOOGLE_CLIENT_ID/SECRET);
 * - `not_connected`: the member has not connected Gmail in this business;
 * - `reconnect`: Google refused the grant (revoked, invalid_grant) — the member must connect again;
 * - `rate_limited`: 429 / rate-limit 403 after the in-call retries — try later;
 * - `unavailable`: 5xx / network after the in-call retries, and the mailbox checked: nothing went out — try later;
 * - `unknown`: Gmail's answer was lost and the mailbox could not be checked — it may have been sent: do not retry;
 * - `too_large`: the encoded message is over Gmail's 25 MB (nothing was sent);
 * - `invalid`: bad input (no recipient, more than 100, a malformed address, a header with a newline) or Google's 400.
 */
export type MailSendFailure =
  | 'not_configured'
  | 'not_connected'
  | 'reconnect'
  | 'rate_limited'
  | 'unavailable'
  | 'unknown'
  | 'too_large'
  | 'invalid';

export class MailSendError extends Error {
  constructor(
    readonly kind: MailSendFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailSendError';
  }

  /** Worth trying again later (a job's retry). */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

export interface MailSender {
  /** Sends as `userId` from their Gmail connection in `businessId`. Throws MailSendError. */
  sendAs(userId: string, businessId: string, mail: OutgoingMail): Promise<SentMail>;
  /** Whether the member can send now (connected and not needing a reconnect); cheap, one row read. */
  canSend(userId: string, businessId: string): Promise<boolean>;
}

/**
 * The mailbox's send log (review finding 18): every message sent (or perhaps sent) from a member's mailbox in a
 * business — project emails, campaigns and automations alike — so a sender keeping Gmail's daily and per-minute
 * limits counts them all, not only its own.
 */
export interface MailSendLog {
  /** When `userId`'s mailbox in `businessId` sent since `since`, oldest first (refused sends not counted). */
  sentTimesSince(userId: string, businessId: string, since: Date): Promise<Date[]>;
}

/** Gmail's limits (Google's documentation): the whole encoded message, and recipients per message. */
export const GMAIL_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
export const GMAIL_MAX_RECIPIENTS = 100;
