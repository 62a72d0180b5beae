import { eq, sql } from 'drizzle-orm';
import { automationRuns, automations, businesses, users } from '../../db/schema';
import { JobQueue } from '../../lib/jobs';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../../test/helpers';
import { AutomationRepository, type StepResultRow } from './automation.repository';
import { AUTOMATION_RUN_QUEUE, AutomationService, type AutomationDeps } from './automation.service';

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Automation runs across a crash (review #19 finding 9, the automation half): "processes" are a job queue and an
 * automation service each, on one database, with steps that record what they did (no app: its own job workers
 * would take the runs too).
 */
describe('automation runs after a crash', () => {
  let db: TestDatabase;
  let repo: AutomationRepository;
  const queues: JobQueue[] = [];
  const services: AutomationService[] = [];
  /** The tasks every process created, in order: a step done twice would show here. */
  const created: string[] = [];
  let automationId: string;
  /** Settled after the tests, so the dead process's hung step lets go of its timers. */
  let bury!: () => void;
  const gone = new Promise<void>((resolve) => (bury = resolve));
  let businessId: string;

  /** A process whose "create a task" step hangs (the process is about to die) for the title `hangOn`. */
  const processWith = async (hangOn: string | null, onHang: () => void = () => undefined) => {
    const jobs = new JobQueue(db.handle, { log: silent, pollingSeconds: 0.5 });
    const deps = {
      tasks: {
        create: async (_caller: unknown, input: { title: string }) => {
          if (input.title === hangOn) {
            onHang();
            await gone; // does not return while the test runs: the process dies in this step
            throw new Error('the process is gone');
          }
          created.push(input.title);
          return { _id: `t${created.length}`, title: input.title };
        },
      },
      groups: { get: async () => ({}), addContacts: async () => 1 },
      members: { requireRole: async () => 'owner' as const, requireManager: async () => 'owner' as const },
      templates: { row: async () => null },
      notifications: { sendCounted: async () => 1 },
      mail: { sendAs: async () => ({}), canSend: async () => true },
      jobs,
      events: { onEmit: () => undefined },
      log: silent,
    } as unknown as AutomationDeps;
    const service = new AutomationService(repo, deps, {
      staleMs: 1_000,
      runJob: { heartbeatSeconds: 0.3, graceSeconds: 1 },
    });
    service.defineJobs(jobs);
    await jobs.start();
    queues.push(jobs);
    services.push(service);
    return { jobs, service };
  };

  const runOf = async (id: string) => (await repo.run(id))!.run;
  const until = async (check: () => Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await sleep(100);
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new AutomationRepository(db.handle.db);
    const [user] = await db.handle.db
      .insert(users)
      .values({ email: 'owner@crash.test', firstName: 'Ann', lastName: 'Owner' })
      .returning();
    const [business] = await db.handle.db
      .insert(businesses)
      .values({ name: 'Crash Co', slug: `crash-${Date.now()}`, settings: {}, typography: {}, colors: {} } as never)
      .returning();
    businessId = business!.id;
    const [automation] = await db.handle.db
      .insert(automations)
      .values({
        businessId,
        name: 'Three tasks',
        trigger: 'contact.created',
        steps: [
          { type: 'create_task', title: 'First', priority: 'regular', status: 'todo', dueInDays: null },
          { type: 'create_task', title: 'Second', priority: 'regular', status: 'todo', dueInDays: null },
          { type: 'create_task', title: 'Third', priority: 'regular', status: 'todo', dueInDays: null },
        ],
        createdBy: user!.id,
      })
      .returning();
    automationId = automation!.id;
  });

  afterAll(async () => {
    bury();
    await sleep(100);
    for (const s of services) await s.stop();
    for (const q of queues) await q.stop();
    await db.drop();
  });

  const newRun = async (fields: Partial<typeof automationRuns.$inferInsert> = {}) => {
    const [run] = await db.handle.db
      .insert(automationRuns)
      .values({
        automationId,
        businessId,
        eventId: `e-${Math.random()}`,
        eventType: 'contact.created',
        recordId: 'c1',
        record: {},
        ...fields,
      })
      .returning();
    return run!.id;
  };

  test('a process dies in step 2: another takes the run up — step 1 is not repeated, step 2 is marked unknown, step 3 runs once', async () => {
    let hung!: () => void;
    const inSecond = new Promise<void>((resolve) => (hung = resolve));
    const dying = await processWith('Second', () => hung());
    const runId = await newRun();
    await dying.jobs.send(AUTOMATION_RUN_QUEUE, { runId }, { key: runId });
    await inSecond;
    await dying.jobs.crashForTests(); // kill -9: no release, no more beats

    // What the crash leaves: the run 'running', its progress recorded — step 1 done, step 2 claimed.
    const stuck = await runOf(runId);
    expect(stuck.status).toBe('running');
    expect(stuck.nextStep).toBe(1);
    expect((stuck.results as StepResultRow[]).map((r) => [r.step, r.status])).toEqual([
      [0, 'done'],
      [1, 'running'],
    ]);
    expect(created).toEqual(['First']);

    // Another process: the job's heartbeat stopped, so after the grace it is retried there and finishes the run.
    await processWith(null);
    await until(async () => (await runOf(runId)).status === 'completed');
    const done = await runOf(runId);
    expect((done.results as StepResultRow[]).map((r) => [r.step, r.status])).toEqual([
      [0, 'done'],
      [1, 'unknown'],
      [2, 'done'],
    ]);
    expect(created).toEqual(['First', 'Third']);
    const jobs = await sqlRows<{ state: string; retry_count: number }>(
      db.handle.db,
      sql`SELECT state, retry_count FROM pgboss.job WHERE singleton_key = ${runId}`,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 60_000);

  test('a waiting run whose job was lost is queued again once its wait is over, and a run with no job at all too', async () => {
    created.length = 0;
    const { service } = await processWith(null);
    const past = new Date(Date.now() - 60_000);
    // Waited after step 1, but the process died before it sent the job that resumes it.
    const waiting = await newRun({
      status: 'waiting',
      nextStep: 2,
      resumeAt: past,
      updatedAt: past,
      results: [
        { step: 0, type: 'create_task', status: 'done', message: '', at: past.toISOString() },
        { step: 1, type: 'wait', status: 'done', message: '', at: past.toISOString() },
      ],
    });
    // A wait not over: left alone, whatever its age.
    const later = await newRun({
      status: 'waiting',
      nextStep: 2,
      resumeAt: new Date(Date.now() + 3_600_000),
      updatedAt: past,
    });
    // Queued, but its job never sent (a crash between the dispatch's commit and the send).
    const orphan = await newRun({ status: 'queued', updatedAt: past });
    service.wake();
    await until(
      async () => (await runOf(waiting)).status === 'completed' && (await runOf(orphan)).status === 'completed',
    );
    expect(created.sort()).toEqual(['First', 'Second', 'Third', 'Third']);
    expect((await runOf(later)).status).toBe('waiting');
    const laterJobs = await sqlRows(db.handle.db, sql`SELECT 1 FROM pgboss.job WHERE singleton_key = ${later}`);
    expect(laterJobs).toEqual([]);
    // An early job for a wait not over does nothing.
    await service.execute(later);
    expect((await runOf(later)).status).toBe('waiting');
    expect(await db.handle.db.select().from(automationRuns).where(eq(automationRuns.id, later))).toHaveLength(1);
  }, 60_000);
});
