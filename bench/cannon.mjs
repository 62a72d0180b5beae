// What the suites of `pnpm bench:api` share to run their cases: one autocannon run per case with every answer
// checked, percentiles, and the database the bench seeds through its driver (work.mjs, meetings.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * One autocannon run of one case; every answer must be 2xx. `c`: { path, method?, connections?, next?(i) → { path,
 * body } }; `run`: { duration, connections } (the suite's defaults).
 */
export async function cannon(base, auth, c, run) {
  const latencies = [];
  const bad = new Map();
  let i = 0;
  const instance = autocannon({
    url: base,
    connections: c.connections ?? run.connections,
    pipelining: 1,
    duration: run.duration,
    timeout: 30,
    headers: { ...auth, accept: 'application/json', 'content-type': 'application/json' },
    requests: [
      {
        method: c.method ?? 'GET',
        path: c.path,
        setupRequest: (req) => {
          if (!c.next) return req;
          const { path: p, body } = c.next(i++);
          return body === undefined ? { ...req, path: p } : { ...req, path: p, body: JSON.stringify(body) };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status < 200 || status > 299) bad.set(status, (bad.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  const problems = [...bad].map(([s, n]) => `${n}× HTTP ${s}`);
  if (result.errors) problems.push(`${result.errors} socket errors`);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    rps: sorted.length / (result.duration || run.duration),
    problems,
  };
}

/** The bench's own connection to the database it seeds ({ url } PostgreSQL, { dataDir } PGlite). */
export async function openDb(kind, { url, dataDir }) {
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return { kind, query: (t, p) => pool.query(t, p), close: () => pool.end() };
  }
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  return { kind, query: (t, p) => db.query(t, p), close: () => db.close() };
}

export async function pgAnswers(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh database for one suite's run, removed at the end (`cleanups`): a new PostgreSQL database under `pgUrl`, or
 * a PGlite directory. Answers where the bench reaches it (`where`, for openDb) and the server's env (`dbEnv`).
 */
export async function freshDatabase(kind, pgUrl, tag, cleanups) {
  if (kind === 'postgres') {
    const name = `atrium_bench_${tag}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    });
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    return { where: { url: u.toString() }, dbEnv: { DATABASE_URL: u.toString() } };
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), `atrium-bench-${tag}-`));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const dataDir = path.join(tmp, 'pglite');
  return { where: { dataDir }, dbEnv: { DATA_DIR: dataDir } };
}
