import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CAMPAIGN_MESSAGES,
  GMAIL_MAX_MESSAGE_BYTES,
  personalise,
  UNSUBSCRIBE_PATH,
  type AudienceCount,
  type Campaign,
  type CampaignAudience,
  type CampaignData,
  type CampaignDetail,
  type CampaignRecipient,
  type RecipientStatus,
  type UnsubscribeInfo,
} from '@atrium/domain-comms/schemas';
import { API_ROOT, makePagination, type Pagination } from '@atrium/contracts';
import { escapeHtml } from '@atrium/contracts/merge-tags';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { JobReleased, type JobContext, type JobLog, type JobQueue } from '../../lib/jobs';
import { MailSendError, type MailSendLog, type MailSender } from '../../lib/mail-sender-port';
import type { AudienceContact } from '../contacts/contacts.repository';
import { checkMergeTags } from '../email-templates/email-templates.service';
import type { EmailTemplateRow } from '../email-templates/email-templates.repository';
import type { CampaignListRow, CampaignsRepository, NewRecipient, RecipientRow } from './campaigns.repository';

export const CAMPAIGN_QUEUE = 'email-campaign-send';
/** How often a failed run is tried again; the last try that fails stops the campaign ('failed', resumable). */
export const CAMPAIGN_RETRY_LIMIT = 20;
/** How long a run holds its campaign without a heartbeat (the job's own grace): then another run may take it. */
export const CAMPAIGN_RUN_LEASE_SECONDS = 60;
/** A run that finds the campaign held waits for it this often, every 2 s (twice the lease), then leaves it to the holder. */
const RUN_WAIT_TRIES = 60;

/** Gmail's sending limits for one mailbox (STACK-NOTES: 2,000 messages a day; 15,000 quota units a minute, 100 per send). */
export interface CampaignLimits {
  perDay: number;
  perMinute: number;
}
export const GMAIL_SEND_LIMITS: CampaignLimits = { perDay: 2000, perMinute: 150 };

export interface CampaignsDeps {
  templates: { row(businessId: string, id: string): Promise<EmailTemplateRow | null> };
  contacts: {
    audience(
      businessId: string,
      filter: { groupIds: string[]; tagIds: string[]; status: string | null },
    ): Promise<AudienceContact[]>;
  };
  /** Sends as the campaign's sender; when it keeps the mailbox's send log too (the Gmail service does), Gmail's
   * limits count every message of the mailbox — project emails and automations too — not only campaigns'. */
  mailSender: MailSender & Partial<MailSendLog>;
  jobs: JobQueue;
  log: JobLog;
  /** The app secret: the unsubscribe tokens' key is derived from it. */
  secret: string;
  /** Where the browser and mail clients reach the app (APP_URL). */
  appUrl: string;
  limits?: CampaignLimits;
  /** How long to wait for the per-minute window (tests shorten it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const notFound = () => new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.campaignNotFound);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  [r.firstName, r.lastName].filter((p) => p && p.trim()).join(' ');

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new JobReleased());
      },
      { once: true },
    );
  });

/**
 * Email campaigns (docs/requirements.md "Email templates and campaigns"): created with their recipients in one
 * transaction, sent by a pg-boss job per campaign from the sender's own Gmail (MailSender), one message per recipient,
 * within Gmail's limits. Exactly-once per recipient as far as it can be known: each row is claimed (queued →
 * sending, committed) before Gmail is called and the answer recorded after; a row still 'sending' when a run starts
 * was left by a run that stopped in between and becomes 'unknown' — never sent a second time.
 */
export class CampaignsService {
  private readonly key: Buffer;
  private readonly limits: CampaignLimits;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(
    private readonly repo: CampaignsRepository,
    private readonly deps: CampaignsDeps,
  ) {
    this.key = createHmac('sha256', deps.secret).update('atrium:campaign-unsubscribe').digest();
    this.limits = deps.limits ?? GMAIL_SEND_LIMITS;
    this.sleep = deps.sleep ?? defaultSleep;
  }

  /** Declares the sending queue (app.ts, before the jobs start). */
  defineJobs(jobs: JobQueue): void {
    jobs.define<{ campaignId: string }>({
      name: CAMPAIGN_QUEUE,
      handler: (data, job) => this.run(data.campaignId, job),
      retryLimit: CAMPAIGN_RETRY_LIMIT,
      retryDelaySeconds: 30,
      retryBackoff: true,
      heartbeatSeconds: 10,
      graceSeconds: CAMPAIGN_RUN_LEASE_SECONDS,
    });
  }

  /** At start: a scheduled or sending campaign without a pending job (the process stopped after the commit) gets one. */
  async requeueOrphans(): Promise<void> {
    const pending = await this.deps.jobs.pendingKeys(CAMPAIGN_QUEUE);
    for (const c of await this.repo.unfinished()) {
      if (!pending.has(c.id)) await this.enqueue(c.id, c.sendAt);
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Audience and creation

  /** The recipients an audience gives now: one per address (lower-cased), unsubscribed ones left out. */
  private async resolveAudience(businessId: string, audience: CampaignAudience) {
    const [contacts, unsubscribed] = await Promise.all([
      this.deps.contacts.audience(businessId, audience),
      this.repo.unsubscribed(businessId),
    ]);
    const seen = new Set<string>();
    const recipients: NewRecipient[] = [];
    let left = 0;
    for (const c of contacts) {
      const email = c.email.trim().toLowerCase();
      if (!email || seen.has(email)) continue;
      seen.add(email);
      if (unsubscribed.has(email)) {
        left++;
        continue;
      }
      const phone = [c.phoneCode, c.phoneNumber].filter(Boolean).join(' ') || null;
      recipients.push({
        contactId: c.id,
        email,
        firstName: c.firstName,
        lastName: c.lastName,
        phone,
        company: c.company,
      });
    }
    return { recipients, unsubscribed: left };
  }

  async audienceCount(caller: BusinessCaller, audience: CampaignAudience): Promise<AudienceCount> {
    const { recipients, unsubscribed } = await this.resolveAudience(caller.businessId, audience);
    return { recipients: recipients.length, unsubscribed };
  }

  async create(caller: BusinessCaller, input: CampaignData): Promise<Campaign> {
    const template = await this.deps.templates.row(caller.businessId, input.templateId);
    if (!template) throw new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.templateNotFound);
    const subject = input.subject || template.subject;
    checkMergeTags(subject, template.html, template.text);
    const sendAt = input.sendAt ? new Date(input.sendAt) : null;
    if (sendAt && sendAt.getTime() < Date.now() - 60_000) {
      throw new AppError('VALIDATION_ERROR', CAMPAIGN_MESSAGES.sendAtPast, [
        { field: 'sendAt', message: CAMPAIGN_MESSAGES.sendAtPast },
      ]);
    }
    // The message with its footer, base64-encoded by Gmail's transport, must fit Gmail's limit.
    const bytes = Buffer.byteLength(template.html) + Buffer.byteLength(template.text) + 4096;
    if (Math.ceil(bytes / 3) * 4 > GMAIL_MAX_MESSAGE_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', CAMPAIGN_MESSAGES.tooLarge);
    }
    if (!(await this.deps.mailSender.canSend(caller.userId, caller.businessId))) {
      throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.gmailNotConnected);
    }
    const { recipients } = await this.resolveAudience(caller.businessId, input.audience);
    if (recipients.length === 0) {
      throw new AppError('VALIDATION_ERROR', CAMPAIGN_MESSAGES.noRecipients, [
        { field: 'audience', message: CAMPAIGN_MESSAGES.noRecipients },
      ]);
    }
    const row = await this.repo.create(
      {
        businessId: caller.businessId,
        senderId: caller.userId,
        templateId: template.id,
        name: input.name,
        subject,
        html: template.html,
        text: template.text,
        audience: input.audience,
        status: sendAt && sendAt.getTime() > Date.now() ? 'scheduled' : 'sending',
        sendAt,
        total: recipients.length,
      },
      recipients,
    );
    await this.enqueue(row.id, row.sendAt);
    return this.get(caller, row.id);
  }

  private async enqueue(campaignId: string, sendAt: Date | null): Promise<void> {
    const later = sendAt && sendAt.getTime() > Date.now() ? sendAt : undefined;
    await this.deps.jobs.send(CAMPAIGN_QUEUE, { campaignId }, { key: campaignId, startAfter: later });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reads

  private dto(row: CampaignListRow): Campaign {
    return {
      _id: row.id,
      name: row.name,
      subject: row.subject,
      templateId: row.templateId,
      status: row.status as Campaign['status'],
      audience: row.audience as CampaignAudience,
      sendAt: iso(row.sendAt),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      note: row.note,
      sender: { _id: row.senderId, name: row.senderName },
      total: row.total,
      counts: row.counts,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(caller: BusinessCaller): Promise<Campaign[]> {
    return (await this.repo.list(caller.businessId)).map((r) => this.dto(r));
  }

  async get(caller: BusinessCaller, id: string): Promise<CampaignDetail> {
    const [row] = await this.repo.list(caller.businessId, id);
    if (!row) throw notFound();
    return { ...this.dto(row), html: row.html, text: row.text };
  }

  async recipients(
    caller: BusinessCaller,
    id: string,
    q: { status?: RecipientStatus; page: number; limit: number },
  ): Promise<{ data: CampaignRecipient[]; pagination: Pagination }> {
    if (!(await this.repo.find(caller.businessId, id))) throw notFound();
    const { rows, total } = await this.repo.recipients(caller.businessId, id, q);
    return {
      data: rows.map((r) => ({
        _id: r.id,
        email: r.email,
        name: nameOf(r),
        contactId: r.contactId,
        status: r.status as RecipientStatus,
        error: r.error,
        sentAt: iso(r.sentAt),
      })),
      pagination: makePagination(total, q.page, q.limit),
    };
  }

  /** Its sender, an owner or an admin may stop or resume a campaign (it goes out from the sender's Gmail). */
  private async controlled(caller: AuthContext, id: string) {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw notFound();
    if (row.senderId !== caller.userId && caller.role !== 'owner' && caller.role !== 'admin') {
      throw new AppError('FORBIDDEN', CAMPAIGN_MESSAGES.notYourCampaign);
    }
    return row;
  }

  /** Stops a scheduled or sending campaign: what is still queued is not sent (failed, 'Cancelled'). */
  async cancel(caller: AuthContext, id: string): Promise<Campaign> {
    await this.controlled(caller, id);
    if (!(await this.repo.setState(id, { status: 'cancelled', finishedAt: new Date() }, ['scheduled', 'sending']))) {
      throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.notCancellable);
    }
    await this.repo.cancelQueued(id);
    return this.get(caller, id);
  }

  /**
   * Sends what is still queued of a campaign that stopped (Gmail disconnected, or Gmail kept refusing): the sender
   * must be able to send. Only the call that moves it from 'failed' queues a job — a second resume meanwhile is 409.
   */
  async resume(caller: AuthContext, id: string): Promise<Campaign> {
    const row = await this.controlled(caller, id);
    if (row.status !== 'failed') throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.notResumable);
    if (!(await this.deps.mailSender.canSend(row.senderId, row.businessId))) {
      throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.gmailNotConnected);
    }
    if (!(await this.repo.setState(id, { status: 'sending', note: null, finishedAt: null }, ['failed']))) {
      throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.notResumable);
    }
    await this.enqueue(id, null);
    return this.get(caller, id);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Unsubscribe (public, by the link's token)

  token(recipientId: string): string {
    const mac = createHmac('sha256', this.key).update(recipientId).digest('base64url').slice(0, 32);
    return `${recipientId}.${mac}`;
  }

  private recipientOfToken(token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.token(id).slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private async unsubscribeTarget(token: string) {
    const id = this.recipientOfToken(token);
    const found = id ? await this.repo.recipientForUnsubscribe(id) : null;
    if (!found) throw new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.unsubscribeInvalid);
    return found;
  }

  async unsubscribeInfo(token: string): Promise<UnsubscribeInfo> {
    const { recipient, businessName, unsubscribed } = await this.unsubscribeTarget(token);
    return { businessName, email: recipient.email, unsubscribed };
  }

  async unsubscribe(token: string): Promise<UnsubscribeInfo> {
    const { recipient, businessName } = await this.unsubscribeTarget(token);
    await this.repo.unsubscribe(recipient.businessId, recipient.email, recipient.campaignId);
    return { businessName, email: recipient.email, unsubscribed: true };
  }

  // -------------------------------------------------------------------------------------------------------------
  // The sending job

  /**
   * One run of a campaign's job. It first takes the campaign (`claimRun`: one run per campaign, decided by the
   * database): another live run holding it is waited for — it is about to end (a resume right after it stopped, a
   * retry while a lost run is still inside a send) — and after twice the lease left to it. The heartbeat keeps the
   * hold; a run that lost it claims no recipient. A run that fails on its last try stops the campaign ('failed',
   * with what was sent), which can then be resumed.
   */
  async run(campaignId: string, job: JobContext): Promise<void> {
    const runner = `${job.id}:${job.retryCount}:${randomUUID()}`;
    if (!(await this.takeCampaign(campaignId, runner, job))) return;
    job.onBeat(() => this.repo.renewRun(campaignId, runner, CAMPAIGN_RUN_LEASE_SECONDS));
    try {
      await this.sendAll(campaignId, runner, job);
    } catch (error) {
      if (!(error instanceof JobReleased) && !job.signal.aborted && job.retryCount >= CAMPAIGN_RETRY_LIMIT) {
        await this.stopAfterRetries(campaignId, error);
      }
      throw error;
    } finally {
      await this.repo
        .releaseRun(campaignId, runner)
        .catch((err: unknown) => this.deps.log.warn({ err, campaignId }, 'campaigns: a run could not let go'));
    }
  }

  private async takeCampaign(campaignId: string, runner: string, job: JobContext): Promise<boolean> {
    for (let tries = 0; ; tries++) {
      if (await this.repo.claimRun(campaignId, runner, CAMPAIGN_RUN_LEASE_SECONDS)) return true;
      const campaign = await this.repo.byId(campaignId);
      if (!campaign || (campaign.status !== 'sending' && campaign.status !== 'scheduled')) return false;
      if (tries >= RUN_WAIT_TRIES) {
        this.deps.log.info({ campaignId }, 'campaigns: another live run holds the campaign; it sends the rest');
        return false;
      }
      await this.sleep(2000, job.signal);
    }
  }

  /** The last try failed too (Gmail kept answering 429/5xx): the campaign stops, resumable, saying what went out. */
  private async stopAfterRetries(campaignId: string, error: unknown): Promise<void> {
    try {
      const counts = await this.repo.counts(campaignId);
      const reason = error instanceof Error ? error.message : String(error);
      await this.repo.setState(
        campaignId,
        {
          status: 'failed',
          note:
            `Sending stopped after ${CAMPAIGN_RETRY_LIMIT + 1} tries (${reason}): ${counts.sent} sent, ` +
            `${counts.queued} not sent yet. Resume the campaign to send the rest.`,
        },
        ['sending'],
      );
    } catch (err) {
      this.deps.log.error({ err, campaignId }, 'campaigns: a campaign out of retries could not be marked failed');
    }
  }

  private async sendAll(campaignId: string, runner: string, job: JobContext): Promise<void> {
    const campaign = await this.repo.byId(campaignId);
    if (!campaign || (campaign.status !== 'sending' && campaign.status !== 'scheduled')) return;
    if (campaign.sendAt && campaign.sendAt.getTime() > Date.now() + 1000) {
      await this.enqueue(campaign.id, campaign.sendAt);
      return;
    }
    await this.repo.setState(campaign.id, { status: 'sending', startedAt: campaign.startedAt ?? new Date() }, [
      'scheduled',
      'sending',
    ]);
    const lost = await this.repo.claimedToUnknown(campaign.id);
    if (lost > 0)
      this.deps.log.warn({ campaignId, lost }, 'campaigns: recipients left claimed by a stopped run marked unknown');

    const businessName = await this.repo.businessName(campaign.businessId);
    const day = 24 * 60 * 60 * 1000;
    // Gmail's limits are the mailbox's: every send of it counts (its send log), else the campaigns' own.
    const dayAgo = new Date(Date.now() - day);
    const sent = this.deps.mailSender.sentTimesSince
      ? await this.deps.mailSender.sentTimesSince(campaign.senderId, campaign.businessId, dayAgo)
      : await this.repo.sentTimesSince(campaign.businessId, campaign.senderId, dayAgo);
    const times = sent.map((d) => d.getTime());

    for (;;) {
      if (job.signal.aborted) throw new JobReleased();
      const now = Date.now();
      while (times.length > 0 && times[0]! <= now - day) times.shift();
      if (times.length >= this.limits.perDay) {
        const resumeAt = new Date(times[0]! + day + 1000);
        await this.repo.setState(campaign.id, {
          note: `Gmail's daily limit (${this.limits.perDay} messages) reached; sending continues at ${resumeAt.toISOString()}`,
        });
        await this.deps.jobs.send(CAMPAIGN_QUEUE, { campaignId }, { key: campaignId, startAfter: resumeAt });
        return;
      }
      const lastMinute = times.filter((t) => t > now - 60_000);
      if (lastMinute.length >= this.limits.perMinute) {
        // The minute's window is full: a job for when it frees, and this one ends — the worker is not held for a
        // minute (it runs one job at a time, so every other campaign of the process would wait behind this one).
        const resumeAt = new Date(lastMinute[0]! + 60_000 + 50);
        await this.deps.jobs.send(CAMPAIGN_QUEUE, { campaignId }, { key: campaignId, startAfter: resumeAt });
        return;
      }
      const current = await this.repo.byId(campaign.id);
      if (!current || current.status !== 'sending') return;

      const recipient = await this.repo.claimNext(campaign.id, runner);
      if (!recipient) {
        // None claimed: none is queued (done), or this run no longer holds the campaign (it stops), or its lease
        // had just run out with nobody else taking it (renewed: it goes on).
        if (!(await this.repo.renewRun(campaign.id, runner, CAMPAIGN_RUN_LEASE_SECONDS))) return;
        if (await this.repo.hasQueued(campaign.id)) continue;
        await this.repo.setState(campaign.id, { status: 'sent', finishedAt: new Date(), note: null }, ['sending']);
        return;
      }
      const outcome = await this.sendOne(current, recipient, businessName);
      if (outcome === 'sent') times.push(Date.now());
      if (outcome === 'stop') return;
    }
  }

  private async sendOne(
    campaign: { id: string; businessId: string; senderId: string; subject: string; html: string; text: string },
    r: RecipientRow,
    businessName: string,
  ): Promise<'sent' | 'failed' | 'stop'> {
    if (await this.repo.isUnsubscribed(campaign.businessId, r.email)) {
      await this.repo.record(r.id, { status: 'failed', error: 'Unsubscribed before this message was sent' });
      return 'failed';
    }
    const token = this.token(r.id);
    const pageUrl = `${this.deps.appUrl}${UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`;
    const oneClickUrl = `${this.deps.appUrl}${API_ROOT}/public/unsubscribe/${encodeURIComponent(token)}`;
    const message = personalise(campaign, {
      contact: { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone, company: r.company },
      business: { name: businessName },
    });
    const footerHtml =
      `<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#868e96;text-align:center;margin:16px 0;">` +
      `You received this email from ${escapeHtml(businessName)}. ` +
      `<a href="${escapeHtml(pageUrl)}" style="color:#868e96;">Unsubscribe</a></p>`;
    try {
      const result = await this.deps.mailSender.sendAs(campaign.senderId, campaign.businessId, {
        to: [r.email],
        subject: message.subject,
        html: message.html + footerHtml,
        text: `${message.text}\n\n--\nYou received this email from ${businessName}. Unsubscribe: ${pageUrl}`,
        headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await this.repo.record(r.id, { status: 'sent', gmailMessageId: result.messageId });
      return 'sent';
    } catch (error) {
      if (error instanceof MailSendError) {
        if (error.transient) {
          // Gmail refused it (429/5xx after the in-call retries): nothing went out, so it goes back to the queue and
          // the job is retried later with backoff.
          await this.repo.record(r.id, { status: 'queued' });
          throw error;
        }
        if (error.kind === 'not_connected' || error.kind === 'reconnect' || error.kind === 'not_configured') {
          await this.repo.record(r.id, { status: 'queued' });
          await this.repo.setState(campaign.id, {
            status: 'failed',
            note:
              error.kind === 'reconnect'
                ? 'Google no longer accepts the sender’s Gmail connection: reconnect Gmail and resume the campaign'
                : 'The sender’s Gmail is not connected: connect Gmail and resume the campaign',
          });
          return 'stop';
        }
        if (error.kind === 'unknown') {
          // Gmail's answer was lost and the mailbox could not be checked: it may have gone out, never sent again.
          await this.repo.record(r.id, { status: 'unknown', error: error.message });
          return 'sent';
        }
        await this.repo.record(r.id, { status: 'failed', error: error.message });
        return 'failed';
      }
      // Anything else: whether Gmail took it cannot be known, so it is never sent again.
      await this.repo.record(r.id, { status: 'unknown', error: 'The send did not complete; it may have been sent' });
      this.deps.log.error({ err: error, campaignId: campaign.id }, 'campaigns: a send ended in an unexpected error');
      return 'failed';
    }
  }
}
