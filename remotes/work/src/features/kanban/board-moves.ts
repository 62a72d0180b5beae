import type { InfiniteData } from '@tanstack/react-query';
import type { KanbanTotals, Task, TaskListAnswer, TaskStatus } from '@atrium/domain-work';

export type Edge = 'top' | 'bottom';

/** Which half of a card the pointer is over (the hitbox package is not installed: the card's rect decides). */
export function edgeOf(clientY: number, rect: { top: number; height: number }): Edge {
  return clientY < rect.top + rect.height / 2 ? 'top' : 'bottom';
}

/**
 * The position sent as taskOrder: an index in the target column *without* the moving card (the server's rule,
 * db/board-order.ts). Dropped on a card's top half → that card's place; bottom half → after it. Within one
 * column, a card moving down frees its old place, so the index shrinks by one.
 */
export function dropIndex(move: {
  fromStatus: TaskStatus;
  fromIndex: number;
  toStatus: TaskStatus;
  /** The card dropped on; undefined when dropped on the column itself (→ the end). */
  overIndex?: number;
  edge?: Edge;
  /** How many cards the target column holds (including the moving one when it is the same column). */
  columnSize: number;
}): number {
  const same = move.fromStatus === move.toStatus;
  if (move.overIndex === undefined) return same ? move.columnSize - 1 : move.columnSize;
  const raw = move.edge === 'bottom' ? move.overIndex + 1 : move.overIndex;
  return same && move.fromIndex < raw ? raw - 1 : raw;
}

/** True when a move changes nothing (dropped on itself, or next to itself on the side it already is). */
export function isNoop(fromStatus: TaskStatus, fromIndex: number, toStatus: TaskStatus, index: number): boolean {
  return fromStatus === toStatus && fromIndex === index;
}

type Pages = InfiniteData<TaskListAnswer, number>;

/** The column's cards, page after page. */
export const cardsOf = (data: InfiniteData<TaskListAnswer, unknown> | undefined): Task[] =>
  data?.pages.flatMap((p) => p.data.tasks) ?? [];

/** The same pages holding `cards` (each page keeps its size; the last one takes what is left over). */
function repage(data: Pages, cards: Task[], totalDelta: number): Pages {
  let at = 0;
  const pages = data.pages.map((p, i) => {
    const size = i === data.pages.length - 1 ? cards.length - at : p.data.tasks.length;
    const slice = cards.slice(at, at + Math.max(0, size));
    at += slice.length;
    const total = Math.max(0, p.data.pagination.total + totalDelta);
    return { ...p, data: { ...p.data, tasks: slice, pagination: { ...p.data.pagination, total } } };
  });
  return { ...data, pages };
}

/** The source column without the card. */
export function withoutCard(data: Pages | undefined, id: string): Pages | undefined {
  if (!data) return data;
  const cards = cardsOf(data);
  if (!cards.some((c) => c._id === id)) return data;
  return repage(
    data,
    cards.filter((c) => c._id !== id),
    -1,
  );
}

/**
 * The target column with the card at `index` (of the column without it). A card placed beyond what is loaded
 * of a column with more pages is left out: it shows when that page is loaded.
 */
export function withCard(data: Pages | undefined, card: Task, index: number, sameColumn: boolean): Pages | undefined {
  if (!data) return data;
  const cards = cardsOf(data).filter((c) => c._id !== card._id);
  const last = data.pages[data.pages.length - 1];
  const complete = !last || last.data.pagination.page >= last.data.pagination.totalPages;
  const at = Math.min(index, cards.length);
  const delta = sameColumn ? 0 : 1;
  if (index > cards.length || (index === cards.length && !complete)) return repage(data, cards, delta);
  return repage(data, [...cards.slice(0, at), card, ...cards.slice(at)], delta);
}

/** The totals after a card changed column. */
export function movedTotals(t: KanbanTotals | undefined, from: TaskStatus, to: TaskStatus): KanbanTotals | undefined {
  if (!t || from === to) return t;
  return { ...t, [from]: Math.max(0, t[from] - 1), [to]: t[to] + 1 };
}
