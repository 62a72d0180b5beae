#!/usr/bin/env node
// Meetings benchmark (`pnpm bench:api -- --suite=meetings`): the calendar's range queries on PostgreSQL and PGlite.
// A benchmark that reports, not a test that passes or fails. Per database: fresh database → built server → one user
// registered through the API → 50,000 meetings over 5 years seeded through the driver (timed ones of 30–120 min, 5 %
// all-day, 0.5 % of 10–20 days) → autocannon per case with 1 and with 10 connections, each request a different month
// (or week) → the plan of the range query, to show which indexes it reads. Issue #16's target: a month p95 ≤ 30 ms
// on PostgreSQL. See README.md.
import { writeFileSync } from 'node:fs';
import { int } from './lib.mjs';
import { benchDatabase, databases, rnd, runSuite, serverCpu, suiteOptions, verdictOf } from './suite.mjs';

const opts = suiteOptions(
  { meetings: { type: 'string' } },
  `pnpm bench:api -- --suite=meetings [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --meetings=N                default 50000 (5000 with --quick), spread over 5 years
  --duration=S                seconds per case (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_MEETINGS = int(opts.meetings, quick ? 5_000 : 50_000, 'meetings');
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const YEARS = 5;
const FIRST_YEAR = 2022;
const MONTHS = YEARS * 12;
const TARGET_MS = 30;

// ---------------------------------------------------------------------------------------------------------------
// Seeding: INSERT … SELECT generate_series, values derived from md5(row number) so runs are deterministic.

async function seed(db, { businessId, userId }) {
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  const minutes = YEARS * 365 * 24 * 60;
  for (let from = 1; from <= N_MEETINGS; from += batch) {
    const to = Math.min(N_MEETINGS, from + batch - 1);
    // kind: 0–4 all-day (5 %), 5 long (0.5 % of 10–20 days: 1 in 200), else timed 30–120 min in working hours.
    await db.query(
      `
      WITH s AS (
        SELECT n, ${rnd('k', 200)} AS kind,
          timestamptz '${FIRST_YEAR}-01-01 00:00:00+00' + (${rnd('a', minutes)} || ' minutes')::interval AS at
        FROM generate_series(${from}, ${to}) n
      )
      INSERT INTO meetings (id, business_id, user_id, organizer_id, title, start_at, end_at, is_all_day, status, type,
                            attendees, created_at, updated_at)
      SELECT 'm' || n, $1, $2, $2,
        (ARRAY['Site visit','Call','Design review','Kickoff','Check-in'])[1 + ${rnd('b', 5)}] || ' #' || n,
        CASE WHEN kind < 10 THEN date_trunc('day', at) ELSE at END,
        CASE WHEN kind < 10 THEN date_trunc('day', at)
             WHEN kind = 10 THEN at + ((10 + ${rnd('c', 11)}) || ' days')::interval
             ELSE at + ((30 + ${rnd('d', 91)}) || ' minutes')::interval END,
        kind < 10,
        (ARRAY['scheduled','scheduled','scheduled','completed','cancelled'])[1 + ${rnd('e', 5)}],
        (ARRAY['meeting','call','video','in_person','other'])[1 + ${rnd('f', 5)}],
        jsonb_build_array(jsonb_build_object('id', $2::text, 'model', 'User', 'email', null, 'name', 'Bench')),
        at - interval '30 days', at - interval '30 days'
      FROM s`,
      [businessId, userId],
    );
  }
  await db.query('ANALYZE meetings');
}

// ---------------------------------------------------------------------------------------------------------------

const monthRange = (i) => {
  const m = (i * 37) % MONTHS;
  const start = new Date(Date.UTC(FIRST_YEAR, m, 1));
  const end = new Date(Date.UTC(FIRST_YEAR, m + 1, 1));
  return `startDate=${start.toISOString()}&endDate=${end.toISOString()}`;
};
const weekRange = (i) => {
  const start = new Date(Date.UTC(FIRST_YEAR, 0, 3) + ((i * 53) % (YEARS * 52)) * 7 * 86_400_000);
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return `startDate=${start.toISOString()}&endDate=${end.toISOString()}`;
};

function cases() {
  const list = [{ name: 'baseline: GET /health', path: '/api/v1/health' }];
  for (const connections of [1, 10]) {
    const each = (name, url, target) => ({
      name: `${name} (${connections} conn.)`,
      connections,
      path: url(0),
      target,
      next: (i) => ({ path: url(i) }),
    });
    list.push(
      each('GET /meetings, a month', (i) => `/api/v1/meetings?${monthRange(i)}`, TARGET_MS),
      each('GET /meetings, a week', (i) => `/api/v1/meetings?${weekRange(i)}`, TARGET_MS),
      each('GET /calendar/meetings, a month', (i) => `/api/v1/calendar/meetings?${monthRange(i)}`, TARGET_MS),
    );
  }
  return list;
}

/** The plan of the repository's range query for one month (the same SQL shape as meetings.repository.ts). */
async function plan(db, businessId) {
  const from = new Date(Date.UTC(FIRST_YEAR + 3, 5, 1));
  const to = new Date(Date.UTC(FIRST_YEAR + 3, 6, 1));
  const shortFrom = new Date(from.getTime() - 8 * 86_400_000);
  const longEnd = new Date(from.getTime() - 86_400_000);
  const { rows } = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
     SELECT id FROM meetings
     WHERE business_id = $1 AND start_at < $3::timestamptz
       AND (CASE WHEN is_all_day THEN end_at + interval '1 day' ELSE end_at END > $2::timestamptz
            OR start_at >= $2::timestamptz)
       AND (start_at >= $4::timestamptz OR (end_at - start_at > interval '7 days' AND end_at >= $5::timestamptz))
       AND (NOT (source = 'google_calendar' AND project_id IS NULL))
     ORDER BY start_at, id LIMIT 5000`,
    [businessId, from.toISOString(), to.toISOString(), shortFrom.toISOString(), longEnd.toISOString()],
  );
  return rows.map((r) => r['QUERY PLAN']);
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'meetings', {
    what: `${N_MEETINGS} meetings over ${YEARS} years`,
    seed,
    inspect: (db, reg) => plan(db, reg.businessId),
    cases: cases(),
    run: { duration: DURATION, connections: 10 },
    ...serverCpu,
  });
  return { label: r.label, meetings: N_MEETINGS, seedMs: r.seedMs, plan: r.inspected, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  let failed = false;
  console.log(`\nMeetings API: ${N_MEETINGS} meetings over ${YEARS} years in one business; ${DURATION} s per case`);
  for (const r of results) {
    const baseline = r.cases[0];
    console.log(`\n${r.label} (baseline GET /health p95 ${baseline.p95.toFixed(1)} ms)`);
    console.log(
      'case                                          p50 ms   p95 ms   req/s   CPU ms/req   target p95   verdict',
    );
    for (const c of r.cases) {
      const verdict = verdictOf(c);
      if (c.problems.length) failed = true;
      console.log(
        `${c.name.padEnd(45)} ${c.p50.toFixed(1).padStart(6)} ${c.p95.toFixed(1).padStart(8)} ${c.rps.toFixed(0).padStart(7)} ${c.cpuPerRequest.toFixed(1).padStart(12)} ${(c.target ? `≤ ${c.target}` : '').padStart(12)}   ${verdict}`,
      );
    }
    console.log(`\n${r.label}: plan of a month's range query\n  ${r.plan.join('\n  ')}`);
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
  return failed ? 1 : 0;
}

runSuite(main);
