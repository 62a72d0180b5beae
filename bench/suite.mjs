// What the API suites beside api.mjs share (work.mjs, meetings.mjs): their options, the opening of a run per
// database (fresh database → built server → one user registered through the API → rows seeded through the driver →
// the server again), the cases under autocannon, the verdicts and the way the process ends.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cannon, freshDatabase, openDb, pgAnswers } from './cannon.mjs';
import { cleanups, log, login, register, runCleanups, since, startServer } from './lib.mjs';

/**
 * The suite's command-line options: its own besides --db, --quick, --duration, --pg-url, --json and --help (which
 * prints `usage` and exits). `pnpm bench:api -- --suite=…` passes a leading `--` and the --suite that chose it.
 */
export function suiteOptions(options, usage) {
  const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--') && !arg.startsWith('--suite'));
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      ...options,
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** The databases to run on: --db, or both when PostgreSQL answers, else PGlite. */
export async function databases(opts) {
  return opts.db === 'both' || (!opts.db && (await pgAnswers(opts['pg-url'])))
    ? ['postgres', 'pglite']
    : [opts.db ?? 'pglite'];
}

/** SQL: a deterministic number in [0, mod) from the row number `n` and a salt (md5 of both). */
export const rnd = (salt, mod, n = 'n') =>
  `((('x' || substr(md5(${n}::text || '${salt}'), 1, 8))::bit(32)::int & 2147483647) % ${mod})`;

/**
 * One database's run: a fresh database of `kind` with one user registered through the API, the rows
 * `seed(db, registration)` writes through the driver (timed; `inspect(db, registration)` may then read it, as a
 * query plan), the built server on it, and each case under autocannon with a fresh session (Bearer token, and the
 * CSRF double-submit a write needs), logged as it ends. `around(c, go)` may wrap a case's run to add figures to its
 * result, `note(r)` a text to its log line.
 */
export async function benchDatabase(kind, opts, tag, { what, seed, inspect, cases, run, around, note }) {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const { where, dbEnv } = await freshDatabase(kind, opts['pg-url'], tag, cleanups);
  let server = await startServer(label, dbEnv);
  const reg = await register(server.base, `${tag}-${kind}`);
  // PGlite is single-connection: the server lets go of the directory while the bench seeds it.
  if (kind === 'pglite') await server.stop();
  const db = await openDb(kind, where);
  log(`${label}: seeding ${what}`);
  const t0 = performance.now();
  await seed(db, reg);
  const seedMs = since(t0);
  log(`${label}: seeded in ${(seedMs / 1000).toFixed(1)} s`);
  const inspected = inspect ? await inspect(db, reg) : undefined;
  await db.close();
  if (kind === 'pglite') server = await startServer(label, dbEnv);
  const results = [];
  for (const c of cases) {
    const client = await login(server.base, reg.email);
    const go = () => cannon(server.base, client.authHeaders(), c, run);
    const r = around ? await around(server, go) : await go();
    results.push({ ...c, next: undefined, ...r });
    log(
      `${label}: ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s` +
        (note ? `, ${note(r)}` : '') +
        (r.problems.length ? ` — ${r.problems.join(', ')}` : ''),
    );
  }
  await server.stop();
  return { label, seedMs, inspected, cases: results };
}

/**
 * CPU milliseconds the server process has used (user + system, /proc, Linux; clock ticks of 10 ms): per request it
 * is the API's own cost, which a loaded machine stretches far less than it stretches latency.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** benchDatabase's `around` and `note` that add the server's CPU ms per request (`cpuPerRequest`) to each case. */
export const serverCpu = {
  around: async (server, go) => {
    const cpu0 = cpuMs(server.pid);
    const result = await go();
    return { ...result, cpuPerRequest: (cpuMs(server.pid) - cpu0) / Math.max(1, result.count) };
  },
  note: (result) => `server CPU ${result.cpuPerRequest.toFixed(1)} ms/request`,
};

/** A case's verdict: its problems, or whether its p95 met the target (none without a target). */
export function verdictOf(c) {
  if (c.problems.length) return `FAILED: ${c.problems.join(', ')}`;
  if (c.target === undefined) return '';
  return c.p95 <= c.target ? 'met' : 'missed';
}

/**
 * The closing report of a suite's runs (one per database): a table of its cases against the baseline (the first
 * case) and the plans each run inspected; the results in `opts.json` when asked. Answers the exit code: 1 when a
 * case had problems.
 */
export function reportRuns(results, title, opts) {
  let failed = false;
  console.log(`\n${title}`);
  for (const r of results) {
    const baseline = r.cases[0];
    console.log(
      `\n${r.label} (baseline GET /health p95 ${baseline.p95.toFixed(1)} ms; seeded in ${(r.seedMs / 1000).toFixed(1)} s)`,
    );
    console.log('case                                          p50 ms   p95 ms   req/s   target p95   verdict');
    for (const c of r.cases) {
      if (c.problems.length) failed = true;
      console.log(
        `${c.name.padEnd(45)} ${c.p50.toFixed(1).padStart(6)} ${c.p95.toFixed(1).padStart(8)} ${c.rps.toFixed(0).padStart(7)} ${(c.target ? `≤ ${c.target}` : '').padStart(12)}   ${verdictOf(c)}`,
      );
    }
    console.log(`\n${r.label}: plans\n  ${r.plan.join('\n  ')}`);
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
  return failed ? 1 : 0;
}

/** Runs `main` (its answer is the exit code; an error exits 1), cleaning up after it either way. */
export function runSuite(main) {
  main()
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    })
    .catch(async (error) => {
      console.error(error);
      await runCleanups();
      process.exit(1);
    });
}
