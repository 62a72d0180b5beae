import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { contactImportJobs, contactImportUploads, contacts } from '../../db/schema';
import { JobQueue } from '../../lib/jobs';
import {
  Agent,
  createTestDatabase,
  signedInAgent,
  sqlRows,
  testMailer,
  type TestDatabase,
} from '../../../test/helpers';
import { ContactImportRepository } from './contact-import.repository';
import { ContactImportRunner } from './contact-import.worker';
import { contactsCsv, uploadCsv, waitForJob } from './test-utils';

const silent = { info() {}, warn() {}, error() {} };

/**
 * Durability: an import is a stored cursor run by the job engine (pg-boss); a process that stops or dies mid-import
 * leaves it for another process (or the restarted one), which goes on at the next chunk without writing one twice.
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

  /** An API instance on the shared database; `enabled: false` = one that runs no jobs. */
  const instance = async (worker: { enabled?: boolean } = {}, jobs?: JobQueue) => {
    const app = await buildApp({
      config,
      database: db.handle,
      secret,
      logger: false,
      mailer: testMailer(),
      contactImport: worker,
      jobs,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  const closeApp = async (app: FastifyInstance) => {
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  };
  const runner = () => new ContactImportRunner(new ContactImportRepository(db.handle.db), { log: silent });
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
  /** The engine's job of an import (its state, how often it was run again). */
  const bossJob = async (importId: string) =>
    (
      await sqlRows<{ state: string; retry_count: number }>(
        db.handle.db,
        sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'contact-import' AND singleton_key = ${importId}`,
      )
    )[0];
  /** Takes the import's engine job off the queue (the tests below run the import by hand). */
  const dropBossJob = (importId: string) =>
    db.handle.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'contact-import' AND singleton_key = ${importId}`);

  const mapping = { 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Phone: 'phoneNumber' };

  /** A signed-in owner on an instance that runs no jobs, with a queued import of `rows` contacts. */
  const queuedJob = async (rows: number, start: number, { engine = false } = {}) => {
    const api = await instance({ enabled: false });
    const { agent, body } = await signedInAgent(api);
    const uploaded = await uploadCsv(agent, contactsCsv(rows, start));
    const { uploadId } = uploaded.json().data;
    const res = await agent.post('/contacts/import', { uploadId, mapping });
    expect(res.statusCode).toBe(202);
    const jobId = res.json().data.jobId as string;
    if (!engine) await dropBossJob(jobId);
    return { agent, uploadId, jobId, businessId: body.user.businessId };
  };
  const status = async (agent: Agent, jobId: string) => (await agent.get(`/contacts/import/${jobId}`)).json().data;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
  });

  test('an import is queued as one engine job and waits while no process runs jobs; asking again answers the same import, another mapping is 409', async () => {
    const { agent, uploadId, jobId } = await queuedJob(10, 0, { engine: true });
    const again = await agent.post('/contacts/import', { uploadId, mapping });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.jobId).toBe(jobId);
    const other = await agent.post('/contacts/import', { uploadId, mapping: { ...mapping, Phone: null } });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('An import of this file with another mapping is already running');
    expect(await status(agent, jobId)).toMatchObject({ status: 'queued', resuming: false, processed: 0, total: 10 });
    expect(await bossJob(jobId)).toMatchObject({ state: 'created' });

    // A process that runs jobs takes it.
    const worker = await instance();
    expect(await waitForJob(agent, jobId)).toMatchObject({ status: 'completed', processed: 10, created: 10 });
    await closeApp(worker);
    expect(await bossJob(jobId)).toMatchObject({ state: 'completed' });
  });

  test('a run that died: another job cannot take the import while its lease lives; the engine running the same job again resumes at the next chunk', async () => {
    const { agent, jobId, businessId } = await queuedJob(2500, 100_000);

    // Run 1 of job J writes one chunk of 1000, then "dies" (never releases its lease).
    expect(await runner().run(jobId, { holder: 'J/1', sameJob: 'J/', maxBatches: 1 })).toBe('paused');
    expect(await jobRow(jobId)).toMatchObject({
      status: 'running',
      nextChunk: 1,
      processed: 1000,
      created: 1000,
      lockedBy: 'J/1',
    });
    expect(await contactCount(businessId)).toBe(1000);
    expect(await status(agent, jobId)).toMatchObject({ status: 'running', resuming: false, processed: 1000 });

    // While the lease is live a run of another job does not take it.
    expect(await runner().run(jobId, { holder: 'K/1', sameJob: 'K/' })).toBe('not-ours');

    // The lease runs out: the import says so.
    await expireLease(jobId);
    expect(await status(agent, jobId)).toMatchObject({ status: 'running', resuming: true, processed: 1000 });

    // The engine runs job J again: it goes on at chunk 1.
    expect(await runner().run(jobId, { holder: 'J/2', sameJob: 'J/' })).toBe('completed');
    const done = await waitForJob(agent, jobId);
    expect(done).toMatchObject({ status: 'completed', resuming: false, processed: 2500, created: 2500, updated: 0 });
    expect((await jobRow(jobId)).attempts).toBe(2);
    expect(await contactCount(businessId)).toBe(2500);
    expect(await duplicateEmails(businessId)).toBe(0);
  });

  test('a run that lost the import cannot write a chunk again', async () => {
    const { jobId, businessId } = await queuedJob(2100, 200_000);
    await runner().run(jobId, { holder: 'J/slow', sameJob: 'J/', maxBatches: 1 });
    // The same job run again takes it at once (the engine says the first run is gone) and writes chunk 1.
    await runner().run(jobId, { holder: 'J/taker', sameJob: 'J/', maxBatches: 1 });
    expect(await jobRow(jobId)).toMatchObject({ lockedBy: 'J/taker', nextChunk: 2, processed: 2000 });

    // The first run comes back with chunk 1 (already written): nothing happens.
    const repo = new ContactImportRepository(db.handle.db);
    const stale = await repo.applyBatch({
      jobId,
      instanceId: 'J/slow',
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
    expect(await runner().run(jobId, { holder: 'J/third', sameJob: 'J/' })).toBe('completed');
    expect(await jobRow(jobId)).toMatchObject({ status: 'completed', processed: 2100, created: 2100 });
    expect(await contactCount(businessId)).toBe(2100);
    const [{ n }] = (await db.handle.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.email, 'stale@example.com'))) as [{ n: number }];
    expect(n).toBe(0);
  });

  test('a process killed mid-import: the import shows as resuming, and another process goes on within seconds, every row once', async () => {
    const { agent, jobId, businessId } = await queuedJob(8000, 300_000, { engine: true });
    const crashing = new JobQueue(db.handle, { log: silent });
    await instance({}, crashing);
    for (let i = 0; i < 1000 && (await jobRow(jobId)).nextChunk < 1; i++) await new Promise((r) => setTimeout(r, 10));
    await crashing.crashForTests();
    const crashedAt = Date.now();
    const atCrash = (await jobRow(jobId)).processed;
    expect(atCrash).toBeLessThan(8000);

    // Nobody beats for it any more: past its lease (3 s) it says so.
    let seenResuming = false;
    for (let i = 0; i < 100 && !seenResuming; i++) {
      seenResuming = (await status(agent, jobId)).resuming;
      if (!seenResuming) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenResuming).toBe(true);

    // Another process runs jobs: the engine gives the silent run up (5 s without a beat) and it goes on.
    const other = await instance();
    let progressAfterMs = 0;
    for (let i = 0; i < 600 && !progressAfterMs; i++) {
      const row = await jobRow(jobId);
      if (row.processed > atCrash || row.status === 'completed') progressAfterMs = Date.now() - crashedAt;
      else await new Promise((r) => setTimeout(r, 25));
    }
    expect(progressAfterMs).toBeGreaterThan(0);
    expect(progressAfterMs).toBeLessThan(12_000);
    expect(await waitForJob(agent, jobId, 60_000)).toMatchObject({
      status: 'completed',
      processed: 8000,
      created: 8000,
    });
    expect(await contactCount(businessId)).toBe(8000);
    expect(await duplicateEmails(businessId)).toBe(0);
    expect(await bossJob(jobId)).toMatchObject({ state: 'completed', retry_count: 1 });
    await closeApp(other);
  }, 60_000);

  test('a graceful stop releases the import and its job: the next process resumes it at once', async () => {
    const { jobId, agent } = await queuedJob(6000, 400_000, { engine: true });
    const leaving = await instance();
    for (let i = 0; i < 1000 && (await jobRow(jobId)).nextChunk < 1; i++) await new Promise((r) => setTimeout(r, 10));
    await closeApp(leaving);
    const row = await jobRow(jobId);
    if (row.status === 'running') {
      expect(row.lockedBy).toBeNull();
      expect(row.attempts).toBe(0);
      expect(await bossJob(jobId)).toMatchObject({ state: 'created', retry_count: 0 });
    }
    const next = await instance();
    expect(await waitForJob(agent, jobId, 60_000)).toMatchObject({
      status: 'completed',
      processed: 6000,
      created: 6000,
    });
    await closeApp(next);
  }, 60_000);

  test('an import whose upload is gone fails with a message; expired uploads of finished imports are cleaned up', async () => {
    const { agent, jobId, uploadId } = await queuedJob(5, 500_000);
    await db.handle.db.delete(contactImportUploads).where(eq(contactImportUploads.id, uploadId));
    expect(await runner().run(jobId, { holder: 'J/1', sameJob: 'J/' })).toBe('failed');
    expect(await status(agent, jobId)).toMatchObject({
      status: 'failed',
      failure: 'The uploaded file has expired. Upload it again.',
    });

    const repo = new ContactImportRepository(db.handle.db);
    const fresh = await uploadCsv(agent, contactsCsv(3, 600_000));
    const freshId = fresh.json().data.uploadId as string;
    await db.handle.db.update(contactImportUploads).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await repo.deleteExpiredUploads()).toBeGreaterThan(0);
    expect(await repo.findUploadById(freshId)).toBeNull();
  });

  test('a chunk that fails: the run throws (the engine retries later), the import waits at its cursor, the next run goes on', async () => {
    const { agent, jobId, businessId } = await queuedJob(1500, 700_000);
    class FlakyRepo extends ContactImportRepository {
      failures = 1;
      override async applyBatch(w: Parameters<ContactImportRepository['applyBatch']>[0]) {
        if (w.chunk === 1 && this.failures-- > 0) throw new Error('connection reset');
        return super.applyBatch(w);
      }
    }
    const flaky = new ContactImportRunner(new FlakyRepo(db.handle.db), { log: silent });
    await expect(flaky.run(jobId, { holder: 'J/1', sameJob: 'J/' })).rejects.toThrow('connection reset');
    expect(await jobRow(jobId)).toMatchObject({ status: 'running', nextChunk: 1, lockedBy: null, attempts: 1 });
    expect(await status(agent, jobId)).toMatchObject({ resuming: true, processed: 1000 });
    expect(await flaky.run(jobId, { holder: 'J/2', sameJob: 'J/' })).toBe('completed');
    expect(await jobRow(jobId)).toMatchObject({ status: 'completed', processed: 1500, created: 1500, attempts: 2 });
    expect(await contactCount(businessId)).toBe(1500);
  });

  test('an import that keeps dying is failed after its attempts run out', async () => {
    const { agent, jobId } = await queuedJob(5, 800_000);
    await db.handle.db
      .update(contactImportJobs)
      .set({ status: 'running', attempts: 5, lockedBy: 'ghost/1', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(contactImportJobs.id, jobId));
    expect(await runner().run(jobId, { holder: 'J/1', sameJob: 'J/' })).toBe('failed');
    expect(await status(agent, jobId)).toMatchObject({
      status: 'failed',
      failure: 'The import stopped too many times. Please try again.',
    });
  });

  test('an import left without a job (its process died between storing and sending) is queued again by the sweep', async () => {
    const { agent, jobId } = await queuedJob(20, 900_000);
    expect(await bossJob(jobId)).toBeUndefined();
    await db.handle.db
      .update(contactImportJobs)
      .set({ updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(contactImportJobs.id, jobId));
    // A process that takes jobs sweeps when it starts (and every minute).
    const worker = await instance();
    expect(await waitForJob(agent, jobId)).toMatchObject({ status: 'completed', processed: 20, created: 20 });
    expect(await bossJob(jobId)).toMatchObject({ state: 'completed' });
    await closeApp(worker);
  });

  test('the app stops its job engine on close', async () => {
    const app = await instance();
    const agent = await new Agent(app).init();
    expect((await agent.get('/health')).statusCode).toBe(200);
    await closeApp(app);
  });
});
