import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { migrationsFolder } from '../lib/paths';

/** One table (or sequence) of a database: how many rows, and a hash of their content independent of row order. */
export interface TableFingerprint {
  /** schema.name, quoted where PostgreSQL would need it. */
  name: string;
  kind: 'table' | 'sequence';
  rows: number;
  /** md5 over the sorted md5s of every row's text form; for a sequence, its last value and is_called. */
  hash: string;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every user table and sequence of the database (but pg-boss's liveness row), listed from the catalog (so a table added by a later migration is
 * compared without anyone updating a list), with its row count and content hash. Two databases with equal
 * fingerprints hold the same rows. Reads every row: for verification and tests, not for a busy production hour.
 */
export async function databaseFingerprint(db: Database): Promise<TableFingerprint[]> {
  const relations = await rows<{ name: string; relkind: string }>(
    db,
    sql`SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, c.relkind::text AS relkind
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'S')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\_toast%' AND n.nspname NOT LIKE 'pg\_temp%'
          -- The job engine's liveness row (maintained_on, monitored_on): rewritten every few seconds by a running
          -- server, so it is no part of what a backup must keep equal. Its jobs (pgboss.job) are compared.
          AND NOT (n.nspname = 'pgboss' AND c.relname = 'version')
        ORDER BY 1`,
  );
  const result: TableFingerprint[] = [];
  for (const { name, relkind } of relations) {
    if (relkind === 'S') {
      const [seq] = await rows<{ last_value: string; is_called: boolean }>(
        db,
        sql.raw(`SELECT last_value::text AS last_value, is_called FROM ${name}`),
      );
      result.push({ name, kind: 'sequence', rows: 1, hash: `${seq?.last_value}/${seq?.is_called}` });
      continue;
    }
    const [row] = await rows<{ rows: string | number; hash: string | null }>(
      db,
      sql.raw(
        `SELECT count(*) AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS hash
         FROM (SELECT md5(t::text) AS h FROM ${name} t) rows`,
      ),
    );
    result.push({ name, kind: 'table', rows: Number(row?.rows ?? 0), hash: row?.hash ?? '' });
  }
  return result;
}

/** How many migrations this build of the server ships (drizzle's journal). */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has recorded as applied (0 when drizzle's table does not exist yet). */
export async function appliedMigrationCount(db: Database): Promise<number> {
  const [exists] = await rows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return 0;
  const [row] = await rows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

/** Whether an extension the schema needs (pg_trgm) is installed in the database. */
export async function hasExtension(db: Database, name: string): Promise<boolean> {
  const found = await rows<{ extname: string }>(db, sql`SELECT extname FROM pg_extension WHERE extname = ${name}`);
  return found.length > 0;
}

/** A short table of row counts for the operator (tables only; empty ones are summed up). */
export function describeFingerprint(tables: TableFingerprint[]): string {
  const filled = tables.filter((t) => t.kind === 'table' && t.rows > 0);
  const empty = tables.filter((t) => t.kind === 'table' && t.rows === 0).length;
  const width = Math.max(0, ...filled.map((t) => t.name.length));
  const lines = filled.map((t) => `  ${t.name.padEnd(width)}  ${t.rows}`);
  lines.push(`  (${empty} empty table${empty === 1 ? '' : 's'})`);
  return lines.join('\n');
}
