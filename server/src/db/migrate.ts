import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { installJobSchema } from '../lib/jobs';
import { migrationsFolder } from '../lib/paths';
import type { DatabaseHandle } from './client';

/** Any number of API instances may start at once against one PostgreSQL: migrate under an advisory lock. */
const MIGRATION_LOCK = 7_401_823;

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder()): Promise<void> {
  if (handle.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.driver.client }), { migrationsFolder: folder });
    // The job engine's own schema (`pgboss`), created or upgraded by pg-boss itself.
    await installJobSchema(handle);
    return;
  }
  // A connection of its own, without the request timeouts (db/client.ts): building an index on a large table may
  // rightly take minutes.
  const { options } = handle.driver.pool as unknown as { options: pg.ClientConfig };
  const client = new pg.Client({ ...options, statement_timeout: 0, query_timeout: 0 });
  client.on('error', (error) => console.warn(`PostgreSQL: the migration connection was lost (${error.message})`));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    // Still under the lock: one process creates or upgrades the job engine's schema.
    await installJobSchema(handle);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
