import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Writes a file so that it either exists complete or not at all: into `<file>.partial` (mode 0600 — a backup
 * holds the app secret and every user's data), flushed to disk, then renamed. Refuses to replace a file.
 */
export function writeFileAtomically(file: string, data: Uint8Array): void {
  if (existsSync(file)) throw new Error(`${file} already exists; choose another --out`);
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

/** What a backup file holds, from its first bytes: PGlite's tarball (gzip or plain tar) or a pg_dump -Fc archive. */
export function backupKind(file: string): 'pglite' | 'postgres' {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(512);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  throw new Error(`${file} is neither a PGlite backup (tar.gz) nor a pg_dump -Fc archive`);
}

/** A timestamp for file names: 2026-11-26T21-06-03Z. */
export function fileStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Where a backup goes: `--out` as given (a directory gets the default name inside it), else `<DATA_DIR>-backups/`
 * — beside the data directory, never inside it: PGlite's dump takes the whole directory, so a backup kept inside
 * would be copied into every later backup.
 */
export function backupTarget(out: string | undefined, dataDir: string, defaultName: string): string {
  const dir = out === undefined ? `${dataDir}-backups` : out;
  const isDir = out === undefined || out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory());
  const file = path.resolve(isDir ? path.join(dir, defaultName) : dir);
  if (isInside(file, dataDir)) {
    throw new Error(`refusing to write a backup inside DATA_DIR (${dataDir}): it would be copied into later backups`);
  }
  return file;
}

export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** True when the path is missing or an empty directory. */
export function isEmptyOrMissing(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  return readdirSync(dir).length === 0;
}

/** Milliseconds as "1.23 s". */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Bytes as "4.5 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
