/**
 * Background jobs: one engine for every domain (imports now; campaign sends, calendar sync, automation and
 * reminders next) — pg-boss 10 on the application's own database, PostgreSQL or the embedded PGlite alike.
 *
 * - Durable: a job is a row in the `pgboss` schema (installed with the migrations, `installJobSchema`), sent in
 *   one statement; any API process's worker claims it (`FOR UPDATE SKIP LOCKED`): one worker runs each job.
 * - A handler that throws is run again after `retryDelaySeconds` (doubling with backoff), up to `retryLimit` times.
 * - **Heartbeat.** pg-boss 10 only knows a fixed expiry per job; a long job (an import of 200k rows) would need a long
 *   one, and a worker killed mid-job would then hold it that long. While a handler runs, this module moves the job's
 *   expiry to `graceSeconds` past now every `heartbeatSeconds` (`expire_in` of the active row). A worker that
 *   dies stops beating: pg-boss's maintenance (every `MAINTENANCE_SECONDS`, once across all processes) finds the
 *   job expired `graceSeconds` later and puts it up for retry — another process, or the restarted one, resumes it
 *   within seconds. A beat that finds the job no longer active here (it expired and moved on) aborts the handler.
 * - **Graceful stop.** `stop()` aborts the handlers' signals; a handler that then throws `JobReleased` puts its
 *   job back as new (no retry used up) for the next worker, at once.
 * - **Own worker loop.** pg-boss fetches, stores, expires and retries; this module polls (`fetch`, woken at once by a
 *   `send` in the same process) and records each outcome itself with the run's `retry_count` in the `WHERE`:
 *   pg-boss's own `work()` completes and fails by job id, so a worker that lost its job to a later run of it could
 *   complete or fail that run.
 * - A handler's own state must make a second run harmless (pg-boss delivers at least once): the contact import
 *   keeps a cursor and fences each chunk by its holder (contact-import.repository.ts).
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

export const JOB_SCHEMA = 'pgboss';
/** How often expired jobs are looked for (pg-boss maintenance; one process does it per interval). */
export const MAINTENANCE_SECONDS = 2;

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  /** The job's id: the same across its retries. */
  id: string;
  /** 0 on the first run, n on the n-th retry (after a failure or a worker that stopped beating). */
  retryCount: number;
  /** Aborted when this process stops, or when the job turned out to be no longer this worker's. */
  signal: AbortSignal;
  /** Runs on every heartbeat; answering false means the work is no longer ours and aborts `signal`. */
  onBeat(beat: () => Promise<boolean>): void;
}

export interface QueueDefinition<T extends object> {
  name: string;
  handler(data: T, job: JobContext): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  heartbeatSeconds?: number;
  /** A job whose worker has not beaten for this long is given up and run again. */
  graceSeconds?: number;
  /** One run's upper bound, beats or not (pg-boss's own timer on the handler). */
  maxRunSeconds?: number;
  /**
   * Jobs of this queue one process runs at the same time (default 1): for handlers whose jobs are independent and
   * guard themselves against a second run (an automation run claims each step).
   */
  concurrency?: number;
}

/** Thrown by a handler that stops because its signal was aborted for a shutdown: the job goes back as new. */
export class JobReleased extends Error {
  constructor() {
    super('job released for another worker');
  }
}

export interface JobQueueOptions {
  log: JobLog;
  /** Whether this process runs jobs (false: it only sends them). Default true. */
  work?: boolean;
  /** How often an idle worker asks for a job (seconds, ≥ 0.5). Sending in this process wakes its worker at once. */
  pollingSeconds?: number;
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * pg-boss's statements on the app's own connections. PGlite: a statement with parameters goes to `query`, a script
 * of several statements (migrations, maintenance under an advisory lock, all without parameters) to `exec`; a script
 * that fails midway is rolled back, since PGlite has one session for the whole process.
 */
export function jobExecutor(handle: DatabaseHandle): Executor {
  if (handle.driver.kind === 'postgres') {
    const pool = handle.driver.pool;
    return { executeSql: async (text, values) => pool.query(text, values) };
  }
  const client = handle.driver.client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        if (/^\s*BEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/** Creates or upgrades the `pgboss` schema (run with the migrations, under their lock on PostgreSQL). */
export async function installJobSchema(handle: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({
    db: jobExecutor(handle) as PgBoss.Db,
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

type BossJob = PgBoss.JobWithMetadata<object>;

/** One worker of a queue in this process: one job at a time (a queue has `concurrency` of them). */
interface Worker {
  def: QueueDefinition<object>;
  wake: (() => void) | null;
  loop: Promise<void> | null;
  current: { controller: AbortController; stopping: boolean } | null;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly executor: Executor;
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  private readonly workers = new Map<string, Worker[]>();
  private started = false;
  private stopped = false;
  private crashed = false;

  constructor(
    handle: DatabaseHandle,
    private readonly options: JobQueueOptions,
  ) {
    this.executor = jobExecutor(handle);
    this.boss = new PgBoss({
      db: this.executor as PgBoss.Db,
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: options.work !== false,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      // No cron yet: the timekeeper is off until a domain schedules something (reminders).
      schedule: false,
    });
    this.boss.on('error', (error: Error) => options.log.warn({ err: error }, 'jobs: pg-boss reported an error'));
  }

  /** Declares a queue and its handler; before start(). */
  define<T extends object>(definition: QueueDefinition<T>): void {
    this.definitions.set(definition.name, definition as unknown as QueueDefinition<object>);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const def of this.definitions.values()) {
      await this.boss.createQueue(def.name, {
        name: def.name,
        policy: 'standard',
        retryLimit: def.retryLimit ?? 5,
        // A run that stopped beating (its process died) is run again at once; the delay after a handler's error is
        // applied by fail() below.
        retryDelay: 0,
        retryBackoff: false,
        expireInSeconds: def.maxRunSeconds ?? 6 * 60 * 60,
      });
      if (this.options.work === false) continue;
      const workers = Array.from({ length: Math.max(1, def.concurrency ?? 1) }, (): Worker => {
        const worker: Worker = { def, wake: null, loop: null, current: null };
        worker.loop = this.poll(worker);
        return worker;
      });
      this.workers.set(def.name, workers);
    }
  }

  /**
   * Queues a job; `key` labels it (what it is about), for `pendingKeys`; `startAfter` holds it until then (a
   * scheduled campaign). Wakes this process's worker at once.
   */
  async send(name: string, data: object, options: { key?: string; startAfter?: Date } = {}): Promise<string | null> {
    const id = await this.boss.send(name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    // An idle worker takes it (all are busy: the first to finish fetches it).
    this.workers
      .get(name)
      ?.find((w) => w.wake)
      ?.wake?.();
    return id;
  }

  /** The keys of the queue's jobs not finished yet (queued, waiting for a retry, or running). */
  async pendingKeys(name: string): Promise<Set<string>> {
    const { rows } = await this.executor.executeSql(
      `SELECT DISTINCT singleton_key AS key FROM ${JOB_SCHEMA}.job
       WHERE name = $1 AND state < 'completed' AND singleton_key IS NOT NULL`,
      [name],
    );
    return new Set(rows.map((r: { key: string }) => r.key));
  }

  /** The states of the queue's unfinished jobs with this key ('created', 'retry', 'active'), one entry per job. */
  async keyStates(name: string, key: string): Promise<string[]> {
    const { rows } = await this.executor.executeSql(
      `SELECT state::text AS state FROM ${JOB_SCHEMA}.job
       WHERE name = $1 AND singleton_key = $2 AND state < 'completed'`,
      [name, key],
    );
    return rows.map((r: { state: string }) => r.state);
  }

  /** Stops taking jobs; running handlers are told to stop (`JobReleased` puts their job back) and awaited. */
  async stop(): Promise<void> {
    if (!this.started || this.stopped) return;
    this.stopped = true;
    for (const w of this.allWorkers()) {
      if (w.current) {
        w.current.stopping = true;
        w.current.controller.abort(new JobReleased());
      }
      w.wake?.();
    }
    await Promise.all(this.allWorkers().map((w) => w.loop));
    await this.boss.stop({ graceful: false, close: false });
  }

  /**
   * Tests only: stops as `kill -9` would — no release, no more beats, nothing completed, the job left active — so
   * another process's maintenance must find it expired.
   */
  async crashForTests(): Promise<void> {
    this.crashed = true;
    this.stopped = true;
    for (const w of this.allWorkers()) {
      w.current?.controller.abort(new Error('crashed'));
      w.wake?.();
    }
    await this.boss.stop({ graceful: false, close: false });
  }

  private allWorkers(): Worker[] {
    return [...this.workers.values()].flat();
  }

  private async poll(worker: Worker): Promise<void> {
    const pollMs = (this.options.pollingSeconds ?? 1) * 1000;
    while (!this.stopped) {
      let job: BossJob | undefined;
      try {
        [job] = (await this.boss.fetch<object>(worker.def.name, { batchSize: 1, includeMetadata: true })) ?? [];
      } catch (error) {
        if (!this.stopped) this.options.log.warn({ err: error, queue: worker.def.name }, 'jobs: fetch failed');
      }
      if (job && !this.stopped) {
        await this.run(worker, job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          worker.wake = null;
          resolve();
        }
        worker.wake = done;
      });
    }
  }

  private async run(worker: Worker, job: BossJob): Promise<void> {
    const { def } = worker;
    const current = { controller: new AbortController(), stopping: false };
    worker.current = current;
    const beats: (() => Promise<boolean>)[] = [() => this.extendExpiry(job, def.graceSeconds ?? 10)];
    const beat = async () => {
      if (this.crashed || current.controller.signal.aborted) return;
      for (const b of beats) {
        const ours = await b().catch((error: unknown) => {
          this.options.log.warn({ err: error, job: job.id, queue: def.name }, 'jobs: heartbeat failed');
          return true;
        });
        if (!ours) return void current.controller.abort(new Error('job lost'));
      }
    };
    const timer = setInterval(() => void beat(), (def.heartbeatSeconds ?? 2) * 1000);
    let outcome: 'completed' | 'released' | 'lost' | Error;
    try {
      await beat();
      await def.handler(job.data, {
        id: job.id,
        retryCount: job.retryCount,
        signal: current.controller.signal,
        onBeat: (b) => void beats.push(b),
      });
      outcome = 'completed';
    } catch (error) {
      outcome =
        error instanceof JobReleased && current.stopping
          ? 'released'
          : current.controller.signal.aborted && !current.stopping
            ? 'lost'
            : error instanceof Error
              ? error
              : new Error(String(error));
    } finally {
      clearInterval(timer);
      worker.current = null;
    }
    if (this.crashed || outcome === 'lost') return;
    try {
      if (outcome === 'released') await this.release(job);
      else if (outcome === 'completed') await this.complete(job);
      else {
        this.options.log.warn({ err: outcome, job: job.id, queue: def.name }, 'jobs: a run failed; it will be retried');
        await this.fail(job, outcome, def);
      }
    } catch (error) {
      // The database is away: the job stays active, expires and is run again.
      this.options.log.error({ err: error, job: job.id, queue: def.name }, 'jobs: could not record the outcome');
    }
  }

  // Every outcome names the run (id + retry_count): a worker that lost its job never touches the run that took it.
  private readonly thisRun = `name = $1 AND id = $2 AND retry_count = $3 AND state = 'active'`;

  /** The job expires `graceSeconds` from now unless beaten again; false when this run is no longer active. */
  private async extendExpiry(job: BossJob, graceSeconds: number): Promise<boolean> {
    const { rows } = await this.executor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET expire_in = (now() - started_on) + $4::int * interval '1 second'
       WHERE ${this.thisRun} RETURNING id`,
      [job.name, job.id, job.retryCount, graceSeconds],
    );
    return rows.length > 0;
  }

  private async complete(job: BossJob): Promise<void> {
    await this.executor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now() WHERE ${this.thisRun}`,
      [job.name, job.id, job.retryCount],
    );
  }

  /** Again after the queue's delay (doubling with backoff) until retry_limit, then failed. */
  private async fail(job: BossJob, error: Error, def: QueueDefinition<object>): Promise<void> {
    const delay = (def.retryDelaySeconds ?? 2) * ((def.retryBackoff ?? true) ? 2 ** Math.min(16, job.retryCount) : 1);
    await this.executor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry'::${JOB_SCHEMA}.job_state ELSE 'failed'::${JOB_SCHEMA}.job_state END,
         start_after = CASE WHEN retry_count < retry_limit THEN now() + $5::float8 * interval '1 second' ELSE start_after END,
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = $4::jsonb
       WHERE ${this.thisRun}`,
      [job.name, job.id, job.retryCount, JSON.stringify({ message: error.message }), delay],
    );
  }

  /** Back to 'created', as if never started (its retries untouched): the next worker takes it at once. */
  private async release(job: BossJob): Promise<void> {
    await this.executor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'created', started_on = NULL, start_after = now() WHERE ${this.thisRun}`,
      [job.name, job.id, job.retryCount],
    );
  }
}
