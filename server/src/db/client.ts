import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import * as schema from './schema';
import { statementLog } from './statement-log';

export type Schema = typeof schema;
/** The drizzle database both drivers produce; repositories only see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository runs its SQL on the database or inside a caller's transaction. */
export type Executor = Database | Transaction;

export type DbKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DbKind;
  /** The raw driver, for migrations and tests. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** On-disk data directory; omitted = in memory. */
  dataDir?: string;
  /** A tarball made by dumpDataDir (tests start from a migrated copy). */
  loadDataDir?: Blob;
  /** Receives every statement drizzle runs (db/statement-log.ts). */
  logger?: Logger;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, logger: options.logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    close: () => client.close(),
  };
}

export function openPostgres(
  connectionString: string,
  { poolSize = 10, logger }: { poolSize?: number; logger?: Logger } = {},
): DatabaseHandle {
  // Sessions run in UTC whatever the database's default zone (a startup option, so before any query), as the
  // embedded database's do: no SQL here depends on the session zone (answers write timestamps AT TIME ZONE 'UTC',
  // db/json-answers.ts), but timestamps read as text stay the same everywhere. An `options` parameter in the URL
  // takes precedence (pg reads the URL last).
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c TimeZone=UTC' });
  // An idle pooled connection can be closed by the server (restart, failover, idle timeout, a dropped test
  // database): the pool discards it and opens another when needed. Without a listener the 'error' event would
  // crash the process.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL: an idle connection was lost (${error.message}); it will be replaced.`);
  });
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    close: () => pool.end(),
  };
}

/** DATABASE_URL → PostgreSQL server; otherwise the embedded PGlite in DATA_DIR. SQL_STATEMENT_LOG → statementLog. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  sqlStatementLog?: string;
}): Promise<DatabaseHandle> {
  const logger = config.sqlStatementLog ? statementLog(config.sqlStatementLog) : undefined;
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { logger })
    : openPglite({ dataDir: config.dataDir, logger });
}

/** The SQLSTATE of a driver error, unwrapping drizzle's DrizzleQueryError. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
