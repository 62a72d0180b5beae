/**
 * Board columns under writers at once (PostgreSQL only: `.pg.test.ts` files run in the TEST_DATABASE_URL pass;
 * PGlite runs one transaction at a time). A move holds the lock of the column the card goes to (db/locks.ts):
 * moves into other columns go on meanwhile, moves into the same one wait; a renumbering of a column leaves alone a
 * card that left it meanwhile.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, signedInAgent, sqlRows, type TestApp } from '../../test/helpers';
import { orderForPosition, TASK_BOARD } from './board-order';
import type { Executor } from './client';
import { lockBoardColumn } from './locks';

/** A promise and its resolve, to hold a transaction open until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('board columns with writers at once (PostgreSQL)', () => {
  let t: TestApp;
  let businessId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { agent } = await signedInAgent(t.app);
    businessId = (await agent.get('/users/me')).json().user.businessId;
  });
  afterAll(() => t.close());

  const insertTasks = async (rows: [id: string, status: string, key: number][]) => {
    for (const [id, status, key] of rows) {
      await t.database.db.execute(
        sql`INSERT INTO tasks (id, business_id, title, status, sort_order) VALUES (${id}, ${businessId}, ${id}, ${status}, ${key})`,
      );
    }
  };
  const card = async (id: string) =>
    (
      await sqlRows<{ status: string; key: number }>(
        t.database.db,
        sql`SELECT status, sort_order AS key FROM tasks WHERE id = ${id}`,
      )
    )[0]!;

  it('a move into one column does not wait for a move into another; one into the same column does', async () => {
    const held = gate();
    const first = t.database.db.transaction(async (tx) => {
      await lockBoardColumn(tx, businessId, 'tasks', 'todo');
      await held.opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = t.database.db.transaction((tx) => lockBoardColumn(tx, businessId, 'tasks', 'blocked'));
    expect(await settledWithin(other, 2_000)).toBe(true);
    const same = t.database.db.transaction((tx) => lockBoardColumn(tx, businessId, 'tasks', 'todo'));
    expect(await settledWithin(same, 300)).toBe(false);
    held.open();
    await first;
    expect(await settledWithin(same, 2_000)).toBe(true);
  });

  it('a renumbering leaves alone the key of a card that moved out of the column meanwhile', async () => {
    // 'todo': two cards too close to split (a move between them renumbers the column) and the card that leaves.
    await insertTasks([
      ['rn-a', 'todo', 1024],
      ['rn-b', 'todo', 1024 + 1e-12],
      ['rn-leaver', 'todo', 4096],
      ['rn-mover', 'completed', 1024],
    ]);
    const held = gate();
    // The card leaves 'todo' for 'blocked' under 'blocked''s lock, holding its row until the gate opens.
    const leaving = t.database.db.transaction(async (tx: Executor) => {
      await lockBoardColumn(tx, businessId, 'tasks', 'blocked');
      await tx.execute(sql`UPDATE tasks SET status = 'blocked', sort_order = 500 WHERE id = 'rn-leaver'`);
      await held.opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Meanwhile a move into 'todo' between the two close cards renumbers 'todo': it waits for the leaver's row.
    const moving = t.database.db.transaction(async (tx: Executor) => {
      await lockBoardColumn(tx, businessId, 'tasks', 'todo');
      const key = await orderForPosition(tx, TASK_BOARD, businessId, 'todo', 'rn-mover', 1);
      await tx.execute(sql`UPDATE tasks SET status = 'todo', sort_order = ${key} WHERE id = 'rn-mover'`);
    });
    expect(await settledWithin(moving, 300)).toBe(false);
    held.open();
    await leaving;
    await moving;
    expect(await card('rn-leaver')).toEqual({ status: 'blocked', key: 500 });
    const todo = await sqlRows<{ id: string; key: number }>(
      t.database.db,
      sql`SELECT id, sort_order AS key FROM tasks WHERE business_id = ${businessId} AND status = 'todo' ORDER BY sort_order, id`,
    );
    expect(todo.map((r) => r.id)).toEqual(['rn-a', 'rn-mover', 'rn-b']);
    expect(new Set(todo.map((r) => r.key)).size).toBe(3);
  });
});
