// Campaigns and chat benchmark (`pnpm bench:campaigns`): issue #19's "a 10,000-recipient campaign is queued in
// ≤ 10 s and its progress shown", and the chat badge's poll (GET /chat/unread/count, review #19 finding 17) against
// the panel's overview it used to be computed from. A benchmark that reports, not a test that passes or fails.
//
// The built-in server code (buildApp) on a fresh PGlite (or PostgreSQL with --pg-url). Gmail is a MailSender that
// answers at once (what is measured is Atrium's side: resolving the audience, writing the recipients, the job; Gmail's
// own limit of 150 messages a minute paces the sending itself). One owner through the API; N contacts (default
// 10,000) in one group, seeded through the driver; a template through the API.
//
// Campaign, per run (--runs, default 3): POST /email-campaigns to the group (the audience resolved, N recipients
// written in one transaction, the job queued) — the answer's time is "queued"; then GET /email-campaigns/{id} is
// polled until a recipient shows as sent — "progress shown" (the campaign page polls it every 2 s). Baseline in the
// same run: POST /email-campaigns/audience-count for the same audience (resolves the N addresses, writes nothing) and
// GET /health, each timed the same way.
//
// Chat badge: the business gets --members members (default 20), --channels channels (default 30) and --messages
// messages (default 20,000) spread over them; a member's GET /chat/unread/count (one COUNT) is timed --requests times
// (default 300) against GET /chat (the overview the count used to be read from: channels with unread counts,
// members, and #general ensured) and GET /health, interleaved so a busy machine weighs on each alike.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { Agent, newSignup } from '../server/test/helpers';
import { jobExecutor } from '../server/src/lib/jobs';
import { createMemoryMailer } from '../server/src/lib/mail';
import type { MailSender, OutgoingMail } from '../server/src/lib/mail-sender-port';
import { scratchDatabase } from './scratch-database';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const { values: opts } = parseArgs({
  args: argv,
  options: {
    recipients: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    members: { type: 'string', default: '20' },
    channels: { type: 'string', default: '30' },
    messages: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '300' },
    'pg-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(`pnpm bench:campaigns [-- --recipients=N] [--runs=N] [--members=N --channels=N --messages=N --requests=N] [--pg-url=postgres://…]
  --recipients=N  contacts in the campaign's group (default 10000)
  --runs=N        campaigns to time (default 3)
  --members, --channels, --messages   the chat the badge counts (defaults 20, 30, 20000)
  --requests=N    timed requests per chat case (default 300)
  --pg-url=URL    run on a fresh PostgreSQL database made through this server (default: a fresh PGlite)`);
  process.exit(0);
}
const N = Number(opts.recipients);
const RUNS = Number(opts.runs);
const QUEUE_TARGET_MS = 10_000;

/** Gmail as a MailSender that takes every message at once (counted). */
class InstantGmail implements MailSender {
  sent = 0;
  async canSend() {
    return true;
  }
  async sendAs(_u: string, _b: string, _mail: OutgoingMail) {
    this.sent += 1;
    return { messageId: `m${this.sent}`, threadId: `t${this.sent}`, rfcMessageId: `<m${this.sent}@bench>` };
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await fn();
  return [performance.now() - t0, v];
}

async function signedIn(app: Awaited<ReturnType<typeof buildApp>>, mailer: ReturnType<typeof createMemoryMailer>) {
  const agent = await new Agent(app).init();
  const signup = newSignup();
  await agent.post('/auth/register', signup);
  const mail = mailer.sent.find((m) => m.to === signup.email)!;
  const code = /Your verification code is (\d{6})/.exec(mail.text)![1]!;
  await agent.post('/auth/verify-email', { email: signup.email, code });
  const login = await agent.post('/auth/login', { email: signup.email, password: signup.password });
  const user = login.json().user as { id: string; businessId: string };
  return { agent, signup, user };
}

function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }, what: string): T {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return (res.json() as { data: T }).data;
}

async function main() {
  const scratch = await scratchDatabase('campaigns', opts['pg-url']);
  const config = loadConfig({
    ...scratch.env,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3999',
    REGISTER_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '100000',
  });
  const database = await openDatabase(config);
  await runMigrations(database);
  const mailer = createMemoryMailer();
  const gmail = new InstantGmail();
  const app = await buildApp({
    config,
    database,
    secret: randomBytes(32).toString('base64url'),
    logger: false,
    mailer,
    campaigns: { mailSender: gmail },
  });
  await app.ready();
  const raw = jobExecutor(database);
  try {
    console.log(`database: ${database.kind}`);
    const template = {
      name: 'News',
      subject: 'News for {{contact.firstName}}',
      blocks: [
        { id: 'h', type: 'heading', text: 'Hello {{contact.firstName}}' },
        { id: 't', type: 'text', html: '<p>Our news from {{business.name}}.</p>' },
        { id: 'b', type: 'button', label: 'Read more', url: 'https://example.com/news' },
      ],
    };

    // ---- the campaign: each run a new owner and business (Gmail's per-minute window is per sender) ---------------
    const queued: number[] = [];
    const shown: number[] = [];
    const counted: number[] = [];
    const health: number[] = [];
    let t0 = 0;
    for (let run = 1; run <= RUNS; run++) {
      const sender = await signedIn(app, mailer);
      const s = sender.agent;
      const group = ok<{ _id: string }>(await s.post('/contacts/groups', { name: 'Everyone' }), 'group');
      t0 = performance.now();
      await raw.executeSql(
        `INSERT INTO contacts (id, business_id, first_name, last_name, email, created_at)
         SELECT 'bench-' || $3::int || '-' || i, $1, 'Ada' || i, 'Lovelace', 'ada' || i || '@bench.example',
                now() - (i || ' seconds')::interval
         FROM generate_series(1, $2::int) AS i`,
        [sender.user.businessId, N, run],
      );
      await raw.executeSql(
        `INSERT INTO contact_group_members (contact_id, group_id, business_id)
         SELECT 'bench-' || $4::int || '-' || i, $1, $2 FROM generate_series(1, $3::int) AS i`,
        [group._id, sender.user.businessId, N, run],
      );
      const seedMs = performance.now() - t0;
      const tpl = ok<{ _id: string }>(await s.post('/email-templates', template), 'template');
      const audience = { groupIds: [group._id] };
      const [healthMs] = await timed(() => s.get('/health'));
      health.push(healthMs);
      const [countMs, count] = await timed(() => s.post('/email-campaigns/audience-count', { audience }));
      counted.push(countMs);
      const recipients = ok<{ recipients: number }>(count, 'audience count').recipients;
      t0 = performance.now();
      const created = await s.post('/email-campaigns', { name: `Run ${run}`, templateId: tpl._id, audience });
      const queuedMs = performance.now() - t0;
      const campaign = ok<{ _id: string; total: number; status: string }>(created, 'campaign');
      queued.push(queuedMs);
      let detail: { status: string; counts: { sent: number; queued: number } };
      for (;;) {
        detail = ok(await s.get(`/email-campaigns/${campaign._id}`), 'campaign detail');
        if (detail.counts.sent > 0) break;
        if (performance.now() - t0 > 120_000) throw new Error('no recipient sent within 120 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      const shownMs = performance.now() - t0;
      shown.push(shownMs);
      const [pageMs] = await timed(() => s.get(`/email-campaigns/${campaign._id}/recipients?page=40&limit=25`));
      console.log(
        `run ${run}: ${N} contacts seeded (${seedMs.toFixed(0)} ms); audience ${recipients} (counted in ${countMs.toFixed(0)} ms) → ` +
          `POST /email-campaigns ${queuedMs.toFixed(0)} ms (${campaign.total} recipients, ${campaign.status}); first sent shown ` +
          `after ${shownMs.toFixed(0)} ms (${detail.counts.sent} sent, ${detail.counts.queued} queued); a recipients page ` +
          `${pageMs.toFixed(0)} ms; GET /health ${healthMs.toFixed(1)} ms`,
      );
      // Stopped, so the job leaves the database to the next run.
      ok(await s.post(`/email-campaigns/${campaign._id}/cancel`, {}), 'cancel');
    }
    const worst = Math.max(...queued);
    console.log(
      `campaign of ${N}: queued worst ${worst.toFixed(0)} ms (target ≤ ${QUEUE_TARGET_MS} ms: ${worst <= QUEUE_TARGET_MS ? 'within' : 'OVER'}); ` +
        `progress shown worst ${Math.max(...shown).toFixed(0)} ms; baseline in the same run: audience count ` +
        `worst ${Math.max(...counted).toFixed(0)} ms, GET /health worst ${Math.max(...health).toFixed(1)} ms`,
    );

    const owner = await signedIn(app, mailer);
    const a = owner.agent;
    const businessId = owner.user.businessId;

    // ---- the chat badge ----------------------------------------------------------------------------------------
    const M = Number(opts.members);
    const C = Number(opts.channels);
    const MSG = Number(opts.messages);
    const REQ = Number(opts.requests);
    t0 = performance.now();
    await raw.executeSql(
      `INSERT INTO users (id, email, first_name, last_name, email_verified_at)
       SELECT 'bench-user-' || i, 'member' || i || '@bench.example', 'Member', 'No' || i, now()
       FROM generate_series(1, $1::int) AS i`,
      [M],
    );
    await raw.executeSql(
      `INSERT INTO business_members (id, business_id, user_id, role)
       SELECT 'bench-member-' || i, $1, 'bench-user-' || i, 'member' FROM generate_series(1, $2::int) AS i`,
      [businessId, M],
    );
    ok(await a.get('/chat'), 'chat overview'); // #general
    for (let i = 1; i < C; i++) ok(await a.post('/chat/channels', { name: `room-${i}` }), 'channel');
    const channels = ok<{ channels: { _id: string }[] }>(await a.get('/chat'), 'chat overview').channels.map(
      (c) => c._id,
    );
    // Messages by the members, round-robin over the channels (seq is the table's own identity).
    await raw.executeSql(
      `WITH ch AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM chat_channels WHERE id = ANY($1::text[])),
       m AS (SELECT i, (i % $3::int) AS k FROM generate_series(1, $2::int) AS i)
       INSERT INTO chat_messages (id, channel_id, business_id, user_id, body)
       SELECT 'bench-msg-' || m.i, ch.id, $4, 'bench-user-' || (1 + m.i % $5::int), 'Message ' || m.i
       FROM m JOIN ch ON ch.k = m.k ORDER BY m.i`,
      [channels, MSG, channels.length, businessId, M],
    );
    console.log(
      `seeded ${M} members, ${channels.length} channels, ${MSG} messages (${(performance.now() - t0).toFixed(0)} ms)`,
    );
    const measure = async (label: string) => {
      const badge: number[] = [];
      const overview: number[] = [];
      const healthChat: number[] = [];
      let unread = -1;
      let overviewUnread = -1;
      for (let i = 0; i < REQ; i++) {
        const [b, res] = await timed(() => a.get('/chat/unread/count'));
        badge.push(b);
        unread = (res.json() as { count: number }).count;
        const [o, ov] = await timed(() => a.get('/chat'));
        overview.push(o);
        overviewUnread = (ov.json() as { data: { unreadTotal: number } }).data.unreadTotal;
        healthChat.push((await timed(() => a.get('/health')))[0]);
      }
      console.log(
        `chat badge, ${label}: ${REQ} requests each, ${unread} unread (the overview says ${overviewUnread}):`,
      );
      console.log(`  GET /chat/unread/count (one COUNT, nothing written): ${fmt(badge)}`);
      console.log(`  GET /chat (the overview the count was read from before): ${fmt(overview)}`);
      console.log(`  GET /health (baseline): ${fmt(healthChat)}`);
      if (unread !== overviewUnread) console.log('  MISMATCH: the badge and the overview disagree');
    };
    await measure('never read');
    for (const id of channels) ok(await a.put(`/chat/channels/${id}/read`, {}), 'read');
    await raw.executeSql(
      `INSERT INTO chat_messages (id, channel_id, business_id, user_id, body)
       SELECT 'bench-new-' || i, ($1::text[])[1 + i % array_length($1::text[], 1)], $2, 'bench-user-1', 'New ' || i
       FROM generate_series(1, 100) AS i ORDER BY i`,
      [channels, businessId],
    );
    await measure('caught up, 100 new');
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
