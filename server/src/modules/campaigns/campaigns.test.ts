import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { campaignSchema, emailTemplateSchema, type EmailBlockInput } from '@atrium/domain-comms/schemas';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { emailCampaignRecipients, emailCampaigns } from '../../db/schema';
import type { JobContext, JobQueue } from '../../lib/jobs';
import { MailSendError, type MailSender, type OutgoingMail } from '../../lib/mail-sender-port';
import { Agent, createTestDatabase, signedInAgent, testMailer, type TestDatabase } from '../../../test/helpers';
import { CampaignsRepository } from './campaigns.repository';
import { CAMPAIGN_RETRY_LIMIT, CampaignsService } from './campaigns.service';
import type { AuthContext } from '../../lib/caller';

/** A MailSender that records what it is asked to send; `fail` decides a failure per recipient address. */
class FakeSender implements MailSender {
  sent: { userId: string; businessId: string; mail: OutgoingMail }[] = [];
  connected = true;
  fail: (to: string) => MailSendError | Error | null = () => null;
  async sendAs(userId: string, businessId: string, mail: OutgoingMail) {
    const failure = this.fail(mail.to[0]!);
    if (failure) throw failure;
    this.sent.push({ userId, businessId, mail });
    return {
      messageId: `m${this.sent.length}`,
      threadId: `t${this.sent.length}`,
      rfcMessageId: `<m${this.sent.length}@atrium>`,
    };
  }
  async canSend() {
    return this.connected;
  }
}

const blocks: EmailBlockInput[] = [
  { id: 'h', type: 'heading', text: 'Hello {{contact.firstName}}' },
  { id: 't', type: 'text', html: '<p>News from {{business.name}} <script>alert(1)</script><b>bold</b></p>' },
  { id: 'b', type: 'button', label: 'Read more', url: 'https://example.com/news' },
];

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('email templates and campaigns', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const sender = new FakeSender();
  let owner: Agent;
  let ownerIds: { id: string; businessId: string };
  let other: Agent;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: '/nonexistent/atrium-test-data',
      WEB_DIR: '/nonexistent/atrium-test-web',
      REGISTER_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
      APP_URL: 'https://atrium.test',
    });
    app = await buildApp({
      config,
      database: db.handle,
      secret: randomBytes(32).toString('base64url'),
      logger: process.env.DEBUG_LOG ? { level: 'error' } : false,
      mailer: testMailer(),
      campaigns: { mailSender: sender },
    });
    await app.ready();
    const o = await signedInAgent(app);
    owner = o.agent;
    ownerIds = o.body.user;
    other = (await signedInAgent(app)).agent;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const newTemplate = async (overrides: Record<string, unknown> = {}) => {
    const res = await owner.post('/email-templates', {
      name: 'Newsletter',
      subject: 'Hi {{contact.firstName}}',
      blocks,
      ...overrides,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return emailTemplateSchema.parse(res.json().data);
  };
  const campaignRows = async () =>
    db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.businessId, ownerIds.businessId));

  test('every route needs a session; the public unsubscribe does not', async () => {
    const anonymous = await new Agent(app).init();
    expect((await anonymous.get('/email-templates')).statusCode).toBe(401);
    expect((await anonymous.get('/email-campaigns')).statusCode).toBe(401);
    expect((await anonymous.get('/public/unsubscribe/x.y')).statusCode).toBe(404);
  });

  test('a template: rich text sanitised, HTML rendered from the blocks, plain text generated or given', async () => {
    const t = await newTemplate();
    expect(t.html).toContain('Hello {{contact.firstName}}');
    expect(t.html).not.toContain('<script');
    expect(t.html).toContain('<strong>bold</strong>');
    expect(t.html).toContain('href="https://example.com/news"');
    expect(t.textEdited).toBe(false);
    expect(t.text).toBe(
      'Hello {{contact.firstName}}\n\nNews from {{business.name}} bold\n\nRead more: https://example.com/news',
    );

    const edited = await owner.put(`/email-templates/${t._id}`, {
      name: 'N2',
      subject: 'S',
      blocks,
      text: 'My own text',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'N2', text: 'My own text', textEdited: true });

    const list = await owner.get('/email-templates');
    expect(list.json().data.map((x: { _id: string }) => x._id)).toContain(t._id);
    expect((await other.get(`/email-templates/${t._id}`)).statusCode).toBe(404);
    expect((await other.get('/email-templates')).json().data).toEqual([]);
  });

  test('a template: bad input → 400 with a message, nothing stored', async () => {
    const unknown = await owner.post('/email-templates', { name: 'X', subject: 'Hi {{contact.nickname}}', blocks });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown merge tag: {{contact.nickname}}. Use one of the listed tags.');
    const noBlocks = await owner.post('/email-templates', { name: 'X', subject: 'S', blocks: [] });
    expect(noBlocks.statusCode).toBe(400);
    expect(noBlocks.json().details).toEqual([{ field: 'blocks', message: 'Add at least one block' }]);
    const badLink = await owner.post('/email-templates', {
      name: 'X',
      subject: 'S',
      blocks: [{ id: 'b', type: 'button', label: 'Go', url: 'javascript:alert(1)' }],
    });
    expect(badLink.statusCode).toBe(400);
    const names = (await owner.get('/email-templates')).json().data.map((x: { name: string }) => x.name);
    expect(names).not.toContain('X');
  });

  test('a campaign: audience counted, refused with 0 recipients, an unknown tag or Gmail not connected; sent to each once', async () => {
    const template = await newTemplate();
    const group = (await owner.post('/contacts/groups', { name: `G ${Date.now()}` })).json().data;
    const ada = (
      await owner.post('/contacts', {
        firstName: 'Ada',
        lastName: 'L',
        email: 'ada@example.com',
        groupIds: [group._id],
      })
    ).json().data;
    await owner.post('/contacts', { firstName: 'Bob', email: 'BOB@example.com', groupIds: [group._id] });
    await owner.post('/contacts', { firstName: 'Cy', email: 'cy@example.com' });
    expect(ada._id).toEqual(expect.any(String));

    const count = await owner.post('/email-campaigns/audience-count', { audience: { groupIds: [group._id] } });
    expect(count.json().data).toEqual({ recipients: 2, unsubscribed: 0 });
    expect((await owner.post('/email-campaigns/audience-count', { audience: {} })).json().data.recipients).toBe(3);

    const before = (await campaignRows()).length;
    const empty = await owner.post('/email-campaigns', {
      name: 'C',
      templateId: template._id,
      audience: { groupIds: [group._id], status: 'Inactive' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^This campaign has no recipients/);
    const badTag = await owner.post('/email-campaigns', {
      name: 'C',
      templateId: template._id,
      subject: 'Hey {{project.name}}',
      audience: { groupIds: [group._id] },
    });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().error).toBe('Unknown merge tag: {{project.name}}. Use one of the listed tags.');
    sender.connected = false;
    const gate = await owner.post('/email-campaigns', {
      name: 'C',
      templateId: template._id,
      audience: { groupIds: [group._id] },
    });
    expect(gate.statusCode).toBe(409);
    expect(gate.json().error).toBe('Connect Google Workspace to send campaigns');
    sender.connected = true;
    expect((await campaignRows()).length).toBe(before);

    sender.sent = [];
    const res = await owner.post('/email-campaigns', {
      name: 'Spring',
      templateId: template._id,
      audience: { groupIds: [group._id] },
    });
    expect(res.statusCode).toBe(201);
    const campaign = campaignSchema.parse(res.json().data);
    expect(campaign.total).toBe(2);
    const done = await waitFor(
      async () => (await owner.get(`/email-campaigns/${campaign._id}`)).json().data,
      (c) => c.status === 'sent',
    );
    expect(done.counts).toMatchObject({ sent: 2, queued: 0, failed: 0, unknown: 0 });
    expect(sender.sent.map((s) => s.mail.to[0]).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    const toAda = sender.sent.find((s) => s.mail.to[0] === 'ada@example.com')!.mail;
    expect(toAda.subject).toBe('Hi Ada');
    expect(toAda.html).toContain('Hello Ada');
    expect(toAda.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/atrium\.test\/api\/v1\/public\/unsubscribe\/.+>$/);
    expect(toAda.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(toAda.html).toContain('https://atrium.test/unsubscribe/');
    expect(sender.sent[0]!.userId).toBe(ownerIds.id);

    const recipients = await owner.get(`/email-campaigns/${campaign._id}/recipients?status=sent`);
    expect(recipients.json().data.map((r: { status: string }) => r.status)).toEqual(['sent', 'sent']);
    expect(recipients.json().pagination.total).toBe(2);
    expect((await other.get(`/email-campaigns/${campaign._id}`)).statusCode).toBe(404);
    expect((await other.get(`/email-campaigns/${campaign._id}/recipients`)).statusCode).toBe(404);

    // Unsubscribe by the link (one-click POST without a cookie or CSRF token): later campaigns leave the address out.
    const link = /public\/unsubscribe\/([^>]+)>/.exec(toAda.headers!['List-Unsubscribe']!)![1]!;
    const anonymous = await new Agent(app).init();
    const info = await anonymous.get(`/public/unsubscribe/${link}`);
    expect(info.json().data).toEqual({
      businessName: expect.any(String),
      email: 'ada@example.com',
      unsubscribed: false,
    });
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/v1/public/unsubscribe/${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().data.unsubscribed).toBe(true);
    expect((await anonymous.get(`/public/unsubscribe/${link.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect(
      (await owner.post('/email-campaigns/audience-count', { audience: { groupIds: [group._id] } })).json().data,
    ).toEqual({
      recipients: 1,
      unsubscribed: 1,
    });
  });

  test('a scheduled campaign waits; cancelling it sends nothing', async () => {
    const template = await newTemplate();
    await owner.post('/contacts', { firstName: 'Dee', email: 'dee@example.com' });
    sender.sent = [];
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await owner.post('/email-campaigns', { name: 'Later', templateId: template._id, audience: {}, sendAt });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('scheduled');
    const cancelled = await owner.post(`/email-campaigns/${res.json().data._id}/cancel`, {});
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(cancelled.json().data.counts.queued).toBe(0);
    expect((await owner.post(`/email-campaigns/${res.json().data._id}/cancel`, {})).statusCode).toBe(409);
    const past = await owner.post('/email-campaigns', {
      name: 'Past',
      templateId: template._id,
      audience: {},
      sendAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(sender.sent).toEqual([]);
  });

  describe('the sending job', () => {
    const jobOf = (retryCount = 0): JobContext => ({
      id: 'j',
      retryCount,
      signal: new AbortController().signal,
      onBeat: () => undefined,
    });
    let jobsSent: { data: object; startAfter?: Date }[];
    const serviceWith = (mailSender: MailSender, limits = { perDay: 2000, perMinute: 150 }) => {
      jobsSent = [];
      const jobs = {
        send: async (_n: string, data: object, o: { startAfter?: Date } = {}) => {
          jobsSent.push({ data, startAfter: o.startAfter });
          return 'x';
        },
        pendingKeys: async () => new Set<string>(),
        define: () => undefined,
      } as unknown as JobQueue;
      return new CampaignsService(new CampaignsRepository(db.handle.db), {
        templates: { row: async () => null },
        contacts: { audience: async () => [] },
        mailSender,
        jobs,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        secret: 's',
        appUrl: 'https://atrium.test',
        limits,
        sleep: async () => undefined,
      });
    };
    /** A sending campaign of the owner's business whose recipients are exactly `emails`, built in the table. */
    const scheduled = async (emails: string[]) => {
      const repo = new CampaignsRepository(db.handle.db);
      const row = await repo.create(
        {
          businessId: ownerIds.businessId,
          senderId: ownerIds.id,
          templateId: null,
          name: 'Job',
          subject: 'Hi {{contact.firstName}}',
          html: '<p>Hi {{contact.firstName}}</p>',
          text: 'Hi {{contact.firstName}}',
          audience: {},
          status: 'sending',
          total: emails.length,
        },
        emails.map((email) => ({
          contactId: null,
          email,
          firstName: email.split('@')[0]!,
          lastName: null,
          phone: null,
          company: null,
        })),
      );
      return row.id;
    };
    const statuses = async (campaignId: string) =>
      (
        await db.handle.db
          .select({ email: emailCampaignRecipients.email, status: emailCampaignRecipients.status })
          .from(emailCampaignRecipients)
          .where(eq(emailCampaignRecipients.campaignId, campaignId))
      )
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((r) => `${r.email}:${r.status}`);

    test('a run after a crash: a row left claimed becomes unknown and is not sent again; the rest are sent once', async () => {
      const id = await scheduled(['j1@example.com', 'j2@example.com', 'j3@example.com']);
      // A run that stopped between claiming j1 and recording its result.
      await db.handle.db
        .update(emailCampaignRecipients)
        .set({ status: 'sending' })
        .where(eq(emailCampaignRecipients.email, 'j1@example.com'));
      const fake = new FakeSender();
      await serviceWith(fake).run(id, jobOf());
      expect(fake.sent.map((s) => s.mail.to[0])).toEqual(['j2@example.com', 'j3@example.com']);
      expect(await statuses(id)).toEqual(['j1@example.com:unknown', 'j2@example.com:sent', 'j3@example.com:sent']);
      // A second run (pg-boss delivers at least once) sends nobody again.
      await serviceWith(fake).run(id, jobOf());
      expect(fake.sent).toHaveLength(2);
    });

    test('a transient Gmail failure puts the recipient back and fails the run (retried later); a final one is recorded', async () => {
      const id = await scheduled(['k1@example.com', 'k2@example.com', 'k3@example.com']);
      const fake = new FakeSender();
      fake.fail = (to) =>
        to === 'k1@example.com'
          ? new MailSendError('invalid', 'Invalid recipient')
          : to === 'k2@example.com'
            ? new MailSendError('rate_limited', 'Gmail is busy')
            : null;
      await expect(serviceWith(fake).run(id, jobOf())).rejects.toThrow('Gmail is busy');
      expect(await statuses(id)).toEqual(['k1@example.com:failed', 'k2@example.com:queued', 'k3@example.com:queued']);
      fake.fail = () => null;
      await serviceWith(fake).run(id, jobOf());
      expect(await statuses(id)).toEqual(['k1@example.com:failed', 'k2@example.com:sent', 'k3@example.com:sent']);
    });

    test("Gmail's daily limit: the run stops and a job is queued for when the window frees", async () => {
      const id = await scheduled(['d1@example.com', 'd2@example.com', 'd3@example.com']);
      const fake = new FakeSender();
      const service = serviceWith(fake, { perDay: 1, perMinute: 150 });
      await service.run(id, jobOf());
      // Earlier tests already sent from this mailbox today: nothing more goes out.
      expect(fake.sent).toHaveLength(0);
      expect(jobsSent).toHaveLength(1);
      expect(jobsSent[0]!.startAfter!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      const [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row!.note).toMatch(/daily limit/);
      expect(row!.status).toBe('sending');
    });

    test("Gmail's daily limit counts the mailbox's other mail too (project emails, automations: its send log)", async () => {
      const id = await scheduled(['o1@example.com', 'o2@example.com']);
      const dayAgo = new Date(Date.now() - 24 * 3600_000);
      const own = await new CampaignsRepository(db.handle.db).sentTimesSince(ownerIds.businessId, ownerIds.id, dayAgo);
      // The mailbox also sent two project emails today: with room for two more messages, none is left.
      const logged = [...own, new Date(Date.now() - 60_000), new Date(Date.now() - 30_000)].sort(
        (a, b) => a.getTime() - b.getTime(),
      );
      const fake = Object.assign(new FakeSender(), {
        asked: [] as unknown[],
        async sentTimesSince(userId: string, businessId: string, since: Date) {
          this.asked.push([userId, businessId, since <= new Date(Date.now() - 23 * 3600_000)]);
          return logged;
        },
      });
      await serviceWith(fake, { perDay: own.length + 2, perMinute: 150 }).run(id, jobOf());
      expect(fake.asked).toEqual([[ownerIds.id, ownerIds.businessId, true]]);
      expect(fake.sent).toHaveLength(0);
      expect(await statuses(id)).toEqual(['o1@example.com:queued', 'o2@example.com:queued']);
      const [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row!.note).toMatch(/daily limit/);
    });

    test('a send Gmail may have taken (its answer lost, the mailbox not checked) is recorded unknown, never sent again', async () => {
      const id = await scheduled(['u1@example.com', 'u2@example.com']);
      const fake = new FakeSender();
      fake.fail = (to) => (to === 'u1@example.com' ? new MailSendError('unknown', 'Gmail did not confirm') : null);
      await serviceWith(fake).run(id, jobOf());
      expect(await statuses(id)).toEqual(['u1@example.com:unknown', 'u2@example.com:sent']);
      expect(fake.sent.map((x) => x.mail.to[0])).toEqual(['u2@example.com']);
    });

    const as = (role: AuthContext['role'], userId = ownerIds.id) =>
      ({ userId, businessId: ownerIds.businessId, role }) as AuthContext;

    test('one run per campaign: a second run of it never sends beside the first; a double resume queues one job', async () => {
      const id = await scheduled(['r1@example.com', 'r2@example.com', 'r3@example.com', 'r4@example.com']);
      // A slow Gmail: two runs claiming side by side would both be inside a send at once.
      let inFlight = 0;
      let most = 0;
      const fake = new FakeSender();
      const slow: MailSender = {
        canSend: async () => true,
        sendAs: async (u, b, mail) => {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 30));
          inFlight--;
          return fake.sendAs(u, b, mail);
        },
      };
      const service = serviceWith(slow);
      await Promise.all([service.run(id, { ...jobOf(), id: 'a' }), service.run(id, { ...jobOf(), id: 'b' })]);
      expect(most).toBe(1);
      expect(fake.sent.map((m) => m.mail.to[0]).sort()).toEqual([
        'r1@example.com',
        'r2@example.com',
        'r3@example.com',
        'r4@example.com',
      ]);
      const [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row).toMatchObject({ status: 'sent', runner: null, runLeaseUntil: null });

      // Stopped, then resumed twice at once (two clicks, two tabs): one job, the other call is refused.
      const stopped = await scheduled(['s1@example.com']);
      await db.handle.db.update(emailCampaigns).set({ status: 'failed' }).where(eq(emailCampaigns.id, stopped));
      const resuming = serviceWith(fake);
      const answers = await Promise.allSettled([
        resuming.resume(as('owner'), stopped),
        resuming.resume(as('owner'), stopped),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((answers.find((a) => a.status === 'rejected') as PromiseRejectedResult).reason.message).toBe(
        'Only a stopped campaign can be resumed',
      );
      expect(jobsSent).toHaveLength(1);

      // A run holding the campaign that stops beating (its process died) loses it after the lease; a run that lost
      // it claims nobody.
      const repo = new CampaignsRepository(db.handle.db);
      expect(await repo.claimRun(stopped, 'dead', 60)).toBe(true);
      expect(await repo.claimRun(stopped, 'next', 60)).toBe(false);
      await db.handle.db
        .update(emailCampaigns)
        .set({ runLeaseUntil: new Date(Date.now() - 1000) })
        .where(eq(emailCampaigns.id, stopped));
      expect(await repo.claimRun(stopped, 'next', 60)).toBe(true);
      expect(await repo.claimNext(stopped, 'dead')).toBeNull();
      expect(await repo.renewRun(stopped, 'dead', 60)).toBe(false);
      expect((await repo.claimNext(stopped, 'next'))?.email).toBe('s1@example.com');
    });

    test('Gmail refusing on the last try: the campaign ends failed with what was sent, and can be resumed', async () => {
      const id = await scheduled(['x1@example.com', 'x2@example.com', 'x3@example.com']);
      const fake = new FakeSender();
      fake.fail = (to) => (to === 'x1@example.com' ? null : new MailSendError('rate_limited', 'Gmail is busy'));
      const service = serviceWith(fake);
      // An earlier try: the job is retried later, the campaign goes on sending.
      await expect(service.run(id, jobOf(3))).rejects.toThrow('Gmail is busy');
      let [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row!.status).toBe('sending');
      // The last try.
      await expect(service.run(id, jobOf(CAMPAIGN_RETRY_LIMIT))).rejects.toThrow('Gmail is busy');
      [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row!.status).toBe('failed');
      expect(row!.note).toBe(
        `Sending stopped after ${CAMPAIGN_RETRY_LIMIT + 1} tries (Gmail is busy): 1 sent, 2 not sent yet. Resume the campaign to send the rest.`,
      );
      expect(row!.runner).toBeNull();
      expect(await statuses(id)).toEqual(['x1@example.com:sent', 'x2@example.com:queued', 'x3@example.com:queued']);
      const shown = await owner.get(`/email-campaigns/${id}`);
      expect(shown.json().data).toMatchObject({ status: 'failed', counts: { sent: 1, queued: 2 } });

      fake.fail = () => null;
      await service.resume(as('owner'), id);
      expect(jobsSent).toHaveLength(1);
      await service.run(id, jobOf());
      expect(await statuses(id)).toEqual(['x1@example.com:sent', 'x2@example.com:sent', 'x3@example.com:sent']);
      expect(fake.sent.filter((m) => m.mail.to[0] === 'x1@example.com')).toHaveLength(1);
    });

    test('cancel and resume: the sender, an owner or an admin — not another member (403)', async () => {
      const id = await scheduled(['p1@example.com']);
      await db.handle.db.update(emailCampaigns).set({ status: 'failed' }).where(eq(emailCampaigns.id, id));
      const service = serviceWith(new FakeSender());
      const colleague = 'someone-else';
      for (const call of [
        () => service.resume(as('member', colleague), id),
        () => service.cancel(as('member', colleague), id),
      ]) {
        await expect(call()).rejects.toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only the campaign’s sender or an owner or admin can cancel or resume it',
        });
      }
      expect(jobsSent).toHaveLength(0);
      // An admin who is not the sender may; so may the sender as a plain member.
      expect((await service.resume(as('admin', colleague), id)).status).toBe('sending');
      expect((await service.cancel(as('member'), id)).status).toBe('cancelled');
    });

    test("Gmail's per-minute window full: the run queues a job for when it frees and ends, holding no worker", async () => {
      const id = await scheduled(['w1@example.com', 'w2@example.com', 'w3@example.com']);
      const fake = new FakeSender();
      // Earlier tests sent from this mailbox within the minute: allow two more, then the window is full.
      const recent = await new CampaignsRepository(db.handle.db).sentTimesSince(
        ownerIds.businessId,
        ownerIds.id,
        new Date(Date.now() - 60_000),
      );
      const started = Date.now();
      await serviceWith(fake, { perDay: 2000, perMinute: recent.length + 2 }).run(id, jobOf());
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(fake.sent).toHaveLength(2);
      expect(jobsSent).toHaveLength(1);
      expect(jobsSent[0]!.startAfter!.getTime()).toBeGreaterThan(Date.now());
      expect(jobsSent[0]!.startAfter!.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
      const [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row).toMatchObject({ status: 'sending', runner: null });
      expect((await statuses(id)).filter((s) => s.endsWith(':queued'))).toHaveLength(1);
    });

    test('a disconnected Gmail stops the campaign (failed, resumable); nothing is lost', async () => {
      const id = await scheduled(['g1@example.com', 'g2@example.com']);
      const fake = new FakeSender();
      fake.fail = () => new MailSendError('reconnect', 'Reconnect Gmail');
      await serviceWith(fake).run(id, jobOf());
      expect(await statuses(id)).toEqual(['g1@example.com:queued', 'g2@example.com:queued']);
      const [row] = await db.handle.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row!.status).toBe('failed');
      expect(row!.note).toMatch(/reconnect Gmail/);
      sender.sent = [];
      const resumed = await owner.post(`/email-campaigns/${id}/resume`, {});
      expect(resumed.statusCode).toBe(200);
      await waitFor(
        async () => (await owner.get(`/email-campaigns/${id}`)).json().data.status,
        (s) => s === 'sent',
      );
      expect(await statuses(id)).toEqual(['g1@example.com:sent', 'g2@example.com:sent']);
    });
  });
});
