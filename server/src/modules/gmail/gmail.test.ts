import { and, eq } from 'drizzle-orm';
import { GMAIL_MESSAGES as M } from '@atrium/domain-comms/schemas';
import { domainEvents, gmailConnections, gmailMessages } from '../../db/schema';
import { type Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { FakeGoogle } from '../../../test/fakes/google-calendar';
import { FakeGmail } from '../../../test/fakes/gmail';
import type { JobQueue } from '../../lib/jobs';
import type { NotificationSender } from '../../lib/notifications-port';
import { CONNECT_COOKIE } from './connect-flow';
import { GmailRepository } from './gmail.repository';
import { GmailService } from './gmail.service';

const G = '/integrations/gmail';
const google = new FakeGoogle({ clientId: 'gmail-test-client', clientSecret: 'gmail-test-secret' });
const fake = new FakeGmail(google);
let t: TestApp;
let n = 0;
const mailbox = (tag: string) => `${tag}.${Date.now().toString(36)}${++n}@workspace.example`;

beforeAll(async () => {
  await google.start();
  t = await createTestApp({ ...google.env(), APP_URL: 'http://localhost:3999', GMAIL_POLL_INTERVAL_SECONDS: '1' });
});

afterAll(async () => {
  await t?.close();
  await google.stop();
});

/** The whole connect flow as a browser does it: GET connect → Google's consent → Google's redirect to the callback. */
async function connect(agent: Agent, email: string, options: { deny?: boolean; from?: string } = {}) {
  google.consent = { email, ...(options.deny ? { deny: true } : {}) };
  const start = await agent.get(`${G}/connect${options.from ? `?from=${options.from}` : ''}`);
  if (start.statusCode !== 302) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const consent = new URL(String(start.headers.location));
  const atGoogle = await fetch(consent, { redirect: 'manual' });
  const callback = new URL(atGoogle.headers.get('location')!);
  const done = await agent.request({ method: 'GET', url: callback.pathname + callback.search });
  return { start, consent, callback, done };
}

async function connectedMember(tag = 'ada') {
  const { agent, body } = await signedInAgent(t.app);
  const email = mailbox(tag);
  const { done } = await connect(agent, email);
  expect(done.headers.location).toBe('http://localhost:3999/settings/profile/integrations?gmail=connected');
  const project = (await agent.post('/projects', { title: 'Kitchen for Grace', type: 'Kitchen' })).json().data
    ._id as string;
  return { agent, email, project, userId: body.user.id as string, businessId: body.user.businessId as string };
}

const status = async (agent: Agent) => (await agent.get(`${G}/status`)).json().data;
const threads = async (agent: Agent, projectId: string) =>
  (await agent.get(`${G}/projects/${projectId}/threads`)).json().data as {
    threadId: string;
    subject: string;
    messages: { direction: string; from: string; bodyHtml: string; rfcMessageId: string | null; to: string[] }[];
  }[];

/** A Gmail service of its own on the test app's database (short retry waits), for calls the HTTP routes do not make. */
let ownService: GmailService | null = null;
function gmailService(app: TestApp): GmailService {
  ownService ??= new GmailService(
    new GmailRepository(app.database.db),
    { config: app.config, secret: app.secret },
    { define: () => undefined } as unknown as JobQueue,
    { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    { send: async () => undefined } as unknown as NotificationSender,
    { retryDelaysMs: [10, 10] },
  );
  return ownService;
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Gmail: not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare.close());

  it('says so plainly: status not_configured, connect and disconnect 400, a send is refused and nothing is faked', async () => {
    const { agent } = await signedInAgent(bare.app);
    expect((await agent.get(`${G}/status`)).json()).toEqual({
      success: true,
      data: { configured: false, state: 'not_configured', connected: false, email: null, lastError: null },
    });
    for (const res of [await agent.get(`${G}/connect`), await agent.post(`${G}/disconnect`)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: M.notConfigured });
    }
    const send = await agent.post(`${G}/send`, { recipients: ['a@example.com'], subject: 'Hi', body: '<p>x</p>' });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toMatchObject({ success: false, error: M.notConfigured });
  });
});

describe('Gmail: connection', () => {
  it('connects with PKCE S256 and the send + read scopes; tokens are sealed at rest; the history id is kept', async () => {
    const { agent, body } = await signedInAgent(t.app);
    const email = mailbox('pkce');
    const { consent, done } = await connect(agent, email, { from: 'campaign' });
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.readonly');
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(done.headers.location).toBe('http://localhost:3999/emails/campaigns/create?gmail=connected');
    expect(await status(agent)).toEqual({
      configured: true,
      state: 'connected',
      connected: true,
      email,
      lastError: null,
    });
    const [row] = await t.database.db
      .select()
      .from(gmailConnections)
      .where(eq(gmailConnections.userId, body.user.id as string));
    expect(row!.refreshTokenSealed).toMatch(/^v1\./);
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/ya29\.|1\/\//);
    expect(row!.historyId).toMatch(/^\d+$/);
  });

  it('refuses a callback with another state, and says denied when the member refused', async () => {
    const { agent } = await signedInAgent(t.app);
    const start = await agent.get(`${G}/connect`);
    expect(start.statusCode).toBe(302);
    const forged = await agent.get(`${G}/callback?code=4/x&state=forged`);
    expect(forged.headers.location).toBe('http://localhost:3999/settings/profile/integrations?gmail=failed');
    expect(forged.cookies.find((c) => c.name === CONNECT_COOKIE)?.value).toBe('');
    const { done } = await connect(agent, mailbox('deny'), { deny: true });
    expect(done.headers.location).toBe('http://localhost:3999/settings/profile/integrations?gmail=denied');
    expect((await status(agent)).state).toBe('not_connected');
  });

  it('disconnect revokes the grant at Google and forgets the tokens', async () => {
    const m = await connectedMember('bye');
    const res = await m.agent.post(`${G}/disconnect`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'not_connected', connected: false });
    expect(await t.database.db.select().from(gmailConnections).where(eq(gmailConnections.userId, m.userId))).toEqual(
      [],
    );
    expect(google.requests.some((r) => r.path.startsWith('/revoke'))).toBe(true);
  });
});

describe('Gmail: sending', () => {
  it('sends a project email from the member’s mailbox: sanitised HTML, a plain-text part, kept in the project’s thread', async () => {
    const m = await connectedMember('send');
    const res = await m.agent.post(`${G}/send`, {
      recipients: ['Grace@Client.example'],
      subject: 'Kitchen — first drawings',
      body: '<p onclick="x()">Hello <b>Grace</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      projectId: m.project,
      attachments: [
        {
          filename: 'plan.pdf',
          contentType: 'application/pdf',
          contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { messageId, threadId } = res.json().data;
    const [sent] = fake.sent(m.email).filter((x) => x.id === messageId);
    expect(sent!.headers.to).toBe('grace@client.example');
    expect(sent!.headers.subject).toBe('Kitchen — first drawings');
    expect(sent!.html).toContain('<b>Grace</b>');
    expect(sent!.html).not.toMatch(/script|onclick|javascript:/);
    expect(sent!.text).toContain('Hello Grace');
    expect(sent!.attachments).toEqual([{ filename: 'plan.pdf', mimeType: 'application/pdf', size: 8 }]);
    const list = await threads(m.agent, m.project);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ threadId, subject: 'Kitchen — first drawings' });
    expect(list[0]!.messages[0]).toMatchObject({ direction: 'sent', from: m.email, to: ['grace@client.example'] });
    expect(list[0]!.messages[0]!.rfcMessageId).toBe(sent!.headers['message-id']);
  });

  it('a reply goes into the same Gmail thread with In-Reply-To and References', async () => {
    const m = await connectedMember('reply');
    const first = (
      await m.agent.post(`${G}/send`, {
        recipients: ['c@client.example'],
        subject: 'Quote',
        body: '<p>Here it is</p>',
        projectId: m.project,
      })
    ).json().data;
    const rfc = (await threads(m.agent, m.project))[0]!.messages[0]!.rfcMessageId!;
    const reply = await m.agent.post(`${G}/send`, {
      recipients: ['c@client.example'],
      subject: 'Re: Quote',
      body: '<p>One more thing</p>',
      projectId: m.project,
      threadId: first.threadId,
      inReplyTo: rfc,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.threadId).toBe(first.threadId);
    const sent = fake.thread(m.email, first.threadId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['in-reply-to']).toBe(rfc);
    expect(sent[1]!.headers.references).toBe(rfc);
    expect((await threads(m.agent, m.project))[0]!.messages).toHaveLength(2);
  });

  it('refuses bad input with a clear message and sends nothing', async () => {
    const m = await connectedMember('bad');
    const before = fake.sends.length;
    const base = { recipients: ['c@client.example'], subject: 'Hi', body: '<p>x</p>', projectId: m.project };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ recipients: [] }, 400, /Add at least one recipient/],
      [{ recipients: ['not-an-address'] }, 400, /must contain @ symbol/],
      [{ recipients: Array.from({ length: 101 }, (_, i) => `c${i}@client.example`) }, 400, /at most 100/],
      [{ subject: 'Hi\r\nBcc: victim@example.com' }, 400, /one line/],
      [
        { attachments: [{ filename: 'setup.exe', contentType: 'application/octet-stream', contentBase64: 'TVo=' }] },
        400,
        /does not allow/,
      ],
      [{ threadId: 'no-such-thread' }, 400, /not one of the project/],
      [{ projectId: 'no-such-project' }, 404, /Project not found/],
    ];
    for (const [change, code, message] of cases) {
      const res = await m.agent.post(`${G}/send`, { ...base, ...change });
      expect([res.statusCode, res.json().success]).toEqual([code, false]);
      expect(res.json().error + JSON.stringify(res.json().details ?? '')).toMatch(message);
    }
    expect(fake.sends.length).toBe(before);
  });

  it('an email over Gmail’s 25 MB is refused before anything is sent', async () => {
    const m = await connectedMember('big');
    const before = fake.sends.length;
    const chunk = Buffer.alloc(13 * 1024 * 1024, 7).toString('base64');
    const res = await m.agent.post(`${G}/send`, {
      recipients: ['c@client.example'],
      subject: 'Photos',
      body: '<p>All of them</p>',
      projectId: m.project,
      attachments: [
        { filename: 'a.jpg', contentType: 'image/jpeg', contentBase64: chunk },
        { filename: 'b.jpg', contentType: 'image/jpeg', contentBase64: chunk },
      ],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: M.tooLarge });
    expect(fake.sends.length).toBe(before);
    expect(await threads(m.agent, m.project)).toEqual([]);
  }, 30_000);

  it('a Gmail 429 or 5xx is retried with backoff; still refused after the retries → a clear error, nothing sent', async () => {
    const m = await connectedMember('busy');
    const mail = { recipients: ['c@client.example'], subject: 'Hi', body: '<p>x</p>', projectId: m.project };
    fake.failSends(1, 503);
    const ok = await m.agent.post(`${G}/send`, mail);
    expect(ok.statusCode).toBe(200);
    expect(fake.sent(m.email)).toHaveLength(1);
    fake.failSends(3, 429);
    const refused = await m.agent.post(`${G}/send`, mail);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: M.rateLimited });
    expect(fake.sent(m.email)).toHaveLength(1);
  }, 20_000);

  it('an expired access token is refreshed; a revoked grant turns the connection to reconnect', async () => {
    const m = await connectedMember('revoked');
    const mail = { recipients: ['c@client.example'], subject: 'Hi', body: '<p>x</p>', projectId: m.project };
    google.expireAccessTokens();
    expect((await m.agent.post(`${G}/send`, mail)).statusCode).toBe(200);
    google.revoke(m.email);
    google.expireAccessTokens();
    const res = await m.agent.post(`${G}/send`, mail);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: M.reconnectError });
    expect(await status(m.agent)).toMatchObject({ state: 'reconnect', connected: false });
    const again = await m.agent.post(`${G}/send`, mail);
    expect(again.json()).toMatchObject({ success: false, error: M.reconnectError });
  });
});

describe('Gmail: replies', () => {
  it('a client’s reply is found by the history poll, threaded under the project, and tells the sender', async () => {
    const m = await connectedMember('poll');
    const sent = (
      await m.agent.post(`${G}/send`, {
        recipients: ['grace@client.example'],
        subject: 'Quote',
        body: '<p>Here it is</p>',
        projectId: m.project,
      })
    ).json().data;
    // Mail on another thread is not a project email.
    fake.receive(m.email, { from: 'news@shop.example', subject: 'Sale', text: 'Buy' });
    fake.receive(m.email, {
      from: 'Grace <grace@client.example>',
      subject: 'Re: Quote',
      html: '<p>Looks good<img src=x onerror=alert(1)></p>',
      threadId: sent.threadId,
    });
    const list = await eventually(
      () => threads(m.agent, m.project),
      (l) => l[0]?.messages.length === 2,
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.messages[1]).toMatchObject({ direction: 'received', from: 'Grace <grace@client.example>' });
    expect(list[0]!.messages[1]!.bodyHtml).toContain('Looks good');
    expect(list[0]!.messages[1]!.bodyHtml).not.toContain('onerror');
    // The notification follows the stored message (the same poll run, a moment later).
    const notes = await eventually(
      async () => (await m.agent.get('/notifications?type=CLIENT_EMAIL_RECEIVED')).json().data as unknown[],
      (l) => l.length > 0,
    );
    expect(notes).toEqual([
      expect.objectContaining({
        type: 'CLIENT_EMAIL_RECEIVED',
        data: expect.objectContaining({ projectId: m.project, url: `/projects/${m.project}/email` }),
      }),
    ]);
    // Polled again: nothing doubled.
    await new Promise((r) => setTimeout(r, 2500));
    const rows = await t.database.db.select().from(gmailMessages).where(eq(gmailMessages.projectId, m.project));
    expect(rows).toHaveLength(2);
  }, 30_000);

  it('a received email is matched to the business’s contact by its address, any case: the notification and email.received carry it', async () => {
    const m = await connectedMember('match');
    const contact = (
      await m.agent.post('/contacts', { firstName: 'Grace', lastName: 'Hopper', email: 'grace.h@client.example' })
    ).json().data as { _id: string };
    // The same address in another business is not this business's contact.
    const elsewhere = await signedInAgent(t.app);
    await elsewhere.agent.post('/contacts', { firstName: 'Other', email: 'grace.h@client.example' });
    const sent = (
      await m.agent.post(`${G}/send`, {
        recipients: ['grace.h@client.example', 'stranger@client.example'],
        subject: 'Quote',
        body: '<p>Here it is</p>',
        projectId: m.project,
      })
    ).json().data;
    fake.receive(m.email, {
      from: 'Grace Hopper <Grace.H@CLIENT.example>',
      subject: 'Re: Quote',
      text: 'Looks good',
      threadId: sent.threadId,
    });
    fake.receive(m.email, {
      from: 'stranger@client.example',
      subject: 'Re: Quote',
      text: 'Who?',
      threadId: sent.threadId,
    });
    const events = await eventually(
      () =>
        t.database.db
          .select()
          .from(domainEvents)
          .where(and(eq(domainEvents.businessId, m.businessId), eq(domainEvents.type, 'email.received'))),
      (l) => l.length === 2,
    );
    const bySubject = (from: string) => events.find((e) => String(e.record.from).includes(from))!.record;
    expect(bySubject('Grace')).toMatchObject({
      contactId: contact._id,
      email: 'grace.h@client.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      projectId: m.project,
    });
    expect(bySubject('stranger')).toMatchObject({ contactId: null, email: 'stranger@client.example' });
    const notes = await eventually(
      async () =>
        (await m.agent.get('/notifications?type=CLIENT_EMAIL_RECEIVED')).json().data as {
          message: string;
          data: { contactId?: string };
        }[],
      (l) => l.length === 2,
    );
    expect(notes.find((x) => x.message.startsWith('Grace'))!.data.contactId).toBe(contact._id);
    expect(notes.find((x) => x.message.startsWith('stranger'))!.data.contactId).toBeUndefined();
  }, 30_000);

  it('a history id Google no longer keeps (404) → the recent project threads are read again', async () => {
    const m = await connectedMember('resync');
    const sent = (
      await m.agent.post(`${G}/send`, {
        recipients: ['c@client.example'],
        subject: 'Plans',
        body: '<p>Plans</p>',
        projectId: m.project,
      })
    ).json().data;
    await eventually(
      async () => (await t.database.db.select().from(gmailConnections).where(eq(gmailConnections.userId, m.userId)))[0],
      (row) => !!row?.lastPolledAt,
    );
    fake.expireHistory(m.email);
    fake.receive(m.email, { from: 'c@client.example', subject: 'Re: Plans', text: 'Thanks', threadId: sent.threadId });
    const list = await eventually(
      () => threads(m.agent, m.project),
      (l) => l[0]?.messages.length === 2,
    );
    expect(list[0]!.messages[1]).toMatchObject({ direction: 'received', from: 'c@client.example' });
    expect(list[0]!.messages[1]!.bodyHtml).toBe('<p>Thanks</p>');
  }, 30_000);
});

describe('Gmail: review findings', () => {
  it('a project’s email tab lists its newest messages when it has more than the tab shows (finding 16)', async () => {
    const m = await connectedMember('newest');
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 5 }, (_, i) => ({
      businessId: m.businessId,
      projectId: m.project,
      userId: m.userId,
      gmailMessageId: `newest-${n}-${i}`,
      gmailThreadId: `newest-thread-${n}-${i}`,
      rfcMessageId: null,
      direction: 'sent' as const,
      fromAddress: m.email,
      toAddresses: ['c@client.example'],
      ccAddresses: [],
      subject: `Message ${i}`,
      bodyHtml: `<p>${i}</p>`,
      attachments: [],
      sentAt: new Date(base + i * 60_000),
    }));
    await t.database.db.insert(gmailMessages).values(rows);
    const kept = await new GmailRepository(t.database.db).projectMessages(m.businessId, m.project, 3);
    expect(kept.map((r) => r.subject)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    const list = await threads(m.agent, m.project);
    expect(list[0]!.subject).toBe('Message 4');
  });

  it('a history read that stops with pages left goes on from the last record read, not from the mailbox’s newest (finding 11)', async () => {
    const m = await connectedMember('tail');
    const row = (await t.database.db.select().from(gmailConnections).where(eq(gmailConnections.userId, m.userId)))[0]!;
    const start = row.historyId!;
    const ids = Array.from({ length: 5 }, (_, i) =>
      fake.receive(m.email, { from: 'c@client.example', subject: `Hi ${i}`, text: 'x' }),
    );
    const session = gmailService(t).sessionForTests(row);
    const first = await session.messagesAddedSince(start, 2, 2);
    expect(first.added.map((a) => a.id)).toEqual(ids.slice(0, 4));
    const second = await session.messagesAddedSince(first.historyId!, 2, 2);
    expect(second.added.map((a) => a.id)).toEqual(ids.slice(4));
    const all = await session.messagesAddedSince(start);
    expect(all.added.map((a) => a.id)).toEqual(ids);
    expect(second.historyId).toBe(all.historyId);
  });

  it('a received email’s remote images do not load until the member asks (finding 15)', async () => {
    const m = await connectedMember('pixel');
    const sent = (
      await m.agent.post(`${G}/send`, {
        recipients: ['grace@client.example'],
        subject: 'Tiles',
        body: '<p>Which tiles?</p>',
        projectId: m.project,
      })
    ).json().data;
    fake.receive(m.email, {
      from: 'grace@client.example',
      subject: 'Re: Tiles',
      html: '<p>These</p><img src="https://tracker.example/open.gif?id=1" width="1" height="1">',
      threadId: sent.threadId,
    });
    const list = await eventually(
      () => threads(m.agent, m.project),
      (l) => l[0]?.messages.length === 2,
    );
    const [mine, theirs] = list[0]!.messages as unknown as { bodyHtml: string; remoteImages: number }[];
    expect(theirs!.bodyHtml).not.toMatch(/\ssrc=/);
    expect(theirs!.bodyHtml).toContain('data-remote-src="https://tracker.example/open.gif?id=1"');
    expect(theirs!.remoteImages).toBe(1);
    expect(mine!.remoteImages).toBe(0);
  }, 30_000);

  it('a send whose answer is lost (5xx after Gmail took it) is not sent again: the mailbox is checked first (finding 7)', async () => {
    const m = await connectedMember('lost');
    const mail = { recipients: ['c@client.example'], subject: 'Once', body: '<p>Only once</p>', projectId: m.project };
    fake.failAfterSending(1, 502);
    const res = await m.agent.post(`${G}/send`, mail);
    expect(res.statusCode).toBe(200);
    expect(fake.sent(m.email)).toHaveLength(1);
    expect(res.json().data.messageId).toBe(fake.sent(m.email)[0]!.id);
    expect(await threads(m.agent, m.project)).toHaveLength(1);
    // A 5xx where nothing went out is still tried again.
    fake.failSends(1, 503);
    expect((await m.agent.post(`${G}/send`, { ...mail, subject: 'Twice' })).statusCode).toBe(200);
    expect(fake.sent(m.email).map((s) => s.headers.subject)).toEqual(['Once', 'Twice']);
  }, 20_000);

  it('every send from a mailbox is logged, so the daily limit counts project and automation mail too (finding 18)', async () => {
    const m = await connectedMember('daily');
    const since = new Date(Date.now() - 60_000);
    const mail = { recipients: ['c@client.example'], subject: 'Hi', body: '<p>x</p>', projectId: m.project };
    expect((await m.agent.post(`${G}/send`, mail)).statusCode).toBe(200);
    await gmailService(t).sendAs(m.userId, m.businessId, {
      to: ['d@client.example'],
      subject: 'Auto',
      html: '<p>y</p>',
    });
    fake.failSends(3, 429);
    await expect(
      gmailService(t).sendAs(m.userId, m.businessId, { to: ['d@client.example'], subject: 'No', html: '<p>z</p>' }),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    const times = await gmailService(t).sentTimesSince(m.userId, m.businessId, since);
    expect(times).toHaveLength(2);
    expect(await gmailService(t).sentTimesSince(m.userId, m.businessId, new Date())).toEqual([]);
  }, 20_000);
});
