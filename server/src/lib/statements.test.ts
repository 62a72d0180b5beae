import { count, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { compileRowMapper, StatementCache } from './statements';

// Tables of this test only, created in the test's own database.
const owners = pgTable('stmt_test_owners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
});
const items = pgTable('stmt_test_items', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id'),
  title: text('title'),
  done: boolean('done').notNull(),
  rank: integer('rank'),
  labels: text('labels').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }),
});

const P = { min: sql.placeholder('min') };
type Values = { min: number };

/**
 * The kept statements map rows with a compiled function instead of drizzle's mapResultRow: every value must come
 * out exactly as drizzle maps it (dates, arrays, nulls, mapWith decoders, a left-joined object that is absent).
 */
describe('StatementCache row mapping', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await db.execute(
      sql`CREATE TABLE stmt_test_owners (id text PRIMARY KEY, name text NOT NULL, joined_at timestamptz NOT NULL)`,
    );
    await db.execute(sql`CREATE TABLE stmt_test_items (id text PRIMARY KEY, owner_id text, title text, done boolean NOT NULL,
      rank integer, labels text[] NOT NULL, created_at timestamptz NOT NULL, due_at timestamptz)`);
    await db.insert(owners).values({ id: 'o1', name: 'Ada', joinedAt: new Date('2026-01-02T03:04:05.678Z') });
    await db.insert(items).values([
      {
        id: 'i1',
        ownerId: 'o1',
        title: 'Quote, "with" {braces}',
        done: true,
        rank: 3,
        labels: ['a', 'b c', ''],
        createdAt: new Date('2026-02-03T04:05:06.789Z'),
        dueAt: new Date('2026-03-04T05:06:07.000Z'),
      },
      {
        id: 'i2',
        ownerId: null,
        title: null,
        done: false,
        rank: null,
        labels: [],
        createdAt: new Date('2026-02-04T00:00:00.000Z'),
      },
      {
        id: 'i3',
        ownerId: 'gone',
        title: 'orphan',
        done: false,
        rank: 1,
        labels: ['x'],
        createdAt: new Date('2026-02-05T00:00:00.000Z'),
      },
    ]);
  });
  afterAll(async () => database.drop());

  const flat = () =>
    db
      .select({
        id: items.id,
        title: items.title,
        done: items.done,
        rank: items.rank,
        labels: items.labels,
        createdAt: items.createdAt,
        dueAt: items.dueAt,
        total: sql<number>`(SELECT ${count()} FROM ${items})`.mapWith(Number),
        raw: sql<string>`upper(${items.id})`,
      })
      .from(items)
      .where(sql`coalesce(${items.rank}, 0) >= ${P.min}`)
      .orderBy(items.id);
  const nested = () =>
    db
      .select({
        item: { id: items.id, title: items.title, createdAt: items.createdAt },
        owner: { id: owners.id, name: owners.name, joinedAt: owners.joinedAt },
        seen: sql<number>`1`.mapWith(Number),
      })
      .from(items)
      .leftJoin(owners, eq(owners.id, items.ownerId))
      .where(sql`coalesce(${items.rank}, 0) >= ${P.min}`)
      .orderBy(items.id);

  test.each([
    ['flat selection', flat],
    ['nested selection with a left join', nested],
  ])('%s: the compiled mapper gives what drizzle gives', async (_name, build) => {
    const cache = new StatementCache<Values>();
    const kept = cache.get('shape', build);
    // The compiled mapper is in place (a fall-back to drizzle's would make this test vacuous).
    expect((kept as unknown as { customResultMapper?: unknown }).customResultMapper).toBeInstanceOf(Function);
    for (const min of [0, 2, 10]) {
      const expected = await build().prepare('').execute({ min });
      const actual = await kept.execute({ min });
      expect(actual).toEqual(expected);
      expect(actual.length).toBe(expected.length);
    }
    const all = (await kept.execute({ min: 0 })) as Record<string, unknown>[];
    expect(all).toHaveLength(3);
  });

  test('a left-joined object with no row is null; one with a row is whole', async () => {
    const rows = (await new StatementCache<Values>().get('n', nested).execute({ min: 0 })) as {
      owner: { id: string; name: string; joinedAt: Date } | null;
      item: { createdAt: Date };
    }[];
    expect(rows.map((r) => r.owner)).toEqual([
      { id: 'o1', name: 'Ada', joinedAt: new Date('2026-01-02T03:04:05.678Z') },
      null,
      null,
    ]);
    expect(rows[0]!.item.createdAt).toBeInstanceOf(Date);
  });

  test('statements built for one call (no key) keep drizzle’s mapping; deeper selections are not compiled', () => {
    const once = new StatementCache<Values>().get(null, flat);
    expect((once as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    expect(compileRowMapper([{ path: ['a', 'b', 'c'], field: items.id }])).toBeNull();
  });
});
