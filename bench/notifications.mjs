#!/usr/bin/env node
// Notifications benchmark (`pnpm bench:notifications`): issue #19's two targets — the unread count p95 ≤ 10 ms, and a
// new notification at a connected browser within 1 s p95 across two API processes. A benchmark that reports, not a
// test that passes or fails on a time; it exits 1 only when a request failed or a push was lost.
//
// 1. The bell's unread count, per database (--db: PostgreSQL and PGlite): fresh database → the built server → one
//    user registered through the API → --notifications (10,000) of theirs seeded through the driver (--unread of them
//    unread, a tenth personal — no business —, types and dates spread) beside --others (100,000) of 100 other users
//    of other businesses → VACUUM ANALYZE → autocannon with 1 and 10 connections: GET /health (the baseline, in the
//    same run; and GET /notifications/preferences, a signed-in one), GET /notifications/unread/count (target p95 ≤ 10 ms) and GET /notifications page 1 (reported). It
//    prints the plan of the count's statement.
// 2. Live pushes across processes (PostgreSQL only: LISTEN/NOTIFY joins the processes; PGlite is one process): a
//    fresh database, API process A and API process B on it; the owner's bell stream (GET /notifications/stream, the
//    server-sent events the bell's EventSource reads) on B; a second member of the business creates --pushes (200)
//    contacts through A one after another — each notifies the owner (CONTACT_CREATED). Per contact: the time from
//    sending the POST to A until the stream on B delivers the event, and until B answers the unread count with it
//    (what the bell does on the event); p50/p95/max, and every push counted (none lost, none doubled).
// See README.md beside this file.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { freshDatabase, openDb, percentile, pgAnswers } from './cannon.mjs';
import { API, cleanups, int, log, login, register, since, sleep, startServer } from './lib.mjs';
import { benchDatabase, databases, rnd, runSuite, serverCpu, suiteOptions, verdictOf } from './suite.mjs';

const opts = suiteOptions(
  {
    notifications: { type: 'string' },
    unread: { type: 'string' },
    others: { type: 'string' },
    pushes: { type: 'string' },
    part: { type: 'string', default: 'both' },
  },
  `pnpm bench:notifications [-- options]
  --db=pglite|postgres|both   the unread count's databases (default: both when PostgreSQL answers, else pglite);
                              the cross-process pushes run on PostgreSQL only
  --notifications=N           the user's own notifications (default 10000; 2000 with --quick)
  --unread=N                  of them unread (default 1000; 200 with --quick)
  --others=N                  other users' notifications beside them (default 100000; 10000 with --quick)
  --pushes=N                  notifications pushed across the two processes (default 200; 50 with --quick)
  --part=count|push|both      which half to run (default both)
  --duration=S                seconds per autocannon case (default 10, 3 with --quick)
  --pg-url=URL                PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres, or BENCH_PG_URL)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_MINE = int(opts.notifications, quick ? 2_000 : 10_000, 'notifications');
const N_UNREAD = Math.min(N_MINE, int(opts.unread, quick ? 200 : 1_000, 'unread'));
const N_OTHERS = opts.others === '0' ? 0 : int(opts.others, quick ? 10_000 : 100_000, 'others');
const N_PUSHES = int(opts.pushes, quick ? 50 : 200, 'pushes');
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const COUNT_TARGET_MS = 10;
const PUSH_TARGET_MS = 1_000;
/** A push not seen on the stream within this long counts as lost. */
const PUSH_TIMEOUT_MS = 10_000;
const OTHER_USERS = 100;
if (!['count', 'push', 'both'].includes(opts.part)) {
  console.error('--part must be count, push or both');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. The unread count

const TYPES = ['CONTACT_CREATED', 'TASK', 'PROJECT', 'CALENDAR', 'DOCUMENT', 'FORM_SUBMITTED', 'MESSAGE_RECEIVED'];
const typeOf = (salt, n = 'n') =>
  `(ARRAY[${TYPES.map((t) => `'${t}'`).join(', ')}])[1 + ${rnd(salt, TYPES.length, n)}]`;

/**
 * The user's notifications over the last year (the newest `N_UNREAD` unread, as a bell left alone fills up; every
 * tenth personal), and other users' of other businesses beside them, so that the index has others' entries too.
 */
async function seed(db, { businessId, userId }) {
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  for (let from = 1; from <= N_MINE; from += batch) {
    const to = Math.min(N_MINE, from + batch - 1);
    await db.query(
      `INSERT INTO notifications (id, user_id, business_id, type, title, message, data, read_at, created_at)
       SELECT 'n' || n, $1, CASE WHEN n % 10 = 0 THEN NULL ELSE $2 END, ${typeOf('t')}, 'New contact',
         'Contact ' || n || ' was added to your contacts', jsonb_build_object('url', '/contacts/c' || n),
         CASE WHEN n > ${N_MINE - N_UNREAD} THEN NULL ELSE now() - interval '1 minute' END,
         now() - ((${N_MINE} - n) * interval '1 minute') * (525600.0 / ${N_MINE})
       FROM generate_series(${from}, ${to}) n`,
      [userId, businessId],
    );
  }
  if (N_OTHERS > 0) {
    await db.query(
      `INSERT INTO users (id, email, first_name, last_name)
       SELECT 'bu' || n, 'bench-other-' || n || '@example.com', 'Other', 'User ' || n FROM generate_series(1, ${OTHER_USERS}) n`,
    );
    await db.query(
      `INSERT INTO businesses (id, name, slug, settings, typography, colors)
       SELECT 'bb' || n, 'Other business ' || n, 'bench-other-' || n, b.settings, b.typography, b.colors
       FROM generate_series(1, ${OTHER_USERS}) n, businesses b WHERE b.id = $1`,
      [businessId],
    );
    for (let from = 1; from <= N_OTHERS; from += batch) {
      const to = Math.min(N_OTHERS, from + batch - 1);
      await db.query(
        `INSERT INTO notifications (id, user_id, business_id, type, title, message, read_at, created_at)
         SELECT 'o' || n, 'bu' || (1 + n % ${OTHER_USERS}), 'bb' || (1 + n % ${OTHER_USERS}), ${typeOf('o')},
           'New contact', 'Contact ' || n || ' was added to your contacts',
           CASE WHEN ${rnd('r', 10)} = 0 THEN NULL ELSE now() END, now() - (${rnd('at', 525600)} || ' minutes')::interval
         FROM generate_series(${from}, ${to}) n`,
      );
    }
  }
  // As autovacuum would after a load this size: the visibility map lets the count read its index alone.
  await db.query('VACUUM ANALYZE notifications');
}

/**
 * The count's statement as notifications.repository.ts `unreadCount` sends it (the counters of migration 0052), and
 * the count of the unread rows it replaced (index-only over the partial unread index): their plans, and both answers
 * (they must agree). A build before 0052 has no counters: then only the rows' count is shown.
 */
const UNREAD_COUNT_SQL = `SELECT coalesce(sum(unread), 0)::int AS count FROM notification_unread_counts
  WHERE user_id = $1 AND business_key IN ($2, '')`;
const UNREAD_ROWS_SQL = `SELECT count(*)::int AS count FROM notifications
  WHERE user_id = $1 AND (business_id = $2 OR business_id IS NULL) AND read_at IS NULL`;

async function inspect(db, { businessId, userId }) {
  const out = { count: NaN, rows: NaN, plan: [] };
  for (const [key, label, q] of [
    ['count', 'the unread count (counters)', UNREAD_COUNT_SQL],
    ['rows', 'the unread rows counted', UNREAD_ROWS_SQL],
  ]) {
    try {
      out[key] = (await db.query(q, [userId, businessId])).rows[0].count;
      const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q}`, [userId, businessId]);
      out.plan.push(`-- ${label}`, ...rows.map((r) => r['QUERY PLAN']));
    } catch (error) {
      out.plan.push(`-- ${label}: ${error.message}`);
    }
  }
  return out;
}

function countCases() {
  const list = [];
  for (const connections of [1, 10]) {
    list.push(
      { name: `baseline: GET /health (${connections} conn.)`, connections, path: `${API}/health` },
      // Signed in, one small read of the same module: what any authenticated GET costs beside /health.
      { name: `baseline: preferences (${connections} conn.)`, connections, path: `${API}/notifications/preferences` },
      {
        name: `unread count (${connections} conn.)`,
        connections,
        path: `${API}/notifications/unread/count`,
        target: COUNT_TARGET_MS,
      },
      // The bell's list on opening (no target of its own in the issue): reported.
      { name: `list, page 1 (${connections} conn.)`, connections, path: `${API}/notifications?page=1&limit=20` },
    );
  }
  return list;
}

async function benchCount(kind) {
  const r = await benchDatabase(kind, opts, 'notifications', {
    what: `${N_MINE} notifications of one user (${N_UNREAD} unread) and ${N_OTHERS} of ${OTHER_USERS} others`,
    seed,
    inspect,
    cases: countCases(),
    run: { duration: DURATION, connections: 1 },
    ...serverCpu,
  });
  const { count, rows, plan } = r.inspected;
  return { label: r.label, seedMs: r.seedMs, unread: count, unreadRows: rows, plan, cases: r.cases };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Pushes across two API processes

/**
 * The bell's stream as a browser's EventSource reads it: GET /notifications/stream with the session, each event
 * handed to `onEvent(name, data, at)` (at: performance.now() when its last line arrived). `close()` ends it.
 */
async function openStream(base, headers, onEvent) {
  const abort = new AbortController();
  const res = await fetch(`${base}${API}/notifications/stream`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      const at = performance.now();
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (block.split('\n').every((line) => line.startsWith(':') || line.startsWith('retry:'))) continue;
        onEvent(name, data, at);
      }
    }
  })();
  return {
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}

async function benchPush() {
  const { where, dbEnv } = await freshDatabase('postgres', opts['pg-url'], 'notifpush', cleanups);
  const a = await startServer('API process A', dbEnv);
  const b = await startServer('API process B', dbEnv);
  log(`PostgreSQL: API process A on :${a.port}, B on :${b.port}, one database`);
  const owner = await register(a.base, 'notif-owner');
  const member = await register(a.base, 'notif-member');
  // The member joins the owner's business (as an accepted invitation would leave it) and works in it.
  const db = await openDb('postgres', where);
  await db.query(`INSERT INTO business_members (id, business_id, user_id, role) VALUES ($1, $2, $3, 'member')`, [
    `bench-member-${Date.now()}`,
    owner.businessId,
    member.userId,
  ]);
  await db.close();
  const actor = await login(a.base, member.email);
  const { data: switched } = await actor.request('POST', `/businesses/${owner.businessId}/switch`, { expect: 200 });
  actor.token = switched.accessToken ?? actor.cookies.get('atrium_at');
  const reader = await login(b.base, owner.email);

  // One waiter at a time: the next contact is created once the previous push arrived (or was given up on).
  let waiting = null;
  let received = 0;
  let unexpected = 0;
  let ready;
  const readyAt = new Promise((resolve) => (ready = resolve));
  const stream = await openStream(b.base, reader.authHeaders(), (name, data, at) => {
    if (name === 'ready') return ready(at);
    if (name !== 'notification') return;
    received++;
    if (JSON.parse(data).kind !== 'new' || !waiting) {
      unexpected++;
      return;
    }
    const w = waiting;
    waiting = null;
    w(at);
  });
  cleanups.push(() => stream.close());
  await readyAt;
  log(`PostgreSQL: the owner's stream is open on B; ${N_PUSHES} contacts created by a member through A`);

  const toEvent = [];
  const toCount = [];
  const postMs = [];
  let lost = 0;
  let wrongCount = 0;
  for (let i = 1; i <= N_PUSHES; i++) {
    const arrived = new Promise((resolve) => {
      waiting = resolve;
      setTimeout(() => resolve(null), PUSH_TIMEOUT_MS).unref();
    });
    const t0 = performance.now();
    const posted = actor.request('POST', '/contacts', {
      json: { firstName: 'Pushed', lastName: `Contact ${i}`, email: `pushed-${i}@example.com` },
      expect: 201,
    });
    const at = await arrived;
    await posted;
    postMs.push(since(t0));
    if (at === null) {
      waiting = null;
      lost++;
      continue;
    }
    toEvent.push(at - t0);
    // What the bell does on the event: it asks the process it is connected to for the count again.
    const { data } = await reader.request('GET', '/notifications/unread/count', { expect: 200 });
    toCount.push(since(t0));
    if (data.count !== i - lost) wrongCount++;
    await sleep(20);
  }
  await sleep(500); // a late or doubled push would show here
  await stream.close();
  const { data: final } = await reader.request('GET', '/notifications/unread/count', { expect: 200 });
  await a.stop();
  await b.stop();
  const stats = (values) => {
    const sorted = Float64Array.from(values).sort();
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN };
  };
  return {
    pushes: N_PUSHES,
    received,
    lost,
    unexpected,
    wrongCount,
    finalCount: final.count,
    toEvent: stats(toEvent),
    toCount: stats(toCount),
    post: stats(postMs),
  };
}

// ---------------------------------------------------------------------------------------------------------------

const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—').padStart(8);

async function main() {
  const loadBefore = loadavg();
  const counts = [];
  if (opts.part !== 'push') for (const kind of await databases(opts)) counts.push(await benchCount(kind));
  let push = null;
  if (opts.part !== 'count') {
    if (await pgAnswers(opts['pg-url'])) push = await benchPush();
    else log(`PostgreSQL does not answer at ${opts['pg-url']}: the cross-process pushes are left out`);
  }
  const loadAfter = loadavg();
  let failed = false;

  console.log(
    `\nNotifications: load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ` +
      `${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (the machine is shared: compare with the baseline)`,
  );
  for (const r of counts) {
    console.log(
      `\n${r.label}: unread count of ${N_MINE} notifications (${r.unreadRows} unread rows, counters ${r.unread}) among ` +
        `${N_MINE + N_OTHERS}; ` +
        `${DURATION} s per case; seeded in ${(r.seedMs / 1000).toFixed(1)} s`,
    );
    console.log('case                                 p50 ms   p95 ms   req/s   CPU ms/req   target p95   verdict');
    for (const c of r.cases) {
      if (c.problems.length) failed = true;
      console.log(
        `${c.name.padEnd(34)} ${ms(c.p50)} ${ms(c.p95)} ${c.rps.toFixed(0).padStart(7)} ${c.cpuPerRequest.toFixed(2).padStart(12)} ${(c.target ? `≤ ${c.target}` : '').padStart(12)}   ${verdictOf(c)}`,
      );
    }
    if (Number.isFinite(r.unread) && r.unread !== r.unreadRows) {
      failed = true;
      console.log(`${r.label}: FAILED: the counters say ${r.unread} unread, the rows ${r.unreadRows}`);
    }
    console.log(`\n${r.label}: plans\n  ${r.plan.join('\n  ')}`);
  }
  if (push) {
    const lostOrDoubled = push.lost > 0 || push.unexpected > 0 || push.finalCount !== push.pushes;
    if (lostOrDoubled) failed = true;
    console.log(
      `\nPostgreSQL, two API processes: ${push.pushes} notifications made through A, the owner's stream on B; ` +
        `${push.received} events received, ${push.lost} lost, ${push.unexpected} unexpected; unread count at the end ` +
        `${push.finalCount}${push.wrongCount ? `; ${push.wrongCount} refreshed counts short` : ''}`,
    );
    console.log('from the POST to A until                   p50 ms   p95 ms   max ms   target p95   verdict');
    const line = (name, s, target) =>
      console.log(
        `${name.padEnd(40)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.max)} ${(target ? `≤ ${target}` : '').padStart(12)}   ` +
          (target ? (lostOrDoubled ? 'FAILED: lost or doubled' : s.p95 <= target ? 'met' : 'missed') : ''),
      );
    line('the event on B’s stream', push.toEvent, PUSH_TARGET_MS);
    line('B answers the new unread count', push.toCount, PUSH_TARGET_MS);
    line('A answers the POST (201)', push.post);
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ loadBefore, loadAfter, counts, push }, null, 2));
  return failed ? 1 : 0;
}

runSuite(main);
