import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { runMigrations } from '../db/migrate';
import { SECRET_FILE } from '../lib/secret';
import { backupTarget, fileStamp, writeFileAtomically } from './files';
import type { BackupOutcome, RestoreReport } from './pglite-backup';
import { appliedMigrationCount, databaseFingerprint, hasExtension, shippedMigrationCount } from './fingerprint';

/**
 * Thin wrappers over pg_dump -Fc and pg_restore (Debian: postgresql-client). The archive is pg_dump's own, so the
 * plain tools restore it too. The app secret is not in the database: with APP_SECRET unset it is DATA_DIR/secret.key
 * on the API host, copied beside the archive as `<name>.secret.key`; with APP_SECRET set, keep that value yourself.
 */

/** The binary to run: PG_DUMP / PG_RESTORE from the environment, else the one on PATH. */
function tool(name: 'pg_dump' | 'pg_restore'): string {
  return process.env[name.toUpperCase()] || name;
}

/** libpq reads the password from PGPASSWORD, so it never shows in `ps`; the rest of the URL is the dbname. */
function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** The URL without its password, for messages. */
export function redactUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

function toolMajor(binary: string): number {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new Error(`${binary} not found or not runnable (install postgresql-client, or set ${binary.toUpperCase()})`);
  }
  const match = /(\d+)(?:\.\d+)?/.exec(run.stdout);
  if (!match) throw new Error(`cannot read the version of ${binary}: ${run.stdout}`);
  return Number(match[1]);
}

async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

/** pg_dump refuses a newer server; pg_restore reads archives of its own major or older. Say so before running. */
async function checkVersions(binary: string, databaseUrl: string): Promise<void> {
  const [client, server] = [toolMajor(binary), await serverMajor(databaseUrl)];
  if (client < server) {
    throw new Error(`${binary} is version ${client} but the server is ${server}: install postgresql-client-${server}`);
  }
}

function run(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${binary} exited with ${code}: ${Buffer.concat(err).toString('utf8').trim()}`));
    });
  });
}

/** The table-data entries of an archive (pg_restore --list): proves the file is readable to the end of its TOC. */
export async function archiveEntries(file: string): Promise<number> {
  const list = await run(tool('pg_restore'), ['--list', file], process.env);
  return list.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
}

/**
 * pg_dump -Fc of DATABASE_URL: one transaction's snapshot (REPEATABLE READ), taken while the API runs — it holds
 * ACCESS SHARE locks, so reads and writes go on, and only DDL (a migration) waits for it.
 */
export async function backupPostgres(options: {
  databaseUrl: string;
  dataDir: string;
  out?: string;
  appSecret?: string;
}): Promise<BackupOutcome> {
  const binary = tool('pg_dump');
  await checkVersions(binary, options.databaseUrl);
  const dataDir = path.resolve(options.dataDir);
  const file = backupTarget(options.out, dataDir, `atrium-postgres-${fileStamp()}.dump`);
  if (existsSync(file)) throw new Error(`${file} already exists; choose another --out`);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const { dbname, env } = libpqTarget(options.databaseUrl);
  const started = Date.now();
  // The archive holds every user's data and password hash: 0600 from the start (pg_dump keeps an existing file's mode).
  writeFileSync(partial, '', { mode: 0o600 });
  chmodSync(partial, 0o600);
  try {
    await run(binary, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const ms = Date.now() - started;
  renameSync(partial, file);
  const entries = await archiveEntries(file);
  let secret: BackupOutcome['secret'] = 'none';
  const secretFile = path.join(dataDir, SECRET_FILE);
  if (options.appSecret) secret = 'APP_SECRET (keep it yourself)';
  else if (existsSync(secretFile)) {
    writeFileAtomically(secretSidecar(file), readFileSync(secretFile));
    secret = 'secret.key beside the backup';
  }
  return { file, bytes: statSync(file).size, ms, how: 'pg_dump', secret, entries };
}

/** `atrium-postgres-….dump` → `atrium-postgres-….secret.key`. */
export function secretSidecar(file: string): string {
  return `${file.replace(/\.dump$/, '')}.secret.key`;
}

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Restores an archive into the database of `databaseUrl`: created when missing (through the server's `postgres`
 * database); an existing one must be empty unless `force`, which drops and recreates it (WITH (FORCE): other
 * sessions are cut off). pg_restore runs in a single transaction and stops at the first error, without
 * owners (objects belong to the role that restores; run it as the app's role). Then the migrations run and the
 * result is checked. The secret beside the archive is installed as DATA_DIR/secret.key unless APP_SECRET is set.
 */
export async function restorePostgres(options: {
  from: string;
  databaseUrl: string;
  dataDir: string;
  appSecret?: string;
  force?: boolean;
}): Promise<RestoreReport> {
  const started = Date.now();
  const binary = tool('pg_restore');
  const target = new URL(options.databaseUrl);
  const database = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!database) throw new Error('the database URL names no database');
  const maintenance = new URL(options.databaseUrl);
  maintenance.pathname = '/postgres';

  // The secret is checked before anything is dropped.
  const sidecar = secretSidecar(options.from);
  const secretFile = path.join(path.resolve(options.dataDir), SECRET_FILE);
  const installSecret = !options.appSecret && existsSync(sidecar);
  if (installSecret && existsSync(secretFile) && !options.force) {
    if (readFileSync(secretFile, 'utf8').trim() !== readFileSync(sidecar, 'utf8').trim()) {
      throw new Error(`${secretFile} holds another secret: pass --force to replace it (the old one is kept beside it)`);
    }
  }

  await checkVersions(binary, maintenance.toString());
  await withClient(maintenance.toString(), async (admin) => {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount! > 0;
    if (exists) {
      const relations = await withClient(options.databaseUrl, async (client) => {
        const { rows } = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
             AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
        );
        return Number(rows[0]!.n);
      });
      if (relations > 0 && !options.force) {
        throw new Error(
          `database ${database} is not empty (${relations} relations): restore into a new database, ` +
            'or pass --force to drop and recreate it',
        );
      }
      if (relations > 0) await admin.query(`DROP DATABASE ${quoteIdent(database)} WITH (FORCE)`);
      else return;
    }
    await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
  });

  const { dbname, env } = libpqTarget(options.databaseUrl);
  await run(
    binary,
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-password', `--dbname=${dbname}`, options.from],
    env,
  );

  const handle = openPostgres(options.databaseUrl, { poolSize: 2 });
  let report: Omit<RestoreReport, 'target' | 'secretRestored' | 'ms'>;
  try {
    const migrationsInBackup = await appliedMigrationCount(handle.db);
    const migrationsShipped = shippedMigrationCount();
    if (migrationsInBackup > migrationsShipped) {
      throw new Error(
        `the backup has ${migrationsInBackup} migrations applied, this server ships ${migrationsShipped}`,
      );
    }
    await runMigrations(handle);
    const applied = await appliedMigrationCount(handle.db);
    if (applied !== migrationsShipped) throw new Error(`migrations did not complete (${applied}/${migrationsShipped})`);
    if (!(await hasExtension(handle.db, 'pg_trgm'))) throw new Error('the restored database lacks pg_trgm');
    report = { migrationsInBackup, migrationsShipped, tables: await databaseFingerprint(handle.db) };
  } finally {
    await handle.close();
  }

  if (installSecret) {
    mkdirSync(path.dirname(secretFile), { recursive: true });
    if (existsSync(secretFile)) copyFileSync(secretFile, `${secretFile}.before-restore-${fileStamp()}`);
    rmSync(secretFile, { force: true });
    writeFileAtomically(secretFile, readFileSync(sidecar));
  }
  return { target: redactUrl(options.databaseUrl), ...report, secretRestored: installSecret, ms: Date.now() - started };
}

/** `restore --check` for an archive: pg_restore reads it to the end of its table of contents. */
export async function checkPostgresArchive(from: string): Promise<{ entries: number; secretBeside: boolean }> {
  return { entries: await archiveEntries(from), secretBeside: existsSync(secretSidecar(from)) };
}
