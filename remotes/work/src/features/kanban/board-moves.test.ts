import type { InfiniteData } from '@tanstack/react-query';
import type { TaskListAnswer } from '@atrium/domain-work';
import { makeTask, taskAnswer } from '../../test-utils';
import { cardsOf, dropIndex, edgeOf, movedTotals, withCard, withoutCard } from './board-moves';

const pages = (ids: number[][], total: number, complete: boolean): InfiniteData<TaskListAnswer, number> => ({
  pages: ids
    .map((row, i) =>
      taskAnswer(
        row.map((n) => makeTask(n)),
        total,
        i + 1,
        2,
      ),
    )
    .map((p, i, all) => ({
      ...p,
      data: {
        ...p.data,
        pagination: { ...p.data.pagination, totalPages: complete ? all.length : all.length + 1, page: i + 1 },
      },
    })),
  pageParams: ids.map((_, i) => i + 1),
});

describe('board moves', () => {
  it('takes the card’s half under the pointer', () => {
    expect(edgeOf(110, { top: 100, height: 40 })).toBe('top');
    expect(edgeOf(121, { top: 100, height: 40 })).toBe('bottom');
  });

  it('computes the index of the column without the moving card', () => {
    // Into another column: above card 2 → 2; below it → 3; on the column → its end.
    expect(
      dropIndex({ fromStatus: 'todo', fromIndex: 0, toStatus: 'blocked', overIndex: 2, edge: 'top', columnSize: 5 }),
    ).toBe(2);
    expect(
      dropIndex({ fromStatus: 'todo', fromIndex: 0, toStatus: 'blocked', overIndex: 2, edge: 'bottom', columnSize: 5 }),
    ).toBe(3);
    expect(dropIndex({ fromStatus: 'todo', fromIndex: 0, toStatus: 'blocked', columnSize: 5 })).toBe(5);
    // Down the same column: card 1 dropped below card 3 lands at 3 (its old place is freed).
    expect(
      dropIndex({ fromStatus: 'todo', fromIndex: 1, toStatus: 'todo', overIndex: 3, edge: 'bottom', columnSize: 5 }),
    ).toBe(3);
    // Up the same column: card 4 dropped above card 1 → 1.
    expect(
      dropIndex({ fromStatus: 'todo', fromIndex: 4, toStatus: 'todo', overIndex: 1, edge: 'top', columnSize: 5 }),
    ).toBe(1);
    // On its own column's empty space → the last place.
    expect(dropIndex({ fromStatus: 'todo', fromIndex: 1, toStatus: 'todo', columnSize: 5 })).toBe(4);
  });

  it('takes a card out of one column and into another at its place, keeping page sizes', () => {
    const from = pages([[1, 2], [3]], 3, true);
    const to = pages([[4, 5], [6]], 3, true);
    const out = withoutCard(from, 't2')!;
    expect(cardsOf(out).map((t) => t._id)).toEqual(['t1', 't3']);
    expect(out.pages[0]!.data.pagination.total).toBe(2);
    const moved = withCard(to, makeTask(2, { status: 'blocked' }), 1, false)!;
    expect(cardsOf(moved).map((t) => t._id)).toEqual(['t4', 't2', 't5', 't6']);
    expect(moved.pages.map((p) => p.data.tasks.length)).toEqual([2, 2]);
    expect(moved.pages[0]!.data.pagination.total).toBe(4);
  });

  it('reorders within a column, and leaves out a card placed past what is loaded', () => {
    const col = pages(
      [
        [1, 2],
        [3, 4],
      ],
      4,
      true,
    );
    expect(cardsOf(withCard(col, makeTask(4), 0, true)).map((t) => t._id)).toEqual(['t4', 't1', 't2', 't3']);
    const partial = pages([[1, 2]], 10, false);
    expect(cardsOf(withCard(partial, makeTask(9), 2, false)).map((t) => t._id)).toEqual(['t1', 't2']);
    expect(cardsOf(withCard(partial, makeTask(9), 1, false)).map((t) => t._id)).toEqual(['t1', 't9', 't2']);
  });

  it('moves one from the source total to the target total', () => {
    const t = { todo: 3, in_progress: 1, blocked: 0, completed: 2, total: 6 };
    expect(movedTotals(t, 'todo', 'blocked')).toEqual({ ...t, todo: 2, blocked: 1 });
    expect(movedTotals(t, 'todo', 'todo')).toBe(t);
  });
});
