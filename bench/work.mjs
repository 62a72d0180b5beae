#!/usr/bin/env node
// Work benchmark (`pnpm bench:api -- --suite=work`): projects and tasks under load on PostgreSQL and PGlite.
// A benchmark that reports, not a test that passes or fails. Per database: fresh database → built server → one user
// registered through the API → projects and tasks seeded through the driver → autocannon per case, with a
// baseline case (GET /health) in the same run so a noisy machine shows as a slow baseline. See README.md.
import { writeFileSync } from 'node:fs';
import { int } from './lib.mjs';
import { benchDatabase, databases, rnd, runSuite, suiteOptions, verdictOf } from './suite.mjs';

const opts = suiteOptions(
  {
    projects: { type: 'string' },
    tasks: { type: 'string' },
    connections: { type: 'string', default: '10' },
  },
  `pnpm bench:api -- --suite=work [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --projects=N --tasks=N      default 10000 and 200000 (1000 / 20000 with --quick)
  --duration=S                seconds per case (default 10, 3 with --quick)
  --connections=N             autocannon connections (default 10)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_PROJECTS = int(opts.projects, quick ? 1_000 : 10_000, 'projects');
const N_TASKS = int(opts.tasks, quick ? 20_000 : 200_000, 'tasks');
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const CONNECTIONS = int(opts.connections, 10, 'connections');
const TERM = 'smit';

// ---------------------------------------------------------------------------------------------------------------
// Seeding: INSERT … SELECT generate_series, values derived from md5(row number) so runs are deterministic.

const WORDS = ['Smith', 'Garcia', 'Chen', 'Okafor', 'Novak', 'Rossi', 'Haddad', 'Silva', 'Kim', 'Dubois'];
const JOBS = ['wedding', 'brand refresh', 'kitchen remodel', 'portrait session', 'website', 'audit', 'floor plan'];
const TYPES = ['Wedding', 'Branding', 'Remodel', 'Portrait', 'Web', 'Consulting'];
const arr = (list) => `ARRAY[${list.map((w) => `'${w}'`).join(',')}]`;
const pick = (list, salt, n = 'n') =>
  `(${arr(list)})[1 + (('x' || substr(md5(${n}::text || '${salt}'), 1, 8))::bit(32)::int & 2147483647) % ${list.length}]`;

async function seed(db, { businessId, userId }) {
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  for (let from = 1; from <= N_PROJECTS; from += batch) {
    const to = Math.min(N_PROJECTS, from + batch - 1);
    await db.query(
      `
      INSERT INTO projects (id, business_id, created_by, title, stage, type, start_date, due_date, board_order, created_at, updated_at)
      SELECT 'p' || n, $1, $2, ${pick(WORDS, 'a')} || ' ' || ${pick(JOBS, 'b')} || ' #' || n,
        (ARRAY['planning','in_progress','review','completed'])[1 + n % 4], ${pick(TYPES, 'c')},
        now() - (${rnd('d', 700)} || ' days')::interval, now() + (${rnd('e', 300)} || ' days')::interval,
        (n / 4 + 1) * 1024, now() - (n || ' minutes')::interval, now()
      FROM generate_series(${from}, ${to}) n`,
      [businessId, userId],
    );
  }
  for (let from = 1; from <= N_TASKS; from += batch) {
    const to = Math.min(N_TASKS, from + batch - 1);
    // 70 % of the tasks belong to a project (20 per project on average).
    await db.query(
      `
      INSERT INTO tasks (id, business_id, project_id, user_id, title, status, priority, due_date, sort_order, created_at, updated_at)
      SELECT 't' || n, $1, CASE WHEN n % 10 < 7 THEN 'p' || (1 + ${rnd('f', N_PROJECTS)}) END, $2,
        'Call ' || ${pick(WORDS, 'g')} || ' about ' || ${pick(JOBS, 'h')} || ' #' || n,
        (ARRAY['todo','in_progress','blocked','completed'])[1 + n % 4], (ARRAY['low','regular','high'])[1 + ${rnd('i', 3)}],
        now() + (${rnd('j', 300)} || ' days')::interval, (n / 4 + 1) * 1024, now() - (n || ' seconds')::interval, now()
      FROM generate_series(${from}, ${to}) n`,
      [businessId, userId],
    );
  }
  await db.query('ANALYZE projects');
  await db.query('ANALYZE tasks');
  // task_search (migration 0017) is filled by the tasks' triggers; PGlite has no autovacuum to analyse it. A build
  // from before it has no such table.
  const { rows } = await db.query(`SELECT to_regclass('task_search') IS NOT NULL AS present`);
  if (rows[0].present) await db.query('ANALYZE task_search');
}

// ---------------------------------------------------------------------------------------------------------------

function cases() {
  const stages = ['planning', 'in_progress', 'review', 'completed'];
  const statuses = ['todo', 'in_progress', 'blocked', 'completed'];
  return [
    { name: 'baseline: GET /health', path: '/api/v1/health' },
    { name: 'projects list, page 1', path: '/api/v1/projects?page=1&limit=20', target: 50 },
    { name: 'projects list, page 50', path: '/api/v1/projects?page=50&limit=20', target: 50 },
    { name: 'projects board column', path: '/api/v1/projects?stage=review&sortBy=board&limit=50', target: 50 },
    { name: `projects search '${TERM}'`, path: `/api/v1/projects?search=${TERM}&limit=20`, target: 50 },
    { name: 'tasks list, page 1', path: '/api/v1/tasks?page=1&limit=20', target: 50 },
    { name: 'tasks kanban column', path: '/api/v1/tasks?status=blocked&sortBy=board&limit=50', target: 50 },
    { name: `tasks search '${TERM}'`, path: `/api/v1/tasks?search=${TERM}&limit=20`, target: 50 },
    { name: 'kanban totals', path: '/api/v1/tasks/kanban/totals', target: 20 },
    {
      name: 'board move (stage + order)',
      method: 'PATCH',
      path: '/api/v1/projects/p1/stage',
      target: 30,
      next: (i) => ({
        path: `/api/v1/projects/p${1 + ((i * 7919) % N_PROJECTS)}/stage`,
        body: { stage: stages[i % 4], order: (i * 31) % 200 },
      }),
    },
    {
      name: 'kanban move (column + order)',
      method: 'PATCH',
      path: '/api/v1/tasks/t1/move',
      target: 30,
      next: (i) => ({
        path: `/api/v1/tasks/t${1 + ((i * 104729) % N_TASKS)}/move`,
        body: { columnId: statuses[i % 4], taskOrder: (i * 17) % 200 },
      }),
    },
  ];
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'work', {
    what: `${N_PROJECTS} projects and ${N_TASKS} tasks`,
    seed,
    cases: cases(),
    run: { duration: DURATION, connections: CONNECTIONS },
  });
  return { label: r.label, projects: N_PROJECTS, tasks: N_TASKS, seedMs: r.seedMs, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  let failed = false;
  console.log(
    `\nWork API: ${N_PROJECTS} projects, ${N_TASKS} tasks in one business; ${CONNECTIONS} connections, ${DURATION} s per case`,
  );
  for (const r of results) {
    const baseline = r.cases[0];
    console.log(`\n${r.label} (baseline GET /health p95 ${baseline.p95.toFixed(1)} ms)`);
    console.log('case                                   p50 ms   p95 ms   req/s   target p95   verdict');
    for (const c of r.cases) {
      const verdict = verdictOf(c);
      if (c.problems.length) failed = true;
      console.log(
        `${c.name.padEnd(38)} ${c.p50.toFixed(1).padStart(6)} ${c.p95.toFixed(1).padStart(8)} ${c.rps.toFixed(0).padStart(7)} ${(c.target ? `≤ ${c.target}` : '').padStart(12)}   ${verdict}`,
      );
    }
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
  return failed ? 1 : 0;
}

runSuite(main);
