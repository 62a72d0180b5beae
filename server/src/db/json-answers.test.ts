import { gte, isNull, or, sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../test/helpers';
import { openPostgres, type Database } from './client';
import { isoJson } from './json-answers';

const stamps = pgTable('iso_test_stamps', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
});

/**
 * The ISO text PostgreSQL writes into JSON answers equals what drizzle's Date column gives (Date's toISOString), in
 * a UTC session and in another.
 */
describe('isoJson', () => {
  let database: TestDatabase;
  let db: Database;
  const values = [
    '2026-11-26T08:11:45.123Z',
    '2026-02-28T23:59:59.999Z',
    '2024-02-29T12:00:00.000Z',
    '1000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await db.execute(sql`CREATE TABLE iso_test_stamps (id text PRIMARY KEY, at timestamptz)`);
    await db.insert(stamps).values([
      ...values.map((v, i) => ({ id: `s${i}`, at: new Date(v) })),
      { id: 'null', at: null },
      // Microseconds Date cannot hold: truncated to milliseconds, as Date reads them.
      { id: 'micro', at: sql`'2026-05-06 07:08:09.876543+00'::timestamptz` as unknown as Date },
    ]);
  });
  afterAll(() => database.drop());

  const read = (executor: Pick<Database, 'select'>, since = new Date('0001-01-01T00:00:00Z')) =>
    executor
      .select({ id: stamps.id, date: stamps.at, iso: isoJson(stamps.at) })
      .from(stamps)
      .where(or(isNull(stamps.at), gte(stamps.at, since)))
      .orderBy(stamps.id);

  it('gives each Date column value as its ISO text, null as null', async () => {
    const rows = await read(db);
    expect(rows).toHaveLength(values.length + 2);
    for (const row of rows) expect(row.iso).toBe(row.date ? row.date.toISOString() : null);
    expect(rows.find((r) => r.id === 'micro')!.iso).toBe('2026-05-06T07:08:09.876Z');
    expect(rows.filter((r) => r.id.startsWith('s')).map((r) => r.iso)).toEqual(values);
  });

  it('gives the same text in a session in another time zone', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TimeZone = 'Asia/Kolkata'`);
      // Before 1942 Kolkata's offsets were local mean time with seconds ('+05:53:28'), which Date cannot read
      // (nor drizzle's Date columns): the server's sessions are UTC (below).
      return read(tx, new Date('1950-01-01T00:00:00Z'));
    });
    expect(rows.filter((r) => r.id.startsWith('s')).map((r) => r.iso)).toEqual(values.filter((v) => v >= '1950'));
    for (const row of rows) expect(row.iso).toBe(row.date ? row.date.toISOString() : null);
  });

  it("reads in UTC in the server's sessions, whatever the database's default zone", async () => {
    const { handle } = database;
    if (handle.driver.kind === 'pglite') {
      // The embedded database's sessions are UTC.
      expect((await handle.driver.client.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]!.TimeZone).toBe('UTC');
    } else {
      const { pool } = handle.driver;
      const [{ name }] = (await pool.query<{ name: string }>('SELECT current_database() AS name')).rows as [
        { name: string },
      ];
      await pool.query(`ALTER DATABASE ${name} SET TimeZone = 'Asia/Kolkata'`);
      const other = openPostgres(pool.options.connectionString!, { poolSize: 2 });
      try {
        expect(await sqlRows(other.db, sql`SHOW TimeZone`)).toEqual([{ TimeZone: 'UTC' }]);
        const rows = await read(other.db);
        expect(rows.filter((r) => r.id.startsWith('s')).map((r) => r.iso)).toEqual(values);
      } finally {
        await other.close();
      }
    }
    const raw = await sqlRows(db, sql`SELECT at::text AS text FROM iso_test_stamps WHERE id = 's0'`);
    expect(raw).toEqual([{ text: '2026-11-26 08:11:45.123+00' }]);
  });
});
