import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openPglite, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { SECRET_FILE } from '../lib/secret';
import { askServer, controlSocketPath, dumpPglite } from './control-socket';
import { backupTarget, fileStamp, isEmptyOrMissing, writeFileAtomically } from './files';
import {
  appliedMigrationCount,
  databaseFingerprint,
  hasExtension,
  shippedMigrationCount,
  type TableFingerprint,
} from './fingerprint';

export interface BackupOutcome {
  file: string;
  bytes: number;
  /** How long the database was busy with the dump (hot: what the server reported). */
  ms: number;
  how: 'hot (through the running server)' | 'cold (server stopped)' | 'pg_dump';
  /** Where the app secret of this installation is, and so what must be kept with the backup. */
  secret: 'secret.key inside the backup' | 'secret.key beside the backup' | 'APP_SECRET (keep it yourself)' | 'none';
  /** The pg_dump archive's table-data entries (PostgreSQL only). */
  entries?: number;
}

/**
 * PGlite backup = PGlite's own dumpDataDir('gzip') of DATA_DIR: a plain .tar.gz of the whole directory, so it also
 * holds secret.key and the mail outbox when they live there (their defaults). Taken by the running server through
 * the control socket when one answers; otherwise the directory is opened here — refused while postmaster.pid says
 * a PGlite has it open (a server without the socket, or one that crashed: `force` after making sure none runs).
 */
export async function backupPglite(options: {
  dataDir: string;
  out?: string;
  force?: boolean;
  appSecret?: string;
}): Promise<BackupOutcome> {
  const dataDir = path.resolve(options.dataDir);
  const file = backupTarget(options.out, dataDir, `atrium-pglite-${fileStamp()}.tar.gz`);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let data: Buffer;
  let ms: number;
  let how: BackupOutcome['how'];
  const answer = await askServer(controlSocketPath(dataDir), { op: 'backup' });
  if (answer) {
    data = answer.body;
    ms = Number(answer.header.ms ?? 0);
    how = 'hot (through the running server)';
  } else {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`no PGlite database in ${dataDir}`);
    if (existsSync(path.join(dataDir, 'postmaster.pid')) && !options.force) {
      throw new Error(
        `${dataDir} looks open (postmaster.pid) but no server answers on ${controlSocketPath(dataDir)}: ` +
          'a server that predates hot backups may be running, or the last one did not stop cleanly. ' +
          'Stop any server on this directory, then run again with --force.',
      );
    }
    const started = Date.now();
    const handle = await openPglite({ dataDir });
    try {
      data = await dumpPglite(pgliteClient(handle));
    } finally {
      await handle.close();
    }
    ms = Date.now() - started;
    how = 'cold (server stopped)';
  }
  writeFileAtomically(file, data);
  const secret = existsSync(path.join(dataDir, SECRET_FILE))
    ? 'secret.key inside the backup'
    : options.appSecret
      ? 'APP_SECRET (keep it yourself)'
      : 'none';
  return { file, bytes: data.length, ms, how, secret };
}

export interface RestoreReport {
  /** Where the data now is (a directory, or a database URL without its password). */
  target: string;
  /** Migrations recorded in the backup / shipped with this server (the restore applies the difference). */
  migrationsInBackup: number;
  migrationsShipped: number;
  tables: TableFingerprint[];
  /** Whether the backup carried the app secret (secret.key). */
  secretRestored: boolean;
  /** The previous contents of the target, kept (PGlite with force). */
  movedAside?: string;
  ms: number;
}

/** The names in a (possibly gzipped) tarball. */
export function tarEntries(data: Buffer): string[] {
  const tar = data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = field(0, 100);
    names.push((prefix ? `${prefix}/${name}` : name).replace(/^\/+/, ''));
    const size = parseInt(field(124, 12).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

function backupBlob(data: Buffer): Blob {
  const gzipped = data[0] === 0x1f && data[1] === 0x8b;
  return new Blob([data], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' });
}

function pgliteClient(handle: DatabaseHandle) {
  if (handle.driver.kind !== 'pglite') throw new Error('not a PGlite database');
  return handle.driver.client;
}

/** Opened with the app's own openPglite (so with pg_trgm), brought to this server's migrations and checked. */
async function checkOpened(handle: DatabaseHandle): Promise<Omit<RestoreReport, 'target' | 'secretRestored' | 'ms'>> {
  const migrationsInBackup = await appliedMigrationCount(handle.db);
  const migrationsShipped = shippedMigrationCount();
  if (migrationsInBackup > migrationsShipped) {
    throw new Error(
      `the backup has ${migrationsInBackup} migrations applied, this server ships ${migrationsShipped}: ` +
        'restore it with the newer server it came from',
    );
  }
  await runMigrations(handle);
  const applied = await appliedMigrationCount(handle.db);
  if (applied !== migrationsShipped) throw new Error(`migrations did not complete (${applied}/${migrationsShipped})`);
  if (!(await hasExtension(handle.db, 'pg_trgm'))) throw new Error('the restored database lacks the pg_trgm extension');
  return { migrationsInBackup, migrationsShipped, tables: await databaseFingerprint(handle.db) };
}

/**
 * Builds `dataDir` from a PGlite backup: unpacked by PGlite itself (loadDataDir) into a staging directory beside
 * the target, opened with the same extensions, migrated to this server's schema and checked; only then renamed into
 * place. A non-empty target is refused unless `force`, which moves it aside (`<dir>.before-restore-<time>`) rather
 * than deleting it. Refused outright while a server runs on the target.
 */
export async function restorePglite(options: {
  from: string;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreReport> {
  const started = Date.now();
  const target = path.resolve(options.dataDir);
  const data = readFileSync(options.from);
  if (await askServer(controlSocketPath(target), { op: 'ping' }, 5_000)) {
    throw new Error(`a server is running on ${target}: stop it before restoring into its directory`);
  }
  const empty = isEmptyOrMissing(target);
  if (!empty && !options.force) {
    throw new Error(`${target} is not empty: choose an empty directory, or pass --force to move it aside`);
  }
  const secretRestored = tarEntries(data).includes(SECRET_FILE);
  const staging = `${target}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  let checked: Awaited<ReturnType<typeof checkOpened>>;
  try {
    const handle = await openPglite({ dataDir: staging, loadDataDir: backupBlob(data) });
    try {
      checked = await checkOpened(handle);
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  // PGlite writes the files it unpacks world-readable; the secret must not be.
  if (secretRestored) chmodSync(path.join(staging, SECRET_FILE), 0o600);
  let movedAside: string | undefined;
  if (existsSync(target)) {
    if (empty) rmSync(target, { recursive: true });
    else {
      movedAside = `${target}.before-restore-${fileStamp()}`;
      renameSync(target, movedAside);
    }
  }
  renameSync(staging, target);
  return { target, ...checked, secretRestored, movedAside, ms: Date.now() - started };
}

/** `restore --check`: the same checks on an in-memory copy; nothing is written. */
export async function checkPgliteBackup(from: string): Promise<RestoreReport> {
  const started = Date.now();
  const data = readFileSync(from);
  const secretRestored = tarEntries(data).includes(SECRET_FILE);
  const handle = await openPglite({ loadDataDir: backupBlob(data) });
  try {
    const checked = await checkOpened(handle);
    return { target: '(in memory, discarded)', ...checked, secretRestored, ms: Date.now() - started };
  } finally {
    await handle.close();
  }
}
