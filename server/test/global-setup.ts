import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshMigratedPglite, TEMPLATE_ENV } from './pglite-template';
import { createPostgresTemplate, PG_TEMPLATE_ENV } from './postgres-template';

/**
 * Once per jest run: migrate one PGlite and dump it; every test file loads its own copy of the dump.
 * With TEST_DATABASE_URL set: one migrated PostgreSQL template database; each test file creates (and drops) its own
 * database as a copy of it (test/helpers.ts createTestDatabase).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env[PG_TEMPLATE_ENV] = await createPostgresTemplate(process.env.TEST_DATABASE_URL);
    return;
  }
  const handle = await freshMigratedPglite();
  if (handle.driver.kind !== 'pglite') throw new Error('unreachable');
  const dump = await handle.driver.client.dumpDataDir('none');
  await handle.close();
  const file = path.join(tmpdir(), `atrium-pglite-template-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
}
