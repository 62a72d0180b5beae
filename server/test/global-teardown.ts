import { rmSync } from 'node:fs';
import { TEMPLATE_ENV } from './pglite-template';
import { dropPostgresDatabase, PG_TEMPLATE_ENV } from './postgres-template';

export default async function globalTeardown(): Promise<void> {
  const file = process.env[TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
  const template = process.env[PG_TEMPLATE_ENV];
  if (template && process.env.TEST_DATABASE_URL) await dropPostgresDatabase(process.env.TEST_DATABASE_URL, template);
}
