import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../lib/paths';
import type { DatabaseHandle } from './client';

/** Any number of API instances may start at once against one PostgreSQL: migrate under an advisory lock. */
const MIGRATION_LOCK = 7_401_823;

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder()): Promise<void> {
  if (handle.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.driver.client }), { migrationsFolder: folder });
    return;
  }
  const client = await handle.driver.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
