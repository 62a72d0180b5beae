import { sql, type SQL } from 'drizzle-orm';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../test/helpers';
import { JobQueue } from './jobs';
import {
  analyzePartitionedTables,
  analyzeReason,
  PARTITION_STATISTICS_QUEUE,
  partitionedTables,
  PartitionStatistics,
  type PartitionedTableState,
} from './partition-statistics';

const TABLE = 'zz_statistics_probe';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('analyzeReason', () => {
  const now = new Date('2026-11-28T03:00:00Z');
  const state = (over: Partial<PartitionedTableState>): PartitionedTableState => ({
    table: 'public.t',
    reltuples: 10_000,
    lastAnalyze: new Date('2026-11-28T01:00:00Z'),
    liveRows: 10_000,
    ...over,
  });

  it('is due when never analyzed, a day old or when its rows moved by more than 10 % + 1,000', () => {
    expect(analyzeReason(state({ reltuples: -1, lastAnalyze: null }), now)).toBe('never analyzed');
    expect(analyzeReason(state({ lastAnalyze: null }), now)).toBe('never analyzed');
    expect(analyzeReason(state({ lastAnalyze: new Date('2026-11-27T02:59:00Z') }), now)).toBe('a day old');
    expect(analyzeReason(state({ liveRows: 12_001 }), now)).toBe('rows changed');
    expect(analyzeReason(state({ liveRows: 7_999 }), now)).toBe('rows changed');
    expect(analyzeReason(state({ liveRows: 12_000 }), now)).toBeNull();
    expect(analyzeReason(state({ reltuples: 0, liveRows: 1_000 }), now)).toBeNull();
  });
});

describe('ANALYZE on partitioned parents', () => {
  let database: TestDatabase;
  const rows = <T = Record<string, unknown>>(query: SQL) => sqlRows<T>(database.handle.db, query);
  const stateOf = async (table: string) => (await partitionedTables(database.handle)).find((t) => t.table === table);

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const statement of [
      `CREATE TABLE ${TABLE} (k int NOT NULL, v text NOT NULL) PARTITION BY HASH (k)`,
      `CREATE TABLE ${TABLE}_p0 PARTITION OF ${TABLE} FOR VALUES WITH (MODULUS 2, REMAINDER 0)`,
      `CREATE TABLE ${TABLE}_p1 PARTITION OF ${TABLE} FOR VALUES WITH (MODULUS 2, REMAINDER 1)`,
    ]) {
      await database.handle.db.execute(sql.raw(statement));
    }
  });
  afterAll(async () => database.drop());

  it('finds every partitioned table (pg_partitioned_table), the search tables among them', async () => {
    const tables = (await partitionedTables(database.handle)).map((t) => t.table);
    expect(tables).toEqual(
      expect.arrayContaining([
        'public.contact_search',
        'public.document_search',
        'public.task_search',
        `public.${TABLE}`,
      ]),
    );
    // Partitions are not listed themselves.
    expect(tables.filter((t) => /_p\d+$/.test(t))).toEqual([]);
  });

  it('analyzes the parents that never were, then nothing until they are due again', async () => {
    const before = await stateOf('public.document_search');
    expect(before).toMatchObject({ reltuples: -1, lastAnalyze: null });
    const first = await analyzePartitionedTables(database.handle);
    expect(first.skipped).toBe(false);
    expect(first.analyzed.map((a) => a.table)).toEqual(
      expect.arrayContaining(['public.contact_search', 'public.document_search', 'public.task_search']),
    );
    for (const table of ['public.contact_search', 'public.document_search', 'public.task_search']) {
      const after = await stateOf(table);
      expect(after?.reltuples).toBeGreaterThanOrEqual(0);
      expect(after?.lastAnalyze).toBeInstanceOf(Date);
    }
    // The planner's own view: the parent has statistics (pg_class.reltuples set by ANALYZE, -1 before).
    const [parent] = await rows<{ reltuples: number }>(
      sql`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = 'document_search'::regclass`,
    );
    expect(Number(parent!.reltuples)).toBe(0);
    expect((await analyzePartitionedTables(database.handle)).analyzed).toEqual([]);
    // A day later every parent is due again.
    const nextDay = new Date(Date.now() + 25 * 3_600_000);
    expect((await analyzePartitionedTables(database.handle, { now: nextDay })).analyzed.length).toBe(
      (await partitionedTables(database.handle)).length,
    );
  });

  it('analyzes a parent again after a bulk change of its partitions (pg_class.reltuples follows)', async () => {
    await database.handle.db.execute(
      sql.raw(`INSERT INTO ${TABLE} SELECT g, md5(g::text) FROM generate_series(1, 5000) g`),
    );
    // The statistics counters reach pg_stat once the inserting session flushes them (PostgreSQL: within a second).
    const deadline = Date.now() + 10_000;
    while ((await stateOf(`public.${TABLE}`))!.liveRows < 5000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await stateOf(`public.${TABLE}`))!.liveRows).toBe(5000);
    const outcome = await analyzePartitionedTables(database.handle);
    expect(outcome.analyzed).toEqual([{ table: `public.${TABLE}`, reason: 'rows changed' }]);
    expect((await stateOf(`public.${TABLE}`))!.reltuples).toBe(5000);
    const stats = await rows(sql`SELECT attname FROM pg_stats WHERE tablename = ${TABLE} ORDER BY attname`);
    expect(stats.map((s) => s.attname)).toEqual(['k', 'v']);
  });

  it('is safe when run twice at once, and skips while another process analyzes (PostgreSQL)', async () => {
    const both = await Promise.all([
      analyzePartitionedTables(database.handle, { force: true }),
      analyzePartitionedTables(database.handle, { force: true }),
    ]);
    expect(both[0]).toBe(both[1]);
    expect(both[0].analyzed.length).toBeGreaterThanOrEqual(4);
    if (database.handle.driver.kind !== 'postgres') return;
    // Another process's run holds the advisory lock: this one does nothing.
    const other = await database.handle.driver.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(74031)');
      expect(await analyzePartitionedTables(database.handle, { force: true })).toEqual({ analyzed: [], skipped: true });
      await other.query('SELECT pg_advisory_unlock(74031)');
    } finally {
      other.release();
    }
    expect((await analyzePartitionedTables(database.handle, { force: true })).skipped).toBe(false);
  });

  it('runs as a job (pg-boss): a parent made due is analyzed by the queued check', async () => {
    await database.handle.db.execute(sql.raw(`INSERT INTO ${TABLE} SELECT g, 'x' FROM generate_series(1, 3000) g`));
    const deadline = Date.now() + 10_000;
    while ((await stateOf(`public.${TABLE}`))!.liveRows < 8000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const jobs = new JobQueue(database.handle, { log: quiet, pollingSeconds: 0.5 });
    const statistics = new PartitionStatistics(database.handle, jobs, quiet);
    statistics.defineJobs();
    await jobs.start();
    try {
      await jobs.send(PARTITION_STATISTICS_QUEUE, {}, { key: 'analyze' });
      const until = Date.now() + 20_000;
      while ((await stateOf(`public.${TABLE}`))!.reltuples !== 8000 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await stateOf(`public.${TABLE}`))!.reltuples).toBe(8000);
    } finally {
      await jobs.stop();
    }
  });
});
