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

/** How long the API waits on PostgreSQL before answering 503 instead of hanging (config DB_*_TIMEOUT_MS). */
export interface PostgresTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** The server cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /**
   * The client gives up on an answer after this long even when the server cannot say so (a network partition);
   * the connection is then discarded. Longer than statementMs, so a slow statement is cancelled by the server first.
   */
  queryMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, statementMs: 15_000, queryMs: 20_000 };

export function openPostgres(
  connectionString: string,
  {
    poolSize = 10,
    logger,
    timeouts = DEFAULT_POSTGRES_TIMEOUTS,
  }: { poolSize?: number; logger?: Logger; timeouts?: PostgresTimeouts } = {},
): DatabaseHandle {
  // Sessions run in UTC whatever the database's default zone (a startup option, so before any query), as the
  // embedded database's do: no SQL here depends on the session zone (answers write timestamps AT TIME ZONE 'UTC',
  // db/json-answers.ts), but timestamps read as text stay the same everywhere. An `options` parameter in the URL
  // takes precedence (pg reads the URL last).
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: `-c TimeZone=UTC -c idle_in_transaction_session_timeout=${Math.max(timeouts.queryMs * 3, 60_000)}`,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
  });
  // A connection can be closed by the server at any moment (restart, failover, pg_terminate_backend, an idle
  // timeout, a dropped test database). pg emits 'error' on its client, and pg-pool listens only while the client
  // is idle: one checked out for a transaction had no listener, so the event crashed the process. Every client
  // gets a listener for its whole life; the query in flight fails on its own (→ 503, lib/errors.ts) and the pool
  // discards the broken client when it is released.
  const lost = (error: Error) =>
    console.warn(`PostgreSQL: a connection was lost (${error.message}); it will be replaced.`);
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    discardAfterReadTimeout(client);
  });
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    close: () => endPool(pool, timeouts.connectMs),
  };
}

/**
 * pool.end() waits for each connection to say goodbye, which never happens while the network is partitioned:
 * past `graceMs` the sockets still open are closed, so a shutdown always completes.
 */
async function endPool(pool: pg.Pool, graceMs: number): Promise<void> {
  const ended = pool.end();
  if ((await endedWithin(ended, graceMs)) !== 'late') return;
  for (const client of (pool as unknown as { _clients: pg.PoolClient[] })._clients) destroySocket(client);
  // pool.end() also waits for clients still checked out to be released; one whose holder never releases it (its
  // socket is closed now) must not keep the shutdown from completing.
  await endedWithin(ended, graceMs);
}

async function endedWithin(ended: Promise<void>, ms: number): Promise<'ended' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([ended.then(() => 'ended' as const), late]);
  clearTimeout(timer);
  return outcome;
}

function destroySocket(client: pg.PoolClient | pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

const READ_TIMEOUT = 'Query read timeout';

/**
 * pg gives up waiting after query_timeout but leaves the connection busy with the unanswered query, and a
 * transaction's client goes back to the pool as if healthy: every later query on it would wait behind that one.
 * Closing its socket makes the client unusable, so the pool drops it on release.
 */
function discardAfterReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      (result as Promise<unknown>).catch((error: unknown) => {
        if (error instanceof Error && error.message === READ_TIMEOUT) destroySocket(client);
      });
    }
    return result;
  };
}

/**
 * Whether an error means the database could not be reached or dropped the connection (as opposed to a statement
 * it refused): the request gets 503 "try again" rather than 500. SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (terminated, crash shutdown, cannot connect now), 53300 (too many connections), and the
 * client-side failures that carry no SQLSTATE.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const CLIENT_GAVE_UP =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { message, code } = current as { message?: unknown; code?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_ERRORS.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code)) {
        // 55000 is broad (object not in prerequisite state); only its connection-refusal form means "away".
        if (code === '55000') return typeof message === 'string' && /not currently accepting connections/.test(message);
        return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
      }
    }
    if (typeof message === 'string' && CLIENT_GAVE_UP.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** DATABASE_URL → PostgreSQL server; otherwise the embedded PGlite in DATA_DIR. SQL_STATEMENT_LOG → statementLog. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  sqlStatementLog?: string;
  dbTimeouts?: PostgresTimeouts;
}): Promise<DatabaseHandle> {
  const logger = config.sqlStatementLog ? statementLog(config.sqlStatementLog) : undefined;
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { logger, timeouts: config.dbTimeouts })
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

/** The rows of a raw `execute(sql…)` answer (node-postgres and PGlite both put them under `rows`). */
export const resultRows = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
