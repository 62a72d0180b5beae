// Automation runs benchmark (`pnpm bench:automation`): "1,000 automation runs per minute without a lost or doubled
// step (bounded)" (issue #19). A benchmark that reports figures, not a test that passes or fails on a time; it exits
// 1 only when a run or a step was lost or doubled.
//
// The server's own code in-process (buildApp: the outbox, the dispatcher, pg-boss jobs — the same process runs the
// API and the jobs, as a single-process install does) on a fresh PGlite, or a fresh PostgreSQL database with
// --pg-url. One owner, one automation "contact created → create a task → notify a member". Then N contacts (default
// 1,000, bounded) with their N contact.created events are committed at once (the dispatcher's and the jobs' own
// throughput), or with --through-api created through the API `--concurrency` at a time (end to end, the API's pace);
// the clock runs from the first contact to the moment every run is finished. Afterwards the rows are counted: runs = contacts (one per event), every run completed with both steps
// 'done', tasks made by the step = N with one per contact, SYSTEM notifications = N.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { Agent, newSignup } from '../server/test/helpers';
import { jobExecutor } from '../server/src/lib/jobs';
import { createMemoryMailer } from '../server/src/lib/mail';
import { scratchDatabase } from './scratch-database';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const { values: opts } = parseArgs({
  args: argv,
  options: {
    contacts: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    'through-api': { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(`pnpm bench:automation [-- --contacts=N] [--through-api [--concurrency=N]] [--pg-url=postgres://…]
  --contacts=N     contacts, each starting one run (default 1000)
  --through-api    each contact created through the API (end to end); default: all at once through SQL (a burst)
  --concurrency=N  with --through-api: contacts created at once (default 4)
  --pg-url=URL     run on a fresh PostgreSQL database made through this server (default: a fresh PGlite)`);
  process.exit(0);
}
const N = Number(opts.contacts);
const CONCURRENCY = Number(opts.concurrency);
const TARGET_PER_MIN = 1000;
const TASK_TITLE = 'Call the new contact';

async function main() {
  const scratch = await scratchDatabase('automation', opts['pg-url']);
  const config = loadConfig({
    ...scratch.env,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3999',
    REGISTER_RATE_LIMIT: '1000',
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
  const raw = jobExecutor(database);
  const one = async (sql: string, values: unknown[] = []) =>
    (await raw.executeSql(sql, values)).rows[0] as Record<string, number>;
  try {
    const agent = await new Agent(app).init();
    const signup = newSignup();
    await agent.post('/auth/register', signup);
    const mail = mailer.sent.find((m) => m.to === signup.email)!;
    const code = /Your verification code is (\d{6})/.exec(mail.text)![1]!;
    await agent.post('/auth/verify-email', { email: signup.email, code });
    await agent.post('/auth/login', { email: signup.email, password: signup.password });
    const me = (await agent.get('/users/me')).json() as { user: { id: string; businessId: string } };
    const { id: userId, businessId } = me.user;
    const made = await agent.post('/automations', {
      name: 'Bench: call new contacts',
      trigger: 'contact.created',
      steps: [
        { type: 'create_task', title: TASK_TITLE, priority: 'high' },
        { type: 'notify_member', userId, message: 'A new contact to call' },
      ],
    });
    if (made.statusCode !== 201) throw new Error(`automation: ${made.statusCode} ${made.body}`);
    const automationId = (made.json() as { data: { _id: string } }).data._id;
    const how = opts['through-api'] ? `through the API, ${CONCURRENCY} at a time` : 'as one burst of events';
    console.log(`database: ${database.kind}; ${N} contacts ${how}; 2 steps per run`);

    const t0 = performance.now();
    let createdMs = 0;
    if (opts['through-api']) {
      // End to end: each contact through the API, its contact.created recorded in its own transaction.
      let next = 0;
      const creators = Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < N; i = next++) {
          const res = await agent.post('/contacts', {
            firstName: `Bench${i}`,
            lastName: 'Contact',
            email: `bench.${i}.${randomBytes(3).toString('hex')}@example.com`,
          });
          if (res.statusCode !== 201) throw new Error(`contact ${i}: ${res.statusCode} ${res.body}`);
        }
      });
      await Promise.all(creators);
    } else {
      // A burst: N contacts and their N contact.created events committed at once (as N producers' transactions that
      // all committed in the same instant), so the clock measures the dispatcher and the run jobs alone.
      await raw.executeSql(
        `WITH made AS (
           INSERT INTO contacts (id, business_id, created_by, first_name, last_name, email)
           SELECT gen_random_uuid()::text, $1, $2, 'Bench' || g, 'Contact', 'bench.' || g || '@example.com'
             FROM generate_series(1, $3::int) g
           RETURNING id, first_name, last_name, email)
         INSERT INTO domain_events (id, business_id, type, record_id, record, actor_id, depth)
         SELECT gen_random_uuid()::text, $1, 'contact.created', id,
                jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email), $2, 0
           FROM made`,
        [businessId, userId, N],
      );
    }
    createdMs = performance.now() - t0;
    // Every run finished (completed or failed), or 5 minutes.
    const deadline = Date.now() + 5 * 60_000;
    let progress = { runs: 0, finished: 0 };
    for (;;) {
      progress = (await one(
        `SELECT count(*)::int AS runs, count(*) FILTER (WHERE status IN ('completed','failed'))::int AS finished
           FROM automation_runs WHERE automation_id = $1`,
        [automationId],
      )) as typeof progress;
      if (progress.finished >= N || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalMs = performance.now() - t0;
    const counts = await one(
      `SELECT
         (SELECT count(*)::int FROM automation_runs WHERE automation_id = $1) AS runs,
         (SELECT count(DISTINCT event_id)::int FROM automation_runs WHERE automation_id = $1) AS events,
         (SELECT count(*)::int FROM automation_runs WHERE automation_id = $1 AND status = 'completed'
             AND jsonb_array_length(results) = 2
             AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(results) e WHERE e->>'status' <> 'done')) AS clean,
         (SELECT count(*)::int FROM automation_runs WHERE automation_id = $1 AND status = 'failed') AS failed,
         (SELECT count(*)::int FROM tasks WHERE business_id = $2 AND title = $3) AS tasks,
         (SELECT count(*)::int FROM (SELECT tc.contact_id FROM task_contacts tc JOIN tasks t ON t.id = tc.task_id
             WHERE t.business_id = $2 AND t.title = $3 GROUP BY tc.contact_id HAVING count(*) > 1) d) AS doubled,
         (SELECT count(*)::int FROM notifications WHERE user_id = $4 AND type = 'SYSTEM') AS notified`,
      [automationId, businessId, TASK_TITLE, userId],
    );
    const perMin = (N / totalMs) * 60_000;
    console.log(
      `contacts and events recorded in ${(createdMs / 1000).toFixed(1)} s; every run finished ${(totalMs / 1000).toFixed(1)} s after the ` +
        `first contact (${((totalMs - createdMs) / 1000).toFixed(1)} s after the last) → ${perMin.toFixed(0)} runs/min ` +
        `(target ≥ ${TARGET_PER_MIN}/min: ${perMin >= TARGET_PER_MIN ? 'met' : 'MISSED'})`,
    );
    console.log(
      `runs ${counts.runs} (events ${counts.events}), completed with both steps done ${counts.clean}, failed ` +
        `${counts.failed}; tasks ${counts.tasks} (contacts with two tasks: ${counts.doubled}); notifications ${counts.notified}`,
    );
    const exact =
      counts.runs === N &&
      counts.events === N &&
      counts.clean === N &&
      counts.tasks === N &&
      counts.doubled === 0 &&
      counts.notified === N;
    console.log(exact ? 'no run or step lost or doubled' : 'LOST OR DOUBLED: the counts above differ from N');
    if (!exact) process.exitCode = 1;
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
