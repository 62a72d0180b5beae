import { kanbanTotalsSchema, taskListAnswerSchema, type Task } from '@atrium/domain-work/schemas';
import { sql } from 'drizzle-orm';
import { createTestApp, signedInAgent, sqlRows, type Agent, type TestApp } from '../../../test/helpers';

const COLUMNS = ['todo', 'in_progress', 'blocked', 'completed'] as const;

/**
 * Kanban moves at once into every column (each move holds only its target column's lock, db/locks.ts): every card
 * ends in one column once, each column's keys stay unique and ordered, the totals match, and two moves of the same
 * card into different columns leave it in one of them (last write wins) with both in its history.
 */
describe('kanban moves at once across columns', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await signedInAgent(t.app)).agent;
  });
  afterAll(() => t.close());

  const column = async (status: string) => {
    const res = await agent.get(`/tasks?status=${status}&sortBy=board&sortOrder=asc&limit=100`);
    return taskListAnswerSchema.parse(res.json()).data.tasks as Task[];
  };

  it('keeps every card once, each column ordered with unique keys, and the totals right', async () => {
    const cards: Task[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await agent.post('/tasks', { title: `card ${i}`, status: COLUMNS[i % 4] });
      cards.push(res.json().data as Task);
    }
    // Every card to the next column at a spread of positions; card 0 also to a third column at the same time.
    const moves = cards.map((c, i) =>
      agent.patch(`/tasks/${c._id}/move`, { columnId: COLUMNS[(i + 1) % 4], taskOrder: i % 3 }),
    );
    moves.push(agent.patch(`/tasks/${cards[0]!._id}/move`, { columnId: 'completed', taskOrder: 0 }));
    expect((await Promise.all(moves)).map((r) => r.statusCode)).toEqual(moves.map(() => 200));

    const seen: string[] = [];
    for (const status of COLUMNS) {
      const tasks = await column(status);
      seen.push(...tasks.map((x) => x._id));
      const keys = tasks.map((x) => x.sortOrder);
      expect(new Set(keys).size).toBe(keys.length);
      expect([...keys].sort((p, q) => p - q)).toEqual(keys);
    }
    expect(seen.sort()).toEqual(cards.map((c) => c._id).sort());
    const totals = kanbanTotalsSchema.parse((await agent.get('/tasks/kanban/totals')).json().data);
    const counts = Object.fromEntries(
      await Promise.all(COLUMNS.map(async (s) => [s, (await column(s)).length] as const)),
    );
    expect(totals).toEqual({ ...counts, total: 16 });
    // Card 0 went to 'in_progress' and to 'completed' at once: it is in one of them, and both moves are history.
    const zero = (await agent.get(`/tasks/${cards[0]!._id}`)).json().data;
    expect(['in_progress', 'completed']).toContain(zero.status);
    const moved = (zero.history as { action: string }[]).filter((h) => h.action === 'moved');
    expect(moved).toHaveLength(2);
  });

  it('keeps the counters exact through edits, a project delete and the business going', async () => {
    const { agent: owner } = await signedInAgent(t.app);
    const businessId = (await owner.get('/users/me')).json().user.businessId as string;
    const counters = async () =>
      sqlRows<{ status: string; n: number }>(
        t.database.db,
        sql`SELECT status, tasks AS n FROM task_counts WHERE business_id = ${businessId} AND tasks <> 0 ORDER BY status`,
      );
    const counted = async () =>
      sqlRows<{ status: string; n: number }>(
        t.database.db,
        sql`SELECT status, count(*)::int AS n FROM tasks WHERE business_id = ${businessId} GROUP BY status ORDER BY status`,
      );
    const project = (await owner.post('/projects', { title: 'Loft', type: 'Remodel' })).json().data._id as string;
    for (let i = 0; i < 8; i++) {
      await owner.post('/tasks', { title: `t${i}`, status: COLUMNS[i % 4], projectId: i < 6 ? project : null });
    }
    // A statement that changes no column (an edit of every task) leaves the counters as they are.
    await t.database.db.execute(sql`UPDATE tasks SET title = title || '!' WHERE business_id = ${businessId}`);
    expect(await counters()).toEqual(await counted());
    // A project's delete takes its tasks of several columns in one cascade.
    expect((await owner.delete(`/projects/${project}`)).statusCode).toBe(200);
    expect(await counters()).toEqual(await counted());
    expect((await counted()).reduce((sum, r) => sum + r.n, 0)).toBe(2);
    // The business goes with its tasks and counters (the delete trigger only subtracts, never inserts).
    await t.database.db.execute(sql`DELETE FROM businesses WHERE id = ${businessId}`);
    expect(await counted()).toEqual([]);
    expect(await counters()).toEqual([]);
  });
});
