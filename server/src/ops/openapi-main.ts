// Writes the API's OpenAPI document to the file named by the first argument (stdout without one): the app is
// built on an in-memory PGlite with the default configuration and asked for app.swagger(). Used by
// scripts/lint-openapi.mjs (pnpm lint, the `openapi` suite of scripts/test-all.mjs); integrators can generate a
// client from the file it writes.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createMemoryMailer } from '../lib/mail';

async function main(): Promise<void> {
  const database = await openPglite();
  try {
    await runMigrations(database);
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIR: '/nonexistent/atrium-openapi-web' });
    const app = await buildApp({
      config,
      database,
      secret: 'openapi-document-secret-0123456789',
      mailer: createMemoryMailer(),
    });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    const out = process.argv[2];
    if (out) writeFileSync(out, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
