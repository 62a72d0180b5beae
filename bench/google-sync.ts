// Google Calendar sync benchmark (`pnpm bench:gcal`): "an incremental sync of 1,000 changed Google events completes
// in ≤ 10 s against the fake" (issue #16). A benchmark that reports, not a test that passes or fails.
//
// The built-in server code (buildApp, the real @googleapis/calendar client) on a fresh PGlite (or PostgreSQL with
// --pg-url), the local fake of Google (server/test/fakes/google-calendar.ts). One member connects through the real
// OAuth flow; their calendar holds N events (default 1,000) which the first (full) sync imports; then N events are
// changed in Google (a third renamed, a third moved, a third deleted) and one incremental sync is timed from
// POST /integrations/google-calendar/sync to the job's completion. Runs --runs times (default 3) and prints each.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { Agent, newSignup } from '../server/test/helpers';
import { jobExecutor } from '../server/src/lib/jobs';
import { createMemoryMailer } from '../server/src/lib/mail';
import { FakeGoogle } from '../server/test/fakes/google-calendar';
import { connectCalendar, settle, GCAL } from '../server/test/google-calendar-helpers';
import { scratchDatabase } from './scratch-database';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const { values: opts } = parseArgs({
  args: argv,
  options: {
    events: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    'pg-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(`pnpm bench:gcal [-- --events=N] [--runs=N] [--pg-url=postgres://…]
  --events=N   changed events per incremental sync (default 1000)
  --runs=N     incremental syncs to time (default 3)
  --pg-url=URL run on a fresh PostgreSQL database made through this server (default: a fresh PGlite)`);
  process.exit(0);
}
const N = Number(opts.events);
const RUNS = Number(opts.runs);
const TARGET_MS = 10_000;

async function main() {
  const scratch = await scratchDatabase('gcal', opts['pg-url']);
  const fake = await new FakeGoogle({ clientId: 'bench-client', clientSecret: 'bench-secret' }).start();
  const config = loadConfig({
    ...scratch.env,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3999',
    GOOGLE_CALENDAR_SYNC_INTERVAL_SECONDS: '86400',
    ...fake.env(),
  });
  const database = await openDatabase(config);
  await runMigrations(database);
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    database,
    secret: randomBytes(32).toString('base64url'),
    logger: false,
    mailer,
  });
  await app.ready();
  const db = database.db;
  try {
    // A member through the API (sign-up, the mailed code, sign-in).
    const agent = await new Agent(app).init();
    const signup = newSignup();
    await agent.post('/auth/register', signup);
    const mail = mailer.sent.find((m) => m.to === signup.email)!;
    const code = /Your verification code is (\d{6})/.exec(mail.text)![1]!;
    await agent.post('/auth/verify-email', { email: signup.email, code });
    await agent.post('/auth/login', { email: signup.email, password: signup.password });
    const email = 'bench@gmail.example';
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const start = Date.UTC(2027, 0, 1, 8) + i * 3_600_000;
      ids.push(
        fake.addEvent(email, {
          summary: `Event ${i}`,
          description: `Imported event number ${i}`,
          location: 'Office',
          start: { dateTime: new Date(start).toISOString() },
          end: { dateTime: new Date(start + 1_800_000).toISOString() },
        }).id,
      );
    }
    let t0 = performance.now();
    await connectCalendar(agent, fake, email);
    await settle(db, { timeoutMs: 120_000 });
    const fullMs = performance.now() - t0;
    const raw = jobExecutor(database);
    const count = async () =>
      (await raw.executeSql('SELECT count(*)::int AS n FROM meetings WHERE source = $1', ['google_calendar'])).rows[0]
        .n as number;
    console.log(`database: ${database.kind}; ${N} events in Google`);
    console.log(`full sync (first connect): ${fullMs.toFixed(0)} ms, ${await count()} meetings`);
    const results: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      let live = ids.filter((id) => fake.event(email, id)!.status !== 'cancelled');
      // N changes: a third renamed, a third moved by a day, a third deleted — and as many new events to keep N live.
      for (let i = 0; i < N; i++) {
        const id = live[i % live.length]!;
        const kind = i % 3;
        if (kind === 0) fake.editEvent(email, id, { summary: `Renamed ${run}.${i}` });
        else if (kind === 1) {
          const e = fake.event(email, id)!;
          const shift = (d?: string | null) => new Date(Date.parse(d!) + 86_400_000).toISOString();
          fake.editEvent(email, id, {
            start: { dateTime: shift(e.start!.dateTime) },
            end: { dateTime: shift(e.end!.dateTime) },
          });
        } else {
          fake.deleteEvent(email, id);
          const start = Date.UTC(2027, 6, 1, 8) + (run * N + i) * 3_600_000;
          ids.push(
            fake.addEvent(email, {
              summary: `New ${run}.${i}`,
              start: { dateTime: new Date(start).toISOString() },
              end: { dateTime: new Date(start + 1_800_000).toISOString() },
            }).id,
          );
        }
      }
      live = ids.filter((id) => fake.event(email, id)!.status !== 'cancelled');
      const listsBefore = fake.requests.length;
      t0 = performance.now();
      const res = await agent.post(`${GCAL}/sync`);
      if (res.statusCode !== 202) throw new Error(`sync: ${res.statusCode} ${res.body}`);
      await settle(db, { timeoutMs: 120_000 });
      const ms = performance.now() - t0;
      results.push(ms);
      const meetings = await count();
      const pages = fake.requests.slice(listsBefore).filter((r) => r.path.includes('/events?')).length;
      const incremental = fake.requests.slice(listsBefore).some((r) => r.path.includes('syncToken='));
      console.log(
        `run ${run}: ${N + Math.floor(N / 3)} changed events (${N - Math.floor(N / 3)} edits, ${Math.ceil(N / 3)} deletes + as many new) ` +
          `→ incremental sync ${ms.toFixed(0)} ms (${pages} pages, syncToken ${incremental ? 'yes' : 'NO'}); ` +
          `meetings ${meetings} = live events ${live.length}: ${meetings === live.length ? 'ok' : 'MISMATCH'}`,
      );
    }
    const worst = Math.max(...results);
    console.log(
      `worst incremental sync: ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS} ms): ${worst <= TARGET_MS ? 'within' : 'OVER'}`,
    );
  } finally {
    await app.close();
    await database.close();
    await fake.stop();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
