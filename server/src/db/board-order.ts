import { sql, type SQL } from 'drizzle-orm';
import { resultRows, type Executor } from './client';

/**
 * Board positions (the projects' stage board, the tasks' kanban): each card has a floating-point order key,
 * ascending within its column. Placing a card at a position takes the midpoint of the keys of its new
 * neighbours, so a move writes one row; only when two neighbours' keys are too close to split (after ~50 moves
 * into the same gap) is the column renumbered, in one statement. Callers hold the lock of the
 * column the card goes to (db/locks.ts lockBoardColumn) for the transaction, so concurrent moves into it see each
 * other's keys: last write wins on the card, and the other cards keep a consistent order.
 */

/** Distance between neighbours after a renumbering, and after the last card of a column. */
export const ORDER_STEP = 1024;
const MIN_GAP = 1e-9;

/** The key between two neighbours (null for the column's edge), or null when they are too close to split. */
export function orderBetween(before: number | null, after: number | null): number | null {
  if (before === null && after === null) return ORDER_STEP;
  if (before === null) return (after as number) - ORDER_STEP;
  if (after === null) return before + ORDER_STEP;
  const mid = (before + after) / 2;
  return after - before > MIN_GAP && mid > before && mid < after ? mid : null;
}

/** Which board: its table, the column that names the card's column, and the order-key column (raw SQL names). */
export interface BoardShape {
  table: SQL;
  column: SQL;
  order: SQL;
}

export const PROJECT_BOARD: BoardShape = {
  table: sql.raw('"projects"'),
  column: sql.raw('"stage"'),
  order: sql.raw('"board_order"'),
};
export const TASK_BOARD: BoardShape = {
  table: sql.raw('"tasks"'),
  column: sql.raw('"status"'),
  order: sql.raw('"sort_order"'),
};

async function neighbours(
  tx: Executor,
  b: BoardShape,
  businessId: string,
  column: string,
  cardId: string,
  index: number,
): Promise<[number | null, number | null]> {
  // The column as it will be without the moving card: its keys at index-1 and index.
  const from = Math.max(0, index - 1);
  const take = index === 0 ? 1 : 2;
  const result = await tx.execute(sql`
    SELECT ${b.order} AS k FROM ${b.table}
    WHERE business_id = ${businessId} AND ${b.column} = ${column} AND id <> ${cardId}
    ORDER BY ${b.order}, id OFFSET ${from} LIMIT ${take}`);
  const keys = resultRows<{ k: number | string }>(result).map((r) => Number(r.k));
  if (index === 0) return [null, keys[0] ?? null];
  if (keys.length === 0) {
    // Past the end of the column: after its last card (a column with no other card: its first place).
    const last = await tx.execute(sql`
      SELECT max(${b.order}) AS k FROM ${b.table}
      WHERE business_id = ${businessId} AND ${b.column} = ${column} AND id <> ${cardId}`);
    const k = resultRows<{ k: number | string | null }>(last)[0]?.k;
    return [k === null || k === undefined ? null : Number(k), null];
  }
  return [keys[0] ?? null, keys[1] ?? null];
}

/**
 * Renumbers a column ORDER_STEP apart in its current order (rare: only when a gap is exhausted). A card moving out
 * of the column meanwhile (under another column's lock) holds its row: the update waits for it and, finding it in
 * its new column, leaves its key alone (the condition on the column is checked again on the row as committed).
 */
async function renumber(tx: Executor, b: BoardShape, businessId: string, column: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${b.table} t SET ${b.order} = r.n * ${ORDER_STEP}
    FROM (SELECT id, row_number() OVER (ORDER BY ${b.order}, id) AS n FROM ${b.table}
          WHERE business_id = ${businessId} AND ${b.column} = ${column}) r
    WHERE t.id = r.id AND t.business_id = ${businessId} AND t.${b.column} = ${column}`);
}

/**
 * The order key for `cardId` placed at `index` (0 = top) of `column`; an index past the end places it last.
 * Call inside the transaction that holds the column's lock, then write the card's column and key.
 */
export async function orderForPosition(
  tx: Executor,
  b: BoardShape,
  businessId: string,
  column: string,
  cardId: string,
  index: number,
): Promise<number> {
  let [before, after] = await neighbours(tx, b, businessId, column, cardId, index);
  let key = orderBetween(before, after);
  if (key === null) {
    await renumber(tx, b, businessId, column);
    [before, after] = await neighbours(tx, b, businessId, column, cardId, index);
    key = orderBetween(before, after) as number;
  }
  return key;
}

/** The key that places a new card last in its column (under the column's lock). */
export async function orderAtEnd(tx: Executor, b: BoardShape, businessId: string, column: string): Promise<number> {
  const result = await tx.execute(sql`
    SELECT max(${b.order}) AS k FROM ${b.table} WHERE business_id = ${businessId} AND ${b.column} = ${column}`);
  const k = resultRows<{ k: number | string | null }>(result)[0]?.k;
  return k === null || k === undefined ? ORDER_STEP : Number(k) + ORDER_STEP;
}
