import { sql } from 'drizzle-orm';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../test/helpers';
import { JobQueue, JobReleased, type JobContext } from './jobs';

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job engine on the embedded database (PGlite; the PostgreSQL pass runs the same file on a server). */
describe('job engine (pg-boss)', () => {
  let db: TestDatabase;
  const queues: JobQueue[] = [];
  /** A "process": a queue with one handler for `name`. */
  const processWith = async (name: string, handler: (data: { n: number }, job: JobContext) => Promise<void>) => {
    const q = new JobQueue(db.handle, { log: silent, pollingSeconds: 0.5 });
    q.define<{ n: number }>({ name, handler, heartbeatSeconds: 0.3, graceSeconds: 1, retryDelaySeconds: 1 });
    await q.start();
    queues.push(q);
    return q;
  };
  const state = async (name: string) =>
    sqlRows<{ state: string; retry_count: number }>(
      db.handle.db,
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${name}`,
    );
  const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await sleep(50);
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await db.drop();
  });

  test('two workers, three jobs: each job runs exactly once', async () => {
    const runs: number[] = [];
    const handler = async ({ n }: { n: number }) => void runs.push(n);
    const a = await processWith('once', handler);
    await processWith('once', handler);
    for (const n of [1, 2, 3]) await a.send('once', { n });
    await until(() => runs.length >= 3);
    await sleep(1_200);
    expect(runs.sort()).toEqual([1, 2, 3]);
    expect((await state('once')).map((s) => s.state)).toEqual(['completed', 'completed', 'completed']);
  });

  test('concurrency: one process runs that many jobs of the queue side by side, each once', async () => {
    let running = 0;
    let most = 0;
    const runs: number[] = [];
    const q = new JobQueue(db.handle, { log: silent, pollingSeconds: 0.5 });
    q.define<{ n: number }>({
      name: 'side-by-side',
      concurrency: 3,
      handler: async ({ n }) => {
        running++;
        most = Math.max(most, running);
        await sleep(400);
        runs.push(n);
        running--;
      },
    });
    await q.start();
    queues.push(q);
    for (const n of [1, 2, 3, 4, 5, 6]) await q.send('side-by-side', { n });
    await until(() => runs.length >= 6);
    expect(most).toBe(3);
    expect(runs.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('a handler that throws is run again after its delay', async () => {
    const seen: number[] = [];
    const q = await processWith('flaky', async (_data, job) => {
      seen.push(job.retryCount);
      if (job.retryCount === 0) throw new Error('first time fails');
    });
    await q.send('flaky', { n: 1 });
    await until(async () => (await state('flaky'))[0]?.state === 'completed');
    expect(seen).toEqual([0, 1]);
  });

  test('a run that keeps beating is not taken away, however long it runs past its grace', async () => {
    let runs = 0;
    const q = await processWith('long', async () => {
      runs++;
      await sleep(4_500); // grace 1 s, maintenance every 2 s: without beats it would expire and run again
    });
    await processWith('long', async () => void runs++);
    await q.send('long', { n: 1 });
    await until(async () => (await state('long'))[0]?.state === 'completed');
    expect(runs).toBe(1);
    expect(await state('long')).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 30_000);

  test('a process that dies mid-job: another takes the job within seconds (grace + maintenance + a poll)', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const dying = await processWith('crash', async (_data, job) => {
      started();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
    });
    const taken: number[] = [];
    await dying.send('crash', { n: 1 });
    await running;
    await dying.crashForTests();
    const crashedAt = Date.now();
    await processWith('crash', async (_data, job) => void taken.push(job.retryCount));
    await until(() => taken.length > 0);
    expect(taken).toEqual([1]);
    expect(Date.now() - crashedAt).toBeLessThan(6_000);
  }, 30_000);

  test('a graceful stop puts the running job back as new, without using a retry', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const leaving = await processWith('release', async (_data, job) => {
      started();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      throw job.signal.reason instanceof JobReleased ? job.signal.reason : new Error('not a release');
    });
    await leaving.send('release', { n: 1 });
    await running;
    await leaving.stop();
    expect(await state('release')).toEqual([{ state: 'created', retry_count: 0 }]);
    const taken: number[] = [];
    await processWith('release', async (_data, job) => void taken.push(job.retryCount));
    await until(() => taken.length > 0);
    expect(taken).toEqual([0]);
  });
});
