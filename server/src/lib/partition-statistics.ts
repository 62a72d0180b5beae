/**
 * Statistics for partitioned tables (contact_search, task_search, document_search — whatever pg_partitioned_table
 * lists in the application's schema). PostgreSQL's autovacuum analyzes the partitions but never a partitioned parent, so the planner has no
 * statistics for the parent itself and a search for a rare term can choose a plan that walks a whole index
 * (bench/README.md, "ANALYZE on partitioned parents"). An explicit `ANALYZE <parent>` gives it them.
 *
 * A job (`PARTITION_STATISTICS_QUEUE`) offered every `PARTITION_STATISTICS_CHECK_MS` by each process that runs jobs
 * (its key keeps one queued or running across processes) analyzes each parent that is due:
 * - never analyzed (reltuples -1) or no analyze on record (statistics reset);
 * - analyzed more than a day ago (the nightly refresh: values change without the row count changing);
 * - its partitions' live rows moved by more than 10 % (+ 1,000 rows) since its last analyze — a large import or bulk
 *   change is followed by an analyze within one check interval, with nothing to call from the import itself.
 * One parent per transaction, with no statement timeout (ANALYZE of a large table may take longer than the API's
 * 15 s) but a bound of its own. Safe when run twice at once: a session advisory lock makes the second run skip on
 * PostgreSQL, and one run at a time per process (PGlite has one session).
 * PGlite: the same statements (it has no autovacuum at all; its ANALYZE also analyzes the partitions).
 */
import type { DatabaseHandle } from '../db/client';
import type { JobQueue } from './jobs';

export const PARTITION_STATISTICS_QUEUE = 'partition-statistics';
/** How often each process offers the check (ms). */
export const PARTITION_STATISTICS_CHECK_MS = 10 * 60_000;
/** A parent is analyzed again after this long even with no change in its row count. */
export const PARTITION_STATISTICS_MAX_AGE_HOURS = 24;
/** Advisory lock key: one analyzing run at a time across processes. */
const ANALYZE_LOCK = 74_031;
/** One ANALYZE's bound (statement_timeout and the client's own wait). */
const ANALYZE_TIMEOUT_MS = 30 * 60_000;

export interface PartitionedTableState {
  table: string;
  /** The parent's row estimate from its last ANALYZE; -1 when never analyzed. */
  reltuples: number;
  lastAnalyze: Date | null;
  /** Live rows of its partitions, from the statistics counters. */
  liveRows: number;
}

export type AnalyzeReason = 'never analyzed' | 'a day old' | 'rows changed';

/** Why the parent is due for ANALYZE, or null. */
export function analyzeReason(
  state: PartitionedTableState,
  now: Date,
  maxAgeHours = PARTITION_STATISTICS_MAX_AGE_HOURS,
): AnalyzeReason | null {
  if (state.reltuples < 0 || !state.lastAnalyze) return 'never analyzed';
  if (now.getTime() - state.lastAnalyze.getTime() > maxAgeHours * 3_600_000) return 'a day old';
  if (Math.abs(state.liveRows - state.reltuples) > 1_000 + 0.1 * state.reltuples) return 'rows changed';
  return null;
}

type Run = (text: string, options?: { timeoutMs?: number }) => Promise<Record<string, unknown>[]>;

/**
 * Every partitioned table of the application's schema (current_schema(): pg-boss's own job table, partitioned by
 * queue and read by queue name, is left to it), with its parent's statistics state.
 */
const STATE_SQL = `
  SELECT format('%I.%I', n.nspname, c.relname) AS "table", c.reltuples::float8 AS reltuples,
         GREATEST(s.last_analyze, s.last_autoanalyze) AS "lastAnalyze",
         COALESCE((SELECT sum(ps.n_live_tup) FROM pg_inherits i JOIN pg_stat_all_tables ps ON ps.relid = i.inhrelid
                   WHERE i.inhparent = c.oid), 0)::float8 AS "liveRows"
  FROM pg_partitioned_table p
  JOIN pg_class c ON c.oid = p.partrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
  WHERE n.nspname = current_schema() AND NOT c.relispartition
  ORDER BY 1`;

export async function partitionedTables(handle: DatabaseHandle): Promise<PartitionedTableState[]> {
  return withSession(handle, async (run) => states(run));
}

async function states(run: Run): Promise<PartitionedTableState[]> {
  return (await run(STATE_SQL)).map((r) => ({
    table: String(r.table),
    reltuples: Number(r.reltuples),
    lastAnalyze: r.lastAnalyze ? new Date(r.lastAnalyze as string | Date) : null,
    liveRows: Number(r.liveRows),
  }));
}

/** One connection for the whole run (the advisory lock is the session's). */
async function withSession<T>(handle: DatabaseHandle, work: (run: Run) => Promise<T>): Promise<T> {
  if (handle.driver.kind === 'pglite') {
    const client = handle.driver.client;
    return work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  }
  const client = await handle.driver.pool.connect();
  try {
    return await work(
      async (text, options) =>
        (
          await client.query<Record<string, unknown>>({
            text,
            ...(options?.timeoutMs ? { query_timeout: options.timeoutMs } : {}),
          })
        ).rows,
    );
  } finally {
    client.release();
  }
}

export interface AnalyzeOutcome {
  /** The parents analyzed, with why. */
  analyzed: { table: string; reason: AnalyzeReason | 'forced' }[];
  /** True when another run held the lock (nothing done). */
  skipped: boolean;
}

const running = new WeakMap<DatabaseHandle, Promise<AnalyzeOutcome>>();

/**
 * ANALYZE on every partitioned parent that is due (`force`: on all of them). A second call while one runs in this
 * process gets the first one's outcome; on PostgreSQL a run in another process makes this one skip.
 */
export function analyzePartitionedTables(
  handle: DatabaseHandle,
  options: { force?: boolean; now?: Date } = {},
): Promise<AnalyzeOutcome> {
  let run = running.get(handle);
  if (!run) {
    run = analyzeDue(handle, options).finally(() => running.delete(handle));
    running.set(handle, run);
  }
  return run;
}

async function analyzeDue(handle: DatabaseHandle, { force = false, now = new Date() }): Promise<AnalyzeOutcome> {
  return withSession(handle, async (run) => {
    const postgres = handle.driver.kind === 'postgres';
    if (postgres) {
      const [lock] = await run(`SELECT pg_try_advisory_lock(${ANALYZE_LOCK}) AS got`);
      if (!lock?.got) return { analyzed: [], skipped: true };
    }
    try {
      const analyzed: AnalyzeOutcome['analyzed'] = [];
      for (const state of await states(run)) {
        const reason = force ? 'forced' : analyzeReason(state, now);
        if (!reason) continue;
        await run('BEGIN');
        try {
          if (postgres) await run(`SET LOCAL statement_timeout = ${ANALYZE_TIMEOUT_MS}`);
          await run(`ANALYZE ${state.table}`, { timeoutMs: ANALYZE_TIMEOUT_MS + 60_000 });
          await run('COMMIT');
        } catch (error) {
          await run('ROLLBACK').catch(() => undefined);
          throw error;
        }
        analyzed.push({ table: state.table, reason });
      }
      return { analyzed, skipped: false };
    } finally {
      if (postgres) await run(`SELECT pg_advisory_unlock(${ANALYZE_LOCK})`).catch(() => undefined);
    }
  });
}

/** The check's job and its timer (app.ts): as the communities' reminder sweep. */
export class PartitionStatistics {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly jobs: JobQueue,
    private readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  ) {}

  /** Before the queue starts. */
  defineJobs(): void {
    this.jobs.define<Record<string, never>>({
      name: PARTITION_STATISTICS_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 60,
      maxRunSeconds: 2 * 60 * 60,
      handler: async () => {
        const outcome = await analyzePartitionedTables(this.handle);
        if (outcome.analyzed.length) this.log.info({ analyzed: outcome.analyzed }, 'partitioned tables analyzed');
      },
    });
  }

  /** Offers the check every `intervalMs`; the job's key keeps one queued or running at a time across processes. */
  startSchedule(intervalMs: number = PARTITION_STATISTICS_CHECK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.jobs
        .send(PARTITION_STATISTICS_QUEUE, {}, { key: 'analyze' })
        .catch((err: unknown) => this.log.warn({ err }, 'partition statistics: check not queued'));
    }, intervalMs);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
