import { sql } from 'drizzle-orm';
import { taskListAnswerSchema } from '@atrium/domain-work/schemas';
import { Agent, createTestApp, qs, signedInAgent, sqlRows, type TestApp } from '../../../test/helpers';

const SEEDED = 600;
const WORDS = sql.raw(`(ARRAY[${['Smith', 'Garcia', 'Chen', 'Okafor', 'Novak'].map((w) => `'${w}'`).join(',')}])`);

/**
 * A task search reads task_search (migration 0017), the tasks' search text kept by triggers: it must answer what
 * a LIKE on the tasks themselves answers, in every order and page, and the table must follow every write.
 */
describe('task search (task_search)', () => {
  let t: TestApp;
  let owner: Agent;
  let businessId: string;

  const rowsOf = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    sqlRows(t.database.db, query) as Promise<T[]>;
  const list = async (params: Record<string, unknown>, agent = owner) => {
    const res = await agent.get(`/tasks${qs(params)}`);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
    return taskListAnswerSchema.parse(res.json()).data;
  };
  const created = async (res: { statusCode: number; body: string; json(): unknown }) => {
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  /** The matches as the tasks themselves answer them, newest first (the list's default order) or oldest first. */
  const wide = async (term: string, order: 'asc' | 'desc' = 'desc', where = sql`TRUE`) => {
    const dir = sql.raw(order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
    const rows = await rowsOf<{ id: string }>(sql`
      SELECT id FROM tasks
      WHERE business_id = ${businessId} AND search_text LIKE ${`%${term.toLowerCase()}%`} AND ${where}
      ORDER BY created_at ${dir}, id ${dir}`);
    return rows.map((r) => r.id);
  };
  /** Rows of task_search that differ from their task, or tasks without their row (0 when exact). */
  const drift = async () => {
    const [row] = await rowsOf<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM task_search s FULL JOIN tasks k ON k.id = s.task_id
      WHERE s.task_id IS NULL OR k.id IS NULL OR s.search_text <> k.search_text OR s.business_id <> k.business_id
         OR s.created_at <> k.created_at`);
    return row!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    businessId = (await owner.get('/users/me')).json().user.businessId;
    // Repeated created_at (ties broken by id), descriptions on some, the same words in several places.
    await t.database.db.execute(sql`
      INSERT INTO tasks (id, business_id, title, description, status, priority, sort_order, created_at)
      SELECT md5('search-' || i)::uuid::text, ${businessId},
        'Call ' || ${WORDS}[1 + i % 5] || ' #' || i,
        CASE WHEN i % 3 = 0 THEN 'Ask ' || ${WORDS}[1 + i % 4] || ' about tiles' END,
        (ARRAY['todo','in_progress','blocked','completed'])[1 + i % 4], (ARRAY['low','regular','high'])[1 + i % 3],
        i * 1024, timestamptz '2026-01-01' + (i % 150) * interval '1 hour'
      FROM generate_series(1, ${SEEDED}) AS i`);
  });
  afterAll(() => t.close());

  it('answers a search alone like a LIKE on the tasks: every page, both directions, the total', async () => {
    for (const term of ['smit', 'CHEN', 'tiles', 'call', 'zzz', '#1']) {
      for (const sortOrder of ['desc', 'asc'] as const) {
        const all = await wide(term, sortOrder);
        for (const [page, limit] of [
          [1, 20],
          [2, 20],
          [Math.max(1, Math.ceil(all.length / 7)), 7],
          [Math.ceil(all.length / 20) + 1, 20], // past the last page
        ] as const) {
          const data = await list({ search: term, sortBy: 'createdAt', sortOrder, page, limit });
          const offset = (page - 1) * limit;
          expect(data.tasks.map((x) => x._id)).toEqual(all.slice(offset, offset + limit));
          expect(data.pagination.total).toBe(all.length);
        }
      }
    }
  });

  it('answers a search in other orders and with other filters like the tasks do', async () => {
    const all = await wide('garcia');
    const titled = await rowsOf<{ id: string }>(sql`
      SELECT id FROM tasks WHERE business_id = ${businessId} AND search_text LIKE '%garcia%'
      ORDER BY lower(title), id`);
    for (const page of [1, 2]) {
      const byTitle = await list({ search: 'garcia', sortBy: 'title', sortOrder: 'asc', page, limit: 100 });
      expect(byTitle.pagination.total).toBe(all.length);
      expect(byTitle.tasks.map((x) => x._id)).toEqual(titled.slice((page - 1) * 100, page * 100).map((r) => r.id));
    }
    const blocked = await wide('garcia', 'desc', sql`status = 'blocked'`);
    const filtered = await list({ search: 'garcia', status: 'blocked', limit: 100 });
    expect(filtered.tasks.map((x) => x._id)).toEqual(blocked);
    expect(filtered.pagination.total).toBe(blocked.length);
    const exported = await list({ search: 'garcia', export: true });
    expect(exported.tasks.map((x) => x._id)).toEqual(all);
  });

  it('searches the caller’s business only', async () => {
    const other = (await signedInAgent(t.app)).agent;
    await created(await other.post('/tasks', { title: 'Call Smith back' }));
    const theirs = await list({ search: 'smit' }, other);
    expect(theirs.tasks.map((x) => x.title)).toEqual(['Call Smith back']);
    expect(theirs.pagination.total).toBe(1);
    expect((await list({ search: 'smit' })).pagination.total).toBe((await wide('smit')).length);
  });

  it('stays exact through creates, edits, moves, duplicates, deletes and bulk changes', async () => {
    expect(await drift()).toBe(0);
    const total = async (term: string) => (await list({ search: term, limit: 1 })).pagination.total;

    // Create (statement trigger), with a description.
    const id = await created(await owner.post('/tasks', { title: 'Quixotic errand', description: 'Bring Zephyr' }));
    expect([await total('quixotic'), await total('zephyr')]).toEqual([1, 1]);
    // Edit the title, then the description (row trigger).
    expect((await owner.patch(`/tasks/${id}`, { title: 'Zanzibar errand' })).statusCode).toBe(200);
    expect([await total('quixotic'), await total('zanzibar')]).toEqual([0, 1]);
    expect((await owner.patch(`/tasks/${id}`, { description: null })).statusCode).toBe(200);
    expect(await total('zephyr')).toBe(0);
    // A kanban move changes no text: the row stays as it was.
    expect((await owner.patch(`/tasks/${id}/move`, { columnId: 'blocked', taskOrder: 0 })).statusCode).toBe(200);
    expect(await total('zanzibar')).toBe(1);
    // A task's duplicate, and a project's (its tasks copied in one statement).
    await created(await owner.post(`/tasks/${id}/duplicate`));
    expect(await total('zanzibar')).toBe(2);
    const project = await created(await owner.post('/projects', { title: 'Loft', type: 'Remodel' }));
    for (const title of ['Zanzibar tiles', 'Zanzibar paint']) {
      await created(await owner.post('/tasks', { title, projectId: project }));
    }
    await created(await owner.post(`/projects/${project}/duplicate`));
    expect(await total('zanzibar')).toBe(6);
    expect(await drift()).toBe(0);
    // Delete one task, then the project and its tasks (cascade).
    expect((await owner.delete(`/tasks/${id}`)).statusCode).toBe(200);
    expect(await total('zanzibar')).toBe(5);
    expect((await owner.delete(`/projects/${project}`)).statusCode).toBe(200);
    expect(await total('zanzibar')).toBe(3);
    // Bulk changes straight in SQL: a rename of many, a changed created_at, a delete of many.
    await t.database.db.execute(
      sql`UPDATE tasks SET title = 'Ring Okafor' || ' #' || id WHERE business_id = ${businessId} AND title LIKE 'Call Chen%'`,
    );
    expect(await total('chen')).toBe((await wide('chen')).length);
    expect(await total('ring okafor')).toBeGreaterThan(50);
    await t.database.db.execute(
      sql`UPDATE tasks SET created_at = created_at - interval '3 days' WHERE business_id = ${businessId} AND title LIKE 'Call Novak%'`,
    );
    expect((await list({ search: 'novak', limit: 50 })).tasks.map((x) => x._id)).toEqual(
      (await wide('novak')).slice(0, 50),
    );
    await t.database.db.execute(sql`DELETE FROM tasks WHERE business_id = ${businessId} AND title LIKE 'Call Garcia%'`);
    expect(await total('garcia')).toBe((await wide('garcia')).length);
    expect(await drift()).toBe(0);
  });
});
