import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { contactImportJobs, contactImportUploads, contacts } from '../../db/schema';
import { Agent, createTestDatabase, signedInAgent, testMailer, type TestDatabase } from '../../../test/helpers';
import { ContactImportRepository } from './contact-import.repository';
import { ContactImportWorker } from './contact-import.worker';
import { contactsCsv, uploadCsv, waitForJob } from './test-utils';

/**
 * Durability: jobs are rows, so an instance that stops or dies mid-import leaves a job another instance (or the
 * restarted one) finishes, without writing a chunk twice.
 */
describe('contact import worker', () => {
  let db: TestDatabase;
  const secret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    DATA_DIR: '/nonexistent/atrium-test-data',
    WEB_DIR: '/nonexistent/atrium-test-web',
    REGISTER_RATE_LIMIT: '1000',
    LOG_LEVEL: 'silent',
  });
  const apps: FastifyInstance[] = [];
  const workers: ContactImportWorker[] = [];

  /** An API instance on the shared database; `enabled: false` = an instance whose worker never runs. */
  const instance = async (worker: { enabled?: boolean; pollMs?: number; leaseMs?: number } = {}) => {
    const app = await buildApp({
      config,
      database: db.handle,
      secret,
      logger: false,
      mailer: testMailer(),
      contactImport: { pollMs: 20, ...worker },
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  const manualWorker = (instanceId: string, leaseMs = 60_000) => {
    const w = new ContactImportWorker(new ContactImportRepository(db.handle.db), { instanceId, leaseMs });
    workers.push(w);
    return w;
  };
  const jobRow = async (id: string) =>
    (await db.handle.db.select().from(contactImportJobs).where(eq(contactImportJobs.id, id)))[0]!;
  const contactCount = async (businessId: string) =>
    (await db.handle.db.select({ n: count() }).from(contacts).where(eq(contacts.businessId, businessId)))[0]!.n;
  const duplicateEmails = async (businessId: string) =>
    (
      await db.handle.db
        .select({ email: contacts.email, n: count() })
        .from(contacts)
        .where(eq(contacts.businessId, businessId))
        .groupBy(contacts.email)
    ).filter((r) => r.n > 1).length;
  const expireLease = (id: string) =>
    db.handle.db
      .update(contactImportJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(contactImportJobs.id, id));

  const mapping = { 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Phone: 'phoneNumber' };

  /** A signed-in owner on an instance whose worker is off, with a queued job of `rows` contacts. */
  const queuedJob = async (rows: number, start: number) => {
    const api = await instance({ enabled: false });
    const { agent, body } = await signedInAgent(api);
    const uploaded = await uploadCsv(agent, contactsCsv(rows, start));
    const { uploadId } = uploaded.json().data;
    const res = await agent.post('/contacts/import', { uploadId, mapping });
    expect(res.statusCode).toBe(202);
    return { agent, uploadId, jobId: res.json().data.jobId as string, businessId: body.user.businessId };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const app of apps) await app.close();
    await db.drop();
  });

  test('a job stays queued while no worker runs; asking again answers the same job, another mapping is 409', async () => {
    const { agent, uploadId, jobId } = await queuedJob(10, 0);
    const again = await agent.post('/contacts/import', { uploadId, mapping });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.jobId).toBe(jobId);
    const other = await agent.post('/contacts/import', { uploadId, mapping: { ...mapping, Phone: null } });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('An import of this file with another mapping is already running');
    const status = (await agent.get(`/contacts/import/${jobId}`)).json().data;
    expect(status).toMatchObject({ status: 'queued', processed: 0, total: 10, startedAt: null });
    // Leave nothing queued for the next tests' workers to pick up in an unexpected order.
    await manualWorker('cleanup').drain();
    expect((await jobRow(jobId)).status).toBe('completed');
  });

  test('a crashed worker: after its lease runs out a restarted instance resumes at the next chunk', async () => {
    const { agent, jobId, businessId } = await queuedJob(2500, 100_000);

    // Instance 1 writes one chunk of 1000, then "dies" (never releases its lease).
    const crashed = manualWorker('crashed');
    await crashed.drain({ maxBatches: 1 });
    const half = await jobRow(jobId);
    expect(half).toMatchObject({
      status: 'running',
      nextChunk: 1,
      processed: 1000,
      created: 1000,
      lockedBy: 'crashed',
    });
    expect(await contactCount(businessId)).toBe(1000);
    const progress = (await agent.get(`/contacts/import/${jobId}`)).json().data;
    expect(progress).toMatchObject({ status: 'running', processed: 1000, total: 2500 });

    // While the lease is live nobody else takes the job.
    expect(await manualWorker('eager').drain()).toBe(0);

    // The lease runs out; a new instance starts and finishes the job.
    await expireLease(jobId);
    const restarted = await instance();
    const done = await waitForJob(agent, jobId);
    await restarted.close();
    apps.splice(apps.indexOf(restarted), 1);
    expect(done).toMatchObject({ status: 'completed', processed: 2500, created: 2500, updated: 0, skipped: 0 });
    expect((await jobRow(jobId)).attempts).toBe(2);
    expect(await contactCount(businessId)).toBe(2500);
    expect(await duplicateEmails(businessId)).toBe(0);
  });

  test('a worker that lost its lease cannot write the chunk again', async () => {
    const { jobId, businessId } = await queuedJob(2100, 200_000);
    const slow = manualWorker('slow');
    await slow.drain({ maxBatches: 1 });
    await expireLease(jobId);
    const taker = manualWorker('taker');
    await taker.drain({ maxBatches: 1 });
    expect(await jobRow(jobId)).toMatchObject({ lockedBy: 'taker', nextChunk: 2, processed: 2000 });

    // The old worker comes back with chunk 1 (already written by the taker): nothing happens.
    const repo = new ContactImportRepository(db.handle.db);
    const stale = await repo.applyBatch({
      jobId,
      instanceId: 'slow',
      chunk: 1,
      businessId,
      createdBy: null,
      fields: ['firstName', 'email'],
      candidates: [
        {
          email: 'stale@example.com',
          contact: { firstName: 'Stale', email: 'stale@example.com', status: 'Active' } as never,
          changes: {},
        },
      ],
      rows: 1,
      skipped: 0,
      errors: [],
      leaseMs: 60_000,
    });
    expect(stale).toBeNull();
    await taker.drain();
    expect(await jobRow(jobId)).toMatchObject({ status: 'completed', processed: 2100, created: 2100 });
    expect(await contactCount(businessId)).toBe(2100);
    const [{ n }] = (await db.handle.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.email, 'stale@example.com'))) as [{ n: number }];
    expect(n).toBe(0);
  });

  test('a graceful stop releases the job: the next worker resumes it at once', async () => {
    const { jobId } = await queuedJob(3000, 300_000);
    const leaving = manualWorker('leaving');
    leaving.start();
    // Wait until it has written a chunk, then stop it.
    for (let i = 0; i < 400 && (await jobRow(jobId)).nextChunk < 1; i++) await new Promise((r) => setTimeout(r, 10));
    await leaving.stop();
    const row = await jobRow(jobId);
    if (row.status === 'running') {
      expect(row.lockedBy).toBeNull();
      expect(row.attempts).toBe(0);
      await manualWorker('next').drain();
    }
    expect(await jobRow(jobId)).toMatchObject({ status: 'completed', processed: 3000, created: 3000 });
  });

  test('a job whose upload is gone fails with a message; expired uploads of finished jobs are cleaned up', async () => {
    const { agent, jobId, uploadId } = await queuedJob(5, 400_000);
    await db.handle.db.delete(contactImportUploads).where(eq(contactImportUploads.id, uploadId));
    await manualWorker('w').drain();
    const failed = (await agent.get(`/contacts/import/${jobId}`)).json().data;
    expect(failed).toMatchObject({ status: 'failed', failure: 'The uploaded file has expired. Upload it again.' });

    const repo = new ContactImportRepository(db.handle.db);
    const fresh = await uploadCsv(agent, contactsCsv(3, 500_000));
    const freshId = fresh.json().data.uploadId as string;
    await db.handle.db.update(contactImportUploads).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await repo.deleteExpiredUploads()).toBeGreaterThan(0);
    expect(await repo.findUploadById(freshId)).toBeNull();
  });

  test('a chunk that fails is retried later from the same cursor', async () => {
    const { jobId, businessId } = await queuedJob(1500, 700_000);
    class FlakyRepo extends ContactImportRepository {
      failures = 1;
      override async applyBatch(w: Parameters<ContactImportRepository['applyBatch']>[0]) {
        if (w.chunk === 1 && this.failures-- > 0) throw new Error('connection reset');
        return super.applyBatch(w);
      }
    }
    const flaky = new ContactImportWorker(new FlakyRepo(db.handle.db), { instanceId: 'flaky', retryDelayMs: 200 });
    workers.push(flaky);
    await flaky.drain();
    expect(await jobRow(jobId)).toMatchObject({ status: 'running', nextChunk: 1, lockedBy: null, attempts: 1 });
    // Not before the delay...
    expect(await flaky.drain()).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    // ...then it goes on at chunk 1.
    await flaky.drain();
    expect(await jobRow(jobId)).toMatchObject({ status: 'completed', processed: 1500, created: 1500, attempts: 2 });
    expect(await contactCount(businessId)).toBe(1500);
  });

  test('a job that keeps dying is failed after its attempts run out', async () => {
    const { agent, jobId } = await queuedJob(5, 600_000);
    await db.handle.db
      .update(contactImportJobs)
      .set({ status: 'running', attempts: 5, lockedBy: 'ghost', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(contactImportJobs.id, jobId));
    await manualWorker('w2').drain();
    expect((await agent.get(`/contacts/import/${jobId}`)).json().data).toMatchObject({
      status: 'failed',
      failure: 'The import stopped too many times. Please try again.',
    });
  });

  test('the app stops its worker on close', async () => {
    const app = await instance();
    const agent = await new Agent(app).init();
    expect((await agent.get('/health')).statusCode).toBe(200);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  });
});
