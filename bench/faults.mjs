#!/usr/bin/env node
// Fault benchmark (`pnpm bench:faults`): what the API does when its PostgreSQL goes away, on the built server
// (server/dist) against a database of its own on the PostgreSQL at --pg-url. It reports; it exits 1 only when a
// hard rule is broken (a hung request, a crashed server, an import row lost or doubled).
//   1. backends terminated under write load: requests answered / refused cleanly (503) / otherwise failed / hung;
//   2. an outage (the database refuses connections, every backend terminated) and its end: how requests answer
//      while it lasts, and the time until /health and a write succeed again;
//   3. kill -9 of the server in the middle of an import (a pg-boss job), then a restart: rows lost or doubled, when
//      the import said "resuming", and the time until it made progress again;
//   4. another tenant's p95 while one tenant exports (bench/tenants.mjs --db=postgres; skipped with --no-tenants).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cleanups, int, log, register, runCleanups, since, sleep, startServer, repoRoot } from './lib.mjs';
import { runSuite } from './suite.mjs';

const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const { values: opts } = parseArgs({
  args: argv,
  options: {
    quick: { type: 'boolean', default: false },
    writers: { type: 'string' },
    'import-rows': { type: 'string' },
    tenants: { type: 'boolean', default: true },
    'no-tenants': { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log('node bench/faults.mjs [--quick] [--writers=N] [--import-rows=N] [--no-tenants] [--pg-url=URL]');
  process.exit(0);
}
const quick = opts.quick;
const WRITERS = int(opts.writers, 8, 'writers');
const IMPORT_ROWS = int(opts['import-rows'], quick ? 10_000 : 20_000, 'import-rows');
/** A request with no answer after this long counts as hung (the server's own limits are 5 s connect, 20 s read). */
const HUNG_MS = 30_000;

const adminUrl = opts['pg-url'];
const dbName = `atrium_faults_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
const admin = (sql, params) => query(adminUrl, sql, params);
const terminate = () =>
  admin(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  ).then((rows) => rows[0].n);
const allowConnections = (allow) => admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS ${allow}`);

/** Sorts a request's outcome into answered (2xx), refused cleanly (503), failed otherwise, or hung. */
function outcomes() {
  const o = { answered: 0, unavailable: 0, other: 0, hung: 0, slowestMs: 0, otherStatuses: {} };
  return {
    o,
    async time(fn) {
      const t0 = performance.now();
      try {
        const res = await fn();
        if (res.status >= 200 && res.status < 300) o.answered++;
        else if (res.status === 503) o.unavailable++;
        else {
          o.other++;
          o.otherStatuses[res.status] = (o.otherStatuses[res.status] ?? 0) + 1;
        }
      } catch (error) {
        if (error.name === 'TimeoutError') o.hung++;
        else {
          o.other++;
          o.otherStatuses[error.cause?.code ?? error.name] =
            (o.otherStatuses[error.cause?.code ?? error.name] ?? 0) + 1;
        }
      }
      o.slowestMs = Math.max(o.slowestMs, since(t0));
    },
  };
}

const newContact = (tag, i) => ({
  json: {
    firstName: `F${tag}`,
    lastName: `L${i}`,
    email: `f${tag}.${i}.${randomBytes(3).toString('hex')}@example.com`,
  },
  timeoutMs: HUNG_MS,
});

async function terminations(server, account) {
  log(`1. ${WRITERS} writers, backends terminated 5 times, 1 s apart`);
  const { o, time } = outcomes();
  let stop = false;
  const writer = async (w) => {
    for (let i = 0; !stop; i++) await time(() => account.client.request('POST', '/contacts', newContact(w, i)));
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  let killed = 0;
  for (let round = 0; round < 5; round++) {
    await sleep(1_000);
    killed += await terminate();
  }
  await sleep(500);
  stop = true;
  await Promise.all(writers);
  return { ...o, backendsTerminated: killed, serverAlive: server.isAlive() };
}

async function outage(server, account) {
  const seconds = quick ? 3 : 6;
  log(`2. outage: connections refused and backends terminated for ${seconds} s, then allowed again`);
  await allowConnections(false);
  await terminate();
  const { o, time } = outcomes();
  const health = [];
  const t0 = performance.now();
  let i = 0;
  while (since(t0) < seconds * 1000) {
    const h0 = performance.now();
    const res = await fetch(`${server.base}/api/v1/health`, { signal: AbortSignal.timeout(HUNG_MS) });
    health.push({ status: res.status, ms: since(h0) });
    await time(() => account.client.request('POST', '/contacts', newContact('outage', i++)));
  }
  await allowConnections(true);
  const back = performance.now();
  let healthyMs = null;
  let writeMs = null;
  while (since(back) < 60_000 && (healthyMs === null || writeMs === null)) {
    if (healthyMs === null) {
      const res = await fetch(`${server.base}/api/v1/health`).catch(() => null);
      if (res?.status === 200) healthyMs = since(back);
    }
    if (healthyMs !== null && writeMs === null) {
      const res = await account.client.request('POST', '/contacts', newContact('back', 0)).catch(() => null);
      if (res?.status === 201) writeMs = since(back);
    }
    await sleep(20);
  }
  return {
    ...o,
    healthStatuses: [...new Set(health.map((h) => h.status))],
    healthSlowestMs: Math.max(...health.map((h) => h.ms)),
    recoverHealthMs: healthyMs,
    recoverWriteMs: writeMs,
    serverAlive: server.isAlive(),
  };
}

function csv(rows) {
  const lines = ['First Name,Last Name,Email'];
  for (let i = 0; i < rows; i++) lines.push(`Imp${i},Row,imported${i}@example.com`);
  return `${lines.join('\n')}\n`;
}

async function killDuringImport(server, account) {
  log(`3. kill -9 of the server during a ${IMPORT_ROWS}-row import, then a restart`);
  const form = new FormData();
  form.append('file', new Blob([csv(IMPORT_ROWS)], { type: 'text/csv' }), 'faults.csv');
  const upload = await account.client.request('POST', '/contacts/upload', { form, expect: 200 });
  const { uploadId, suggestedMapping } = upload.data.data;
  const start = await account.client.request('POST', '/contacts/import', {
    json: { uploadId, mapping: suggestedMapping },
    expect: 202,
  });
  const { jobId } = start.data.data;
  const job = async () => (await account.client.request('GET', `/contacts/import/${jobId}`, { expect: 200 })).data.data;
  let before;
  for (;;) {
    before = await job();
    if (before.processed >= IMPORT_ROWS * 0.3 || before.status === 'completed' || before.status === 'failed') break;
    await sleep(20);
  }
  await server.crash();
  const killedAt = performance.now();
  const restarted = await startServer('restarted', { DATABASE_URL: dbUrl }, { port: server.port });
  let resumeMs = null;
  let resumingMs = null;
  let after;
  for (;;) {
    after = await job();
    if (resumingMs === null && after.resuming) resumingMs = since(killedAt);
    if (resumeMs === null && after.processed > before.processed) resumeMs = since(killedAt);
    if (after.status === 'completed' || after.status === 'failed' || since(killedAt) > 300_000) break;
    await sleep(100);
  }
  const [{ rows, distinct }] = await query(
    dbUrl,
    `SELECT count(*)::int AS rows, count(DISTINCT lower(email))::int AS distinct FROM contacts
     WHERE business_id = $1 AND email LIKE 'imported%'`,
    [account.businessId],
  );
  return {
    restarted,
    figures: {
      processedAtKill: before.processed,
      status: after.status,
      created: after.created,
      rowsInDatabase: rows,
      lost: IMPORT_ROWS - distinct,
      doubled: rows - distinct,
      resumeAfterRestartMs: resumeMs,
      resumingShownMs: resumingMs,
      serverStartMs: Math.round(restarted.startMs),
    },
  };
}

async function main() {
  await admin(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  const server = await startServer('faults', { DATABASE_URL: dbUrl });
  const account = await register(server.base, 'faults');
  const r1 = await terminations(server, account);
  const r2 = await outage(server, account);
  const { restarted, figures: r3 } = await killDuringImport(server, account);
  await restarted.stop();

  const fmt = (o) =>
    `answered ${o.answered} · 503 ${o.unavailable} · other ${o.other}${o.other ? ` ${JSON.stringify(o.otherStatuses)}` : ''} · hung ${o.hung} · slowest ${Math.round(o.slowestMs)} ms`;
  console.log('\n== Faults (PostgreSQL) ==');
  console.log(
    `1. terminations under load (${r1.backendsTerminated} backends killed): ${fmt(r1)}; server alive: ${r1.serverAlive}`,
  );
  console.log(
    `2. outage: ${fmt(r2)}; /health ${r2.healthStatuses.join('/')} (slowest ${Math.round(r2.healthSlowestMs)} ms); ` +
      `after it: /health 200 in ${r2.recoverHealthMs === null ? 'never' : `${Math.round(r2.recoverHealthMs)} ms`}, ` +
      `a write in ${r2.recoverWriteMs === null ? 'never' : `${Math.round(r2.recoverWriteMs)} ms`}; server alive: ${r2.serverAlive}`,
  );
  console.log(
    `3. kill -9 at ${r3.processedAtKill}/${IMPORT_ROWS} rows: ${r3.status}, created ${r3.created}, rows stored ${r3.rowsInDatabase}, ` +
      `lost ${r3.lost}, doubled ${r3.doubled}; restart ${r3.serverStartMs} ms, "resuming" shown ${r3.resumingShownMs === null ? 'never' : `${Math.round(r3.resumingShownMs)} ms`}, ` +
      `progress again ${r3.resumeAfterRestartMs === null ? 'never' : `${Math.round(r3.resumeAfterRestartMs)} ms`} after the kill`,
  );

  const broken = [];
  if (r1.hung || r2.hung) broken.push('a request hung');
  if (!r1.serverAlive || !r2.serverAlive) broken.push('the server died');
  if (r1.other || r2.other) broken.push('a request failed with something other than 503');
  if (r3.lost || r3.doubled || r3.status !== 'completed') broken.push('the import lost or doubled rows');
  if (r2.recoverWriteMs === null) broken.push('no recovery after the outage');

  if (opts.tenants && !opts['no-tenants']) {
    log('4. another tenant while one exports (bench/tenants.mjs --db=postgres)');
    await runCleanups();
    const r = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'bench', 'tenants.mjs'),
        '--db=postgres',
        `--pg-url=${adminUrl}`,
        ...(quick ? ['--quick'] : []),
      ],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) broken.push('the tenants bench failed');
  }
  console.log(
    broken.length
      ? `\nBROKEN: ${broken.join('; ')}`
      : '\nEvery hard rule held: no hung request, no crash, no lost or doubled row.',
  );
  return broken.length ? 1 : 0;
}

runSuite(main);
