import type { InfiniteData } from '@tanstack/react-query';
import type { ListEnvelope } from '@atrium/contracts';
import type { Project, ProjectStage } from '@atrium/domain-work';

/** Cards a column asks the server for at a time ("Show more" asks for the next page). */
export const BOARD_PAGE_SIZE = 50;

export type Edge = 'top' | 'bottom';
export type ColumnData = InfiniteData<ListEnvelope<Project>, unknown>;

/** Which half of a card the pointer is over: the card's rect against the pointer's clientY. */
export function edgeOf(clientY: number, rect: { top: number; height: number }): Edge {
  return clientY < rect.top + rect.height / 2 ? 'top' : 'bottom';
}

/**
 * The position (0 = top) a card takes in the target column, counted without the card itself, as the server
 * reads `order`: dropped on a card's top half it goes before that card, on the bottom half after it; dropped on
 * the column's free space it goes last (after the cards loaded). Null when the drop changes nothing.
 */
export function dropIndex(drop: {
  sourceStage: ProjectStage;
  sourceIndex: number;
  targetStage: ProjectStage;
  /** The card dropped on (its index in the target column), or undefined for the column's free space. */
  targetIndex?: number;
  edge?: Edge;
  /** Cards loaded in the target column (the moving card included when it is the same column). */
  columnLength: number;
}): number | null {
  const same = drop.sourceStage === drop.targetStage;
  let index = drop.targetIndex === undefined ? drop.columnLength : drop.targetIndex + (drop.edge === 'bottom' ? 1 : 0);
  if (same && drop.sourceIndex < index) index -= 1;
  if (same && index === drop.sourceIndex) return null;
  return Math.max(0, index);
}

/** The loaded cards of a column, in order (a card the server moved between pages is shown once). */
export function columnCards(data: ColumnData | undefined): Project[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Project[] = [];
  for (const page of data.pages)
    for (const p of page.data)
      if (!seen.has(p._id)) {
        seen.add(p._id);
        out.push(p);
      }
  return out;
}

export const columnTotal = (data: ColumnData | undefined) => data?.pages[0]?.pagination.total ?? 0;

/** Puts `cards` back into the pages' shape (each page keeps its length; the last one takes the difference). */
function withCards(data: ColumnData, cards: Project[], totalDelta: number): ColumnData {
  let at = 0;
  const pages = data.pages.map((page, i) => {
    const take = i === data.pages.length - 1 ? cards.length - at : Math.min(page.data.length, cards.length - at);
    const slice = cards.slice(at, at + Math.max(0, take));
    at += slice.length;
    return { ...page, data: slice, pagination: { ...page.pagination, total: page.pagination.total + totalDelta } };
  });
  return { ...data, pages };
}

/**
 * A move as the board shows it before the server answers: the card leaves its column and enters the target
 * column at `index` (columns' totals follow). Answers the new data of the two columns (one when it is the same).
 */
export function applyMove(
  source: ColumnData,
  target: ColumnData | undefined,
  move: { id: string; stage: ProjectStage; index: number },
): { source: ColumnData; target?: ColumnData } {
  const cards = columnCards(source);
  const card = cards.find((c) => c._id === move.id);
  if (!card) return { source, target };
  const moved = { ...card, stage: move.stage };
  const rest = cards.filter((c) => c._id !== move.id);
  if (card.stage === move.stage) {
    rest.splice(Math.min(move.index, rest.length), 0, moved);
    return { source: withCards(source, rest, 0) };
  }
  const out: { source: ColumnData; target?: ColumnData } = { source: withCards(source, rest, -1) };
  if (target) {
    const into = columnCards(target).filter((c) => c._id !== move.id);
    into.splice(Math.min(move.index, into.length), 0, moved);
    out.target = withCards(target, into, 1);
  }
  return out;
}
