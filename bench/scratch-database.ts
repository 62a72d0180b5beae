import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where an in-process bench (run with the server's tsx) keeps its data: a fresh temporary directory (PGlite's
 * DATA_DIR and an empty WEB_DIR), and, with `pgUrl`, a fresh PostgreSQL database made through that server. `env` is
 * what loadConfig needs for it; `drop()` removes both.
 */
export interface ScratchDatabase {
  dir: string;
  env: { DATA_DIR: string; WEB_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

export async function scratchDatabase(label: string, pgUrl?: string): Promise<ScratchDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `atrium-${label}-bench-`));
  const env: ScratchDatabase['env'] = { DATA_DIR: path.join(dir, 'pglite'), WEB_DIR: path.join(dir, 'web') };
  let dropPg: (() => Promise<void>) | null = null;
  if (pgUrl) {
    const name = `atrium_${label.replace(/\W/g, '_')}_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropPg = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  return {
    dir,
    env,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      await dropPg?.();
    },
  };
}
