/**
 * A one-off measurement, not part of the test suite: uploads, validates and imports N contacts (default 100,000)
 * through the real routes, then imports the same file again (every row an unchanged duplicate).
 *
 *   cd server && npx tsx src/modules/contact-import/perf/import-100k.ts               # in-memory PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx src/modules/contact-import/perf/import-100k.ts
 *   ROWS=20000 npx tsx src/modules/contact-import/perf/import-100k.ts
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { createTestDatabase, signedInAgent, testMailer } from '../../../../test/helpers';
import { contactsCsv, uploadCsv, waitForJob } from '../test-utils';

const rows = Number(process.env.ROWS ?? 100_000);

async function main() {
  const db = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: '/nonexistent/atrium-perf',
      WEB_DIR: '/nonexistent/atrium-perf-web',
      LOG_LEVEL: 'silent',
    }),
    database: db.handle,
    secret: randomBytes(32).toString('base64url'),
    logger: false,
    mailer: testMailer(),
  });
  await app.ready();
  const { agent } = await signedInAgent(app);
  const csv = contactsCsv(rows);
  const mapping = {
    'First Name': 'firstName',
    'Last Name': 'lastName',
    Email: 'email',
    Phone: 'phoneNumber',
    Company: 'business',
  };
  const timed = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await fn();
    console.log(`${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return result;
  };

  console.log(`${db.handle.kind}: ${rows} rows, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`);
  const upload = await timed('upload (parse + store)', async () => (await uploadCsv(agent, csv)).json());
  if (!upload.success) throw new Error(JSON.stringify(upload));
  const { uploadId } = upload.data;
  const validate = await timed('validate', async () =>
    (await agent.post('/contacts/validate', { uploadId, mapping })).json(),
  );
  console.log('  ', JSON.stringify({ ...validate.data, errorCsv: undefined, errors: validate.data.errors.length }));
  for (const label of ['import (all new)', 're-import (all unchanged)']) {
    const job = await timed(label, async () => {
      const { jobId } = (await agent.post('/contacts/import', { uploadId, mapping })).json().data;
      return waitForJob(agent, jobId, 30 * 60_000);
    });
    console.log('  ', JSON.stringify({ ...job, errors: job.errors.length }));
  }
  await app.close();
  await db.drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
