import type { DomainEvents } from '../../lib/domain-events';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { API_ROOT } from '@atrium/contracts';
import {
  GMAIL_MAX_MESSAGE_BYTES,
  GMAIL_MAX_RECIPIENTS,
  GMAIL_MESSAGES as M,
  type GmailOrigin,
  type GmailResult,
  type GmailSent,
  type GmailStatus,
  type GmailThread,
  type gmailSendSchema,
} from '@atrium/domain-comms/schemas';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { BusinessCaller } from '../../lib/caller';
import type { GoogleTokens } from '../../lib/google-oauth';
import { pkcePair } from '../../lib/google-oauth';
import type { JobLog, JobQueue } from '../../lib/jobs';
import {
  MailSendError,
  type MailSendLog,
  type MailSender,
  type OutgoingMail,
  type SentMail,
} from '../../lib/mail-sender-port';
import type { NotificationSender } from '../../lib/notifications-port';
import { SealedText } from '../../lib/sealed-text';
import { GmailFlowCookie, type ConnectFlow } from './connect-flow';
import { GmailApi, GmailApiError, type GmailSession } from './gmail-api';
import { addressesOf, blockRemoteImages, composeMessage, readMessage, sanitizeEmailHtml } from './gmail-message';
import type { GmailConnectionRow, GmailRepository } from './gmail.repository';

/** Google sends the browser back here (the API route answers with a redirect to the page the member came from). */
export const GMAIL_CALLBACK_PATH = `${API_ROOT}/integrations/gmail/callback`;
export const GMAIL_POLL_QUEUE = 'gmail-poll';

/** A poll run holds its mailbox this long. */
const LEASE_SECONDS = 120;
/** After a lost history id, this many of the mailbox's latest project threads are read again. */
const RESYNC_THREADS = 50;
/** Messages read per poll run at most (the rest waits for the next run: the history id is kept where it stopped). */
const MAX_MESSAGES_PER_RUN = 200;

const ADDRESS = z.email();

const tokenContext = (c: Pick<GmailConnectionRow, 'userId' | 'businessId'>, kind: 'access' | 'refresh') =>
  `gmail:${c.userId}:${c.businessId}:${kind}`;

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface GmailServiceOptions {
  /**
   * Waits before the 2nd, 3rd… try of a send Google answered 429/5xx (default 1 s, 3 s); after a 5xx or a timeout
   * the mailbox is checked for the message after the wait.
   */
  retryDelaysMs?: number[];
  /** email.received for automations, recorded when a received message is first stored (lib/domain-events.ts). */
  events?: DomainEvents;
}

/** The send route's input after the wire schema. */
export type GmailSendRequest = z.output<typeof gmailSendSchema>;

/**
 * Gmail (docs/requirements.md "Gmail"): a member's own mailbox per business (OAuth with PKCE, tokens sealed at rest,
 * refreshed by the client, a refused grant → reconnect), sending as them (the MailSender port for campaigns and
 * automations, and POST send for project emails), the project threads, and the reply poll (a pg-boss job per
 * mailbox reading users.history from the kept history id; a lost one → a bounded resync of recent threads).
 */
export class GmailService implements MailSender, MailSendLog {
  readonly api: GmailApi | null;
  readonly flows: GmailFlowCookie;
  private readonly sealed: SealedText;
  private readonly retryDelaysMs: number[];
  private readonly events: DomainEvents | undefined;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: GmailRepository,
    private readonly deps: Pick<Deps, 'config' | 'secret'>,
    private readonly jobs: JobQueue,
    private readonly log: JobLog,
    private readonly notifications: NotificationSender,
    options: GmailServiceOptions = {},
  ) {
    const cfg = deps.config.gmail;
    this.api = cfg ? new GmailApi(cfg, `${deps.config.appUrl}${GMAIL_CALLBACK_PATH}`) : null;
    this.flows = new GmailFlowCookie(deps.secret);
    this.sealed = new SealedText(deps.secret, 'google-tokens');
    this.retryDelaysMs = options.retryDelaysMs ?? [1000, 3000];
    this.events = options.events;
    jobs.define<{ connectionId: string }>({
      name: GMAIL_POLL_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryBackoff: true,
      graceSeconds: 60,
      maxRunSeconds: 10 * 60,
      handler: async (data) => {
        await this.poll(data.connectionId);
      },
    });
  }

  get configured(): boolean {
    return this.api !== null;
  }

  // ---- the member's connection ---------------------------------------------------------------------------------

  async status(caller: BusinessCaller): Promise<GmailStatus> {
    if (!this.api) {
      return { configured: false, state: 'not_configured', connected: false, email: null, lastError: null };
    }
    const c = await this.repo.connectionOf(caller.userId, caller.businessId);
    const state = c ? c.status : 'not_connected';
    return {
      configured: true,
      state,
      connected: state === 'connected',
      email: c?.googleEmail ?? null,
      lastError: c?.lastError ?? null,
    };
  }

  /** Google's consent URL and the flow to seal into the cookie. Any member connects their own mailbox. */
  startConnect(caller: BusinessCaller, from: GmailOrigin): { url: string; flow: ConnectFlow } {
    if (!this.api) throw new AppError('VALIDATION_ERROR', M.notConfigured);
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(32).toString('base64url');
    const flow: ConnectFlow = {
      state,
      codeVerifier: verifier,
      userId: caller.userId,
      businessId: caller.businessId,
      startedAt: Date.now(),
      from,
    };
    return { url: this.api.authorizationUrl(state, challenge), flow };
  }

  /** Google's redirect: state and member checked, the code exchanged with the PKCE verifier, the tokens sealed. */
  async completeConnect(
    caller: BusinessCaller,
    flow: ConnectFlow | null,
    query: { code?: string; state?: string; error?: string },
  ): Promise<GmailResult> {
    if (!this.api) return 'not_configured';
    if (!flow || !query.state || !sameString(flow.state, query.state)) return 'failed';
    if (flow.userId !== caller.userId || flow.businessId !== caller.businessId) return 'failed';
    if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed';
    if (!query.code) return 'failed';
    let granted;
    try {
      granted = await this.api.exchange(query.code, flow.codeVerifier);
    } catch (error) {
      this.log.warn({ err: error }, 'gmail: code exchange failed');
      return 'failed';
    }
    if (!granted.refreshToken) {
      this.log.warn({}, 'gmail: no refresh token granted');
      return 'failed';
    }
    // Where the reply poll starts: the mailbox's history now (earlier mail is not a reply to anything we sent).
    let profile: { email: string | null; historyId: string | null } = { email: null, historyId: null };
    try {
      profile = await this.api.session(granted, async () => undefined).profile();
    } catch (error) {
      this.log.warn({ err: error }, 'gmail: profile not read at connect (the first poll reads it)');
    }
    await this.repo.saveConnection({
      userId: caller.userId,
      businessId: caller.businessId,
      googleEmail: granted.email ?? profile.email?.toLowerCase() ?? null,
      ...this.sealTokens(caller, granted),
      tokenExpiresAt: granted.expiresAt,
      scope: granted.scope,
      historyId: profile.historyId,
    });
    return 'connected';
  }

  /** Revokes the grant at Google (best effort) and forgets the tokens; the project emails stay. */
  async disconnect(caller: BusinessCaller): Promise<GmailStatus> {
    if (!this.api) throw new AppError('VALIDATION_ERROR', M.notConfigured);
    const c = await this.repo.connectionOf(caller.userId, caller.businessId);
    if (c) {
      const tokens = this.tokensOf(c);
      const token = tokens?.refreshToken ?? tokens?.accessToken;
      if (token) {
        await this.api
          .revoke(token)
          .catch((error: unknown) => this.log.warn({ err: error }, 'gmail: revoke failed (tokens forgotten anyway)'));
      }
      await this.repo.deleteConnection(c.id);
    }
    return this.status(caller);
  }

  private sealTokens(c: Pick<GmailConnectionRow, 'userId' | 'businessId'>, t: GoogleTokens) {
    return {
      accessTokenSealed: t.accessToken ? this.sealed.seal(t.accessToken, tokenContext(c, 'access')) : null,
      refreshTokenSealed: t.refreshToken ? this.sealed.seal(t.refreshToken, tokenContext(c, 'refresh')) : null,
    };
  }

  private tokensOf(c: GmailConnectionRow): GoogleTokens | null {
    const refresh = c.refreshTokenSealed ? this.sealed.open(c.refreshTokenSealed, tokenContext(c, 'refresh')) : null;
    const access = c.accessTokenSealed ? this.sealed.open(c.accessTokenSealed, tokenContext(c, 'access')) : null;
    if (!refresh && !access) return null;
    return { accessToken: access, refreshToken: refresh, expiresAt: c.tokenExpiresAt };
  }

  private session(c: GmailConnectionRow): GmailSession {
    const tokens = this.tokensOf(c);
    if (!tokens || !this.api) throw new GmailApiError('auth', null, 'No Google tokens stored');
    return this.api.session(tokens, async (fresh) => {
      const sealed = this.sealTokens(c, fresh);
      await this.repo.saveTokens(c.id, {
        accessTokenSealed: sealed.accessTokenSealed,
        expiresAt: fresh.expiresAt,
        ...(sealed.refreshTokenSealed ? { refreshTokenSealed: sealed.refreshTokenSealed } : {}),
      });
    });
  }

  /** Google refused the grant: the connection says reconnect (and the member sees it). */
  private async refused(c: GmailConnectionRow, error: GmailApiError): Promise<MailSendError> {
    await this.repo.markReconnect(c.id, error.message);
    return new MailSendError('reconnect', M.reconnectError, { cause: error });
  }

  // ---- sending (the MailSender port) ---------------------------------------------------------------------------

  async canSend(userId: string, businessId: string): Promise<boolean> {
    if (!this.api) return false;
    const c = await this.repo.connectionOf(userId, businessId);
    return c?.status === 'connected';
  }

  async sendAs(userId: string, businessId: string, mail: OutgoingMail): Promise<SentMail> {
    if (!this.api) throw new MailSendError('not_configured', M.notConfigured);
    const recipients = [...mail.to, ...(mail.cc ?? [])];
    if (recipients.length === 0) throw new MailSendError('invalid', 'Add at least one recipient');
    if (recipients.length > GMAIL_MAX_RECIPIENTS) throw new MailSendError('invalid', M.tooManyRecipients);
    for (const r of recipients) {
      const address = /<([^>]+)>\s*$/.exec(r)?.[1] ?? r;
      if (!ADDRESS.safeParse(address.trim()).success || /[\r\n]/.test(r))
        throw new MailSendError('invalid', `Not a valid email address: ${r.slice(0, 100)}`);
    }
    const headerValues = [mail.subject, mail.inReplyTo ?? '', ...Object.entries(mail.headers ?? {}).flat()];
    if (headerValues.some((v) => /[\r\n]/.test(v))) throw new MailSendError('invalid', 'A header must be one line');
    if (mail.headers && Object.keys(mail.headers).some((k) => !/^[A-Za-z0-9-]+$/.test(k)))
      throw new MailSendError('invalid', 'Not a header name');

    const c = await this.repo.connectionOf(userId, businessId);
    if (!c) throw new MailSendError('not_connected', M.notConnectedError);
    if (c.status !== 'connected') throw new MailSendError('reconnect', M.reconnectError);
    if (mail.projectId && !(await this.repo.projectExists(businessId, mail.projectId)))
      throw new MailSendError('invalid', 'Project not found');
    let projectId = mail.projectId ?? null;
    if (mail.threadId) {
      const threadProject = await this.repo.projectOfThread(userId, businessId, mail.threadId);
      if (!threadProject || (projectId && threadProject !== projectId))
        throw new MailSendError('invalid', 'This conversation is not one of the project’s emails');
      projectId = threadProject;
    }

    const html = sanitizeEmailHtml(mail.html);
    const { raw, rfcMessageId } = await composeMessage(c.googleEmail, { ...mail, html });
    if (raw.length > GMAIL_MAX_MESSAGE_BYTES) throw new MailSendError('too_large', M.tooLarge);

    const session = this.session(c);
    const logId = await this.repo.startSend(userId, businessId, rfcMessageId);
    const sent = await this.deliver(session, c, logId, raw, rfcMessageId, mail.threadId ?? null);

    if (projectId) {
      // Kept with the project; a failure here loses no mail (it was sent) and the poll still finds the thread's
      // replies once a row of it exists, so it is logged rather than reported as a failed send.
      try {
        await this.repo.insertMessage({
          businessId,
          projectId,
          userId,
          gmailMessageId: sent.id,
          gmailThreadId: sent.threadId,
          rfcMessageId,
          direction: 'sent',
          fromAddress: c.googleEmail ?? '',
          toAddresses: mail.to,
          ccAddresses: mail.cc ?? [],
          subject: mail.subject,
          bodyHtml: html,
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          })),
          sentAt: new Date(),
        });
      } catch (error) {
        this.log.error({ err: error, messageId: sent.id }, 'gmail: sent, but not kept with the project');
      }
    }
    return { messageId: sent.id, threadId: sent.threadId, rfcMessageId };
  }

  /**
   * messages.send with retries that never make a second copy (review finding 7). A 429 / rate-limit 403 means
   * nothing went out: tried again after a wait. A 5xx, a timeout or a network error may come after Gmail took the
   * message, so after the wait the mailbox is searched for our Message-ID first: found → that is the answer; not
   * found → nothing went out, tried again; the search itself failing → `unknown`, never tried again. The send log
   * row (written before the first call) ends sent, failed or unknown.
   */
  private async deliver(
    session: GmailSession,
    c: GmailConnectionRow,
    logId: string,
    raw: Buffer,
    rfcMessageId: string,
    threadId: string | null,
  ): Promise<{ id: string; threadId: string }> {
    const fail = async (error: MailSendError, status: 'failed' | 'unknown' = 'failed') => {
      await this.repo.finishSend(logId, { status, error: error.message });
      return error;
    };
    for (let attempt = 0; ; attempt++) {
      let e: GmailApiError;
      try {
        const sent = await session.send(raw, threadId);
        await this.repo.finishSend(logId, { status: 'sent', gmailMessageId: sent.id, gmailThreadId: sent.threadId });
        return sent;
      } catch (error) {
        e = error instanceof GmailApiError ? error : new GmailApiError('unavailable', null, String(error));
      }
      if (e.kind === 'auth') throw await fail(await this.refused(c, e));
      const more = attempt < this.retryDelaysMs.length;
      if (e.kind === 'unavailable') {
        // The answer may be lost after Gmail took it: wait (a message still on its way lands) and look for it.
        await sleep(this.retryDelaysMs[Math.min(attempt, this.retryDelaysMs.length - 1)] ?? 0);
        let found: { id: string; threadId: string } | null;
        try {
          found = await session.findByRfcMessageId(rfcMessageId);
        } catch (checkError) {
          this.log.warn(
            { err: checkError, rfcMessageId },
            'gmail: a send’s answer was lost and the mailbox not checked',
          );
          throw await fail(new MailSendError('unknown', M.sendUnknown, { cause: e }), 'unknown');
        }
        if (found) {
          this.log.info({ err: e, attempt }, 'gmail: Gmail took the message although its answer was lost');
          await this.repo.finishSend(logId, {
            status: 'sent',
            gmailMessageId: found.id,
            gmailThreadId: found.threadId,
          });
          return found;
        }
        if (more) {
          this.log.info({ err: e, attempt }, 'gmail: send failed and nothing went out, trying again');
          continue;
        }
        throw await fail(new MailSendError('unavailable', M.unavailable, { cause: e }));
      }
      if (e.kind === 'rate_limited') {
        if (more) {
          this.log.info({ err: e, attempt }, 'gmail: send refused for now, trying again');
          await sleep(this.retryDelaysMs[attempt]!);
          continue;
        }
        throw await fail(new MailSendError('rate_limited', M.rateLimited, { cause: e }));
      }
      throw await fail(new MailSendError('invalid', `${M.sendFailed}: ${e.message}`.slice(0, 300), { cause: e }));
    }
  }

  /** The send log (MailSendLog): when the member's mailbox sent since `since` — project, campaign and automation mail. */
  sentTimesSince(userId: string, businessId: string, since: Date): Promise<Date[]> {
    return this.repo.sendTimesSince(userId, businessId, since);
  }

  /** POST /integrations/gmail/send: the member's email (a project's, a reply in its thread) as an AppError on failure. */
  async send(caller: BusinessCaller, input: GmailSendRequest): Promise<GmailSent> {
    if (input.projectId && !(await this.repo.projectExists(caller.businessId, input.projectId)))
      throw new AppError('NOT_FOUND', 'Project not found');
    let attachments: OutgoingMail['attachments'] = [];
    try {
      attachments = input.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }));
      const sent = await this.sendAs(caller.userId, caller.businessId, {
        to: input.recipients,
        subject: input.subject,
        html: input.body,
        projectId: input.projectId ?? null,
        threadId: input.threadId ?? null,
        inReplyTo: input.inReplyTo ?? null,
        attachments,
      });
      return { messageId: sent.messageId, threadId: sent.threadId };
    } catch (error) {
      if (!(error instanceof MailSendError)) throw error;
      switch (error.kind) {
        case 'too_large':
          throw new AppError('PAYLOAD_TOO_LARGE', error.message);
        case 'rate_limited':
          throw new AppError('RATE_LIMITED', error.message);
        case 'unavailable':
          throw new AppError('SERVICE_UNAVAILABLE', M.sendFailed);
        case 'unknown':
          throw new AppError('SERVICE_UNAVAILABLE', M.sendUnknown);
        default:
          throw new AppError('VALIDATION_ERROR', error.message || M.sendFailed);
      }
    }
  }

  // ---- a project's emails --------------------------------------------------------------------------------------

  async projectThreads(caller: BusinessCaller, projectId: string): Promise<GmailThread[]> {
    if (!(await this.repo.projectExists(caller.businessId, projectId)))
      throw new AppError('NOT_FOUND', 'Project not found');
    const rows = await this.repo.projectMessages(caller.businessId, projectId);
    const threads = new Map<string, GmailThread>();
    for (const r of rows) {
      const key = `${r.userId}:${r.gmailThreadId}`;
      let t = threads.get(key);
      if (!t) {
        t = { threadId: r.gmailThreadId, subject: r.subject, lastMessageAt: r.sentAt.toISOString(), messages: [] };
        threads.set(key, t);
      }
      t.lastMessageAt = r.sentAt.toISOString();
      // A client's email shows without its remote images until the member asks (review finding 15).
      const body = r.direction === 'received' ? blockRemoteImages(r.bodyHtml) : { html: r.bodyHtml, remoteImages: 0 };
      t.messages.push({
        id: r.id,
        direction: r.direction,
        from: r.fromAddress,
        to: r.toAddresses,
        cc: r.ccAddresses,
        subject: r.subject,
        bodyHtml: body.html,
        remoteImages: body.remoteImages,
        attachments: r.attachments,
        sentAt: r.sentAt.toISOString(),
        rfcMessageId: r.rfcMessageId,
      });
    }
    return [...threads.values()].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
  }

  // ---- the reply poll ------------------------------------------------------------------------------------------

  /**
   * One poll of a mailbox: the messages added since its history id that belong to a project thread are kept with the
   * project, and a received one (not sent by the mailbox) tells its owner (CLIENT_EMAIL_RECEIVED). A history id Google
   * no longer knows (404) → the mailbox's latest project threads are read again (bounded) and polling restarts from
   * now. Returns how many messages were stored, or null when another run holds the mailbox.
   */
  async poll(connectionId: string): Promise<number | null> {
    if (!this.api) return null;
    const c = await this.repo.connectionById(connectionId);
    if (!c || c.status !== 'connected') return null;
    if (!(await this.repo.claimLease(c.id, LEASE_SECONDS))) return null;
    try {
      const session = this.session(c);
      if (!c.historyId) {
        const profile = await session.profile();
        await this.repo.savePolled(c.id, profile.historyId);
        return 0;
      }
      let stored = 0;
      try {
        const { added, historyId } = await session.messagesAddedSince(c.historyId);
        const threads = await this.repo.projectThreads(c.userId, c.businessId, [
          ...new Set(added.map((a) => a.threadId)),
        ]);
        const candidates = added.filter((a) => threads.has(a.threadId));
        const known = await this.repo.knownMessageIds(
          c.userId,
          c.businessId,
          candidates.map((a) => a.id),
        );
        const fresh = candidates.filter((a) => !known.has(a.id)).slice(0, MAX_MESSAGES_PER_RUN);
        for (const a of fresh) {
          stored += await this.keep(c, session, a.id, threads.get(a.threadId)!);
        }
        // With more than a run's worth, the rest comes with the next run from the same history id.
        const capped = candidates.filter((a) => !known.has(a.id)).length > MAX_MESSAGES_PER_RUN;
        await this.repo.savePolled(c.id, capped ? c.historyId : historyId);
      } catch (error) {
        if (!(error instanceof GmailApiError) || error.kind !== 'not_found') throw error;
        this.log.info({ connectionId }, 'gmail: history id expired, reading the latest project threads again');
        stored += await this.resync(c, session);
      }
      return stored;
    } catch (error) {
      if (error instanceof GmailApiError && error.kind === 'auth') {
        await this.repo.markReconnect(c.id, error.message);
        return 0;
      }
      await this.repo.recordError(c.id, error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await this.repo.releaseLease(c.id);
    }
  }

  private async resync(c: GmailConnectionRow, session: GmailSession): Promise<number> {
    const profile = await session.profile();
    let stored = 0;
    for (const threadId of await this.repo.recentThreads(c.userId, c.businessId, RESYNC_THREADS)) {
      const projectId = await this.repo.projectOfThread(c.userId, c.businessId, threadId);
      if (!projectId) continue;
      let messages;
      try {
        messages = await session.thread(threadId);
      } catch (error) {
        if (error instanceof GmailApiError && error.kind === 'not_found') continue;
        throw error;
      }
      const known = await this.repo.knownMessageIds(
        c.userId,
        c.businessId,
        messages.map((m) => m.id ?? ''),
      );
      for (const m of messages) {
        if (!m.id || known.has(m.id)) continue;
        stored += await this.store(c, m, projectId);
      }
    }
    await this.repo.savePolled(c.id, profile.historyId);
    return stored;
  }

  private async keep(c: GmailConnectionRow, session: GmailSession, messageId: string, projectId: string) {
    try {
      return await this.store(c, await session.message(messageId), projectId);
    } catch (error) {
      // Deleted in the meantime: nothing to keep.
      if (error instanceof GmailApiError && error.kind === 'not_found') return 0;
      throw error;
    }
  }

  private async store(
    c: GmailConnectionRow,
    resource: Parameters<typeof readMessage>[0],
    projectId: string,
  ): Promise<number> {
    const m = readMessage(resource);
    if (!m) return 0;
    const received = !m.sentByMailbox;
    const isNew = await this.repo.insertMessage({
      businessId: c.businessId,
      projectId,
      userId: c.userId,
      gmailMessageId: m.gmailMessageId,
      gmailThreadId: m.gmailThreadId,
      rfcMessageId: m.rfcMessageId,
      direction: received ? 'received' : 'sent',
      fromAddress: m.fromAddress,
      toAddresses: m.toAddresses,
      ccAddresses: m.ccAddresses,
      subject: m.subject,
      bodyHtml: m.bodyHtml,
      attachments: m.attachments,
      sentAt: m.sentAt,
    });
    if (isNew && received) {
      // The sender as a contact of the business (case-insensitive address), so the notification names them and an
      // automation's contact steps and conditions work on the email.
      const sender = addressesOf(m.fromAddress)[0] ?? null;
      const contact = sender ? await this.repo.contactByEmail(c.businessId, sender) : null;
      await this.notifications.send({
        businessId: c.businessId,
        type: 'CLIENT_EMAIL_RECEIVED',
        title: 'New client email',
        message: `${m.fromAddress || 'A client'}: ${m.subject || '(no subject)'}`.slice(0, 300),
        data: { projectId, url: `/projects/${projectId}/email`, ...(contact ? { contactId: contact.id } : {}) },
        to: { userIds: [c.userId] },
      });
      await this.events?.emit({
        businessId: c.businessId,
        type: 'email.received',
        recordId: m.gmailMessageId,
        record: {
          from: m.fromAddress,
          subject: m.subject,
          projectId,
          contactId: contact?.id ?? null,
          email: sender,
          firstName: contact?.firstName ?? null,
          lastName: contact?.lastName ?? null,
        },
      });
    }
    return isNew ? 1 : 0;
  }

  /** Queues a poll of every connected mailbox with project threads not polled for an interval. */
  async enqueueDue(): Promise<number> {
    const cfg = this.deps.config.gmail;
    if (!cfg) return 0;
    const due = await this.repo.dueConnections(Math.max(1, Math.floor(cfg.pollIntervalSeconds * 0.9)));
    const pending = await this.jobs.pendingKeys(GMAIL_POLL_QUEUE);
    let queued = 0;
    for (const id of due) {
      if (pending.has(id)) continue;
      await this.jobs.send(GMAIL_POLL_QUEUE, { connectionId: id }, { key: id });
      queued++;
    }
    return queued;
  }

  startSchedule(): void {
    const cfg = this.deps.config.gmail;
    if (!cfg || this.timer) return;
    this.timer = setInterval(() => {
      this.enqueueDue().catch((error: unknown) => this.log.warn({ err: error }, 'gmail: schedule failed'));
    }, cfg.pollIntervalSeconds * 1000);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Tests: calls on a stored connection's mailbox. */
  sessionForTests(c: GmailConnectionRow): GmailSession {
    return this.session(c);
  }

  /** Tests: the stored connection row. */
  connectionOf(userId: string, businessId: string): Promise<GmailConnectionRow | null> {
    return this.repo.connectionOf(userId, businessId);
  }
}
