#!/usr/bin/env node
// Tenant isolation benchmark (`pnpm bench:tenants`): does one business's heavy work stall another business?
// Business A gets N contacts (seeded through the driver), business B a few (through the API). B's `GET /contacts`
// is measured with autocannon alone (baseline), then while A runs exports (`GET /contacts?export=true`) back to
// back; the report prints B's p50/p95 in both runs and the ratio. A benchmark: it reports, it does not pass or fail.
// See README.md beside this file ("Tenant isolation").
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { contactsInsertSql } from './data.mjs';
import {
  API,
  cleanups,
  int,
  log,
  login,
  register,
  runCleanups,
  serverMain,
  since,
  sleep,
  startServer,
} from './lib.mjs';

const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const { values: opts } = parseArgs({
  args: argv,
  options: {
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
    contacts: { type: 'string' },
    'b-contacts': { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    exporters: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`node bench/tenants.mjs [--quick] [--db=pglite|postgres|both] [--contacts=N] [--b-contacts=N]
  [--duration=S] [--connections=N] [--exporters=N] [--pg-url=URL]`);
  process.exit(0);
}
function fail(message) {
  console.error(message);
  process.exit(2);
}
const quick = opts.quick;
const N_A = int(opts.contacts, quick ? 20_000 : 100_000, 'contacts');
const N_B = int(opts['b-contacts'], 30, 'b-contacts');
const DURATION = int(opts.duration, quick ? 8 : 20, 'duration');
const CONNECTIONS = int(opts.connections, 2, 'connections');
const EXPORTERS = int(opts.exporters, 2, 'exporters');
if (opts.db && !['pglite', 'postgres', 'both'].includes(opts.db)) fail('--db is pglite, postgres or both');
if (!existsSync(serverMain)) {
  console.error(`no ${serverMain}: build the server first (cd server && node build.mjs)`);
  process.exit(2);
}

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A's contacts through the driver, secondary indexes dropped for the insert and re-created (as bench/api.mjs). */
async function seedA(db, { businessId, userId }) {
  const t0 = performance.now();
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename IN ('contacts', 'contact_search')
        AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  for (const { indexname } of indexes) await db.exec(`DROP INDEX "${indexname}"`);
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  for (let lo = 1; lo <= N_A; lo += batch) {
    await db.exec(contactsInsertSql({ businessId, userId, lo, hi: Math.min(N_A, lo + batch - 1) }));
  }
  for (const { indexdef } of indexes) await db.exec(indexdef.replace(' ON ONLY ', ' ON '));
  await db.exec('VACUUM ANALYZE');
  log(`  A: ${N_A.toLocaleString('en-US')} contacts seeded in ${secs(since(t0))}`);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon on B's contacts page: its latencies (ms) and any non-200 answers. */
async function measureB(base, token, seconds) {
  const latencies = [];
  const bad = new Map();
  const instance = autocannon({
    url: `${base}${API}/contacts`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 60,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status !== 200) bad.set(status, (bad.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    n: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    problems: [...bad].map(([s, n]) => `${n}× HTTP ${s}`).concat(result.errors ? [`${result.errors} errors`] : []),
  };
}

/**
 * A's answer read as it streams in, without parsing 75 MB in this process (autocannon measures B here: a long
 * JSON.parse would show as B's latency): the contacts counted by their `{"_id"` openings, the pagination parsed
 * from the tail.
 */
async function readExport(res) {
  const decoder = new TextDecoder();
  let contacts = 0;
  let carry = ''; // the last 5 characters: an opening split across chunks (never a whole one, 6 long)
  let tail = '';
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    const scan = carry + text;
    for (let at = scan.indexOf('{"_id"'); at !== -1; at = scan.indexOf('{"_id"', at + 1)) contacts++;
    carry = scan.slice(-5);
    tail = (tail + text).slice(-300);
  }
  const pagination = JSON.parse(tail.slice(tail.lastIndexOf('"pagination":') + '"pagination":'.length, -1));
  return { contacts, total: pagination.total, bytes };
}

/** EXPORTERS loops of A's export until `stop()`: how many finished, their durations, statuses other than 200. */
function exportLoop(base, token) {
  let running = true;
  const durations = [];
  const statuses = new Map();
  let bytes = 0;
  const loop = async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${base}${API}/contacts?export=true`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      if (res.status === 200) {
        const answer = await readExport(res);
        if (answer.contacts !== N_A || answer.total !== N_A) {
          throw new Error(`export answered ${answer.contacts} contacts (total ${answer.total}), not ${N_A}`);
        }
        durations.push(since(t0));
        bytes = answer.bytes;
      } else {
        await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
      }
    }
  };
  const loops = Array.from({ length: EXPORTERS }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      durations.sort((a, b) => a - b);
      return { count: durations.length, p50: percentile(durations, 50), max: durations.at(-1), bytes, statuses };
    },
  };
}

async function benchDb(kind) {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const before = cleanups.length;
  let dbEnv;
  let server;
  let a;
  let b;
  if (kind === 'postgres') {
    const name = `atrium_tenants_${Date.now()}`;
    const admin = new pg.Client({ connectionString: opts['pg-url'] });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: opts['pg-url'] });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const url = new URL(opts['pg-url']);
    url.pathname = `/${name}`;
    dbEnv = { DATABASE_URL: url.toString() };
    server = await startServer(label, dbEnv);
    a = await register(server.base, 'a');
    b = await register(server.base, 'b');
    const pool = new pg.Pool({ connectionString: dbEnv.DATABASE_URL, max: 2 });
    await seedA({ kind, query: (t) => pool.query(t), exec: (t) => pool.query(t) }, a);
    await pool.end();
  } else {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-tenants-'));
    cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
    dbEnv = { DATA_DIR: path.join(tmp, 'pglite') };
    // PGlite is single-connection: register, stop the server, seed with the bench's own PGlite, start again.
    server = await startServer(label, dbEnv);
    a = await register(server.base, 'a');
    b = await register(server.base, 'b');
    await server.stop();
    const db = await PGlite.create({ dataDir: dbEnv.DATA_DIR, extensions: { pg_trgm } });
    await seedA({ kind, query: (t) => db.query(t), exec: (t) => db.exec(t) }, a);
    await db.close();
    server = await startServer(label, dbEnv);
  }
  log(`${label}: server up; A ${a.businessId}, B ${b.businessId}`);
  const clientB = await login(server.base, b.email);
  for (let i = 1; i <= N_B; i++) {
    await clientB.request('POST', '/contacts', {
      json: { firstName: `B${i}`, lastName: 'Tenant', email: `b${i}@tenant-b.example` },
      expect: 201,
    });
  }
  const tokenA = (await login(server.base, a.email)).token;
  // Warm-up: one export (read as a stream: past ≈ 700k contacts it is longer than a string can be), a second of B.
  const t0 = performance.now();
  const warm = await readExport(
    await fetch(`${server.base}${API}/contacts?export=true`, { headers: { authorization: `Bearer ${tokenA}` } }),
  );
  if (warm.contacts !== N_A || warm.total !== N_A) throw new Error(`warm-up export: ${warm.contacts} contacts`);
  log(
    `${label}: one export of ${N_A.toLocaleString('en-US')} contacts (${(warm.bytes / 1e6).toFixed(1)} MB) in ${secs(since(t0))}`,
  );
  await measureB(server.base, clientB.token, 1);

  log(`${label}: B alone, ${CONNECTIONS} connection(s), ${DURATION} s`);
  const alone = await measureB(server.base, clientB.token, DURATION);
  log(`${label}: B while A runs ${EXPORTERS} export loop(s) of ${N_A.toLocaleString('en-US')} contacts`);
  const exports = exportLoop(server.base, tokenA);
  await sleep(500);
  const loaded = await measureB(server.base, clientB.token, DURATION);
  const exported = await exports.stop();
  while (cleanups.length > before) await cleanups.pop()();
  return { label, alone, loaded, exported };
}

const fmt = (ms) => (Number.isFinite(ms) ? (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)) : '—');

function report(runs) {
  console.log(
    `\nB = GET /contacts of a business with ${N_B} contacts, ${CONNECTIONS} connection(s), ${DURATION} s per run; ` +
      `A = ${EXPORTERS} loop(s) of GET /contacts?export=true over ${N_A.toLocaleString('en-US')} contacts\n`,
  );
  const rows = [
    ['database', 'B alone p50 / p95', 'B with A exporting p50 / p95 (max)', 'p95 ratio', 'A exports (p50 each)'],
  ];
  for (const r of runs) {
    const statuses = [...r.exported.statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
    rows.push([
      r.label,
      `${fmt(r.alone.p50)} / ${fmt(r.alone.p95)} ms`,
      `${fmt(r.loaded.p50)} / ${fmt(r.loaded.p95)} ms (${fmt(r.loaded.max)})`,
      `${(r.loaded.p95 / r.alone.p95).toFixed(1)}×`,
      `${r.exported.count} (${fmt(r.exported.p50)} ms, ${(r.exported.bytes / 1e6).toFixed(1)} MB)${statuses ? `; ${statuses}` : ''}`,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(' | '));
  for (const r of runs) {
    for (const [name, m] of [
      ['alone', r.alone],
      ['loaded', r.loaded],
    ]) {
      if (m.problems.length) console.log(`${r.label} B ${name}: ${m.problems.join(', ')}`);
    }
  }
}

async function pgAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  let kinds;
  if (opts.db === 'pglite' || opts.db === 'postgres') kinds = [opts.db];
  else if (opts.db === 'both') kinds = ['postgres', 'pglite'];
  else kinds = (await pgAnswers(opts['pg-url'])) ? ['postgres', 'pglite'] : ['pglite'];
  const runs = [];
  for (const kind of kinds) runs.push(await benchDb(kind));
  report(runs);
}

main()
  .catch(async (error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(runCleanups);
