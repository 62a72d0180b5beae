import { envelope, makeProject } from '../../test-utils';
import { applyMove, columnCards, columnTotal, dropIndex, edgeOf, type ColumnData } from './board-moves';

const column = (pages: ReturnType<typeof makeProject>[][], total?: number): ColumnData => ({
  pages: pages.map((rows, i) => envelope(rows, total ?? pages.flat().length, i + 1, 2)),
  pageParams: pages.map((_, i) => i + 1),
});

describe('edgeOf', () => {
  it("answers the card's half the pointer is over", () => {
    expect(edgeOf(105, { top: 100, height: 40 })).toBe('top');
    expect(edgeOf(125, { top: 100, height: 40 })).toBe('bottom');
  });
});

describe('dropIndex', () => {
  it('puts a card above or below the card dropped on, in another column', () => {
    const base = { sourceStage: 'planning', sourceIndex: 3, targetStage: 'review', columnLength: 5 } as const;
    expect(dropIndex({ ...base, targetIndex: 2, edge: 'top' })).toBe(2);
    expect(dropIndex({ ...base, targetIndex: 2, edge: 'bottom' })).toBe(3);
    expect(dropIndex({ ...base })).toBe(5);
  });

  it('counts without the moving card within its own column, and answers null for no change', () => {
    const base = { sourceStage: 'planning', targetStage: 'planning', columnLength: 5 } as const;
    // Card 1 dropped below card 3 lands at index 3 of the column without it.
    expect(dropIndex({ ...base, sourceIndex: 1, targetIndex: 3, edge: 'bottom' })).toBe(3);
    // Card 4 dropped above card 0 becomes the first.
    expect(dropIndex({ ...base, sourceIndex: 4, targetIndex: 0, edge: 'top' })).toBe(0);
    // Dropping right above the next card, or below the previous one, changes nothing.
    expect(dropIndex({ ...base, sourceIndex: 2, targetIndex: 3, edge: 'top' })).toBeNull();
    expect(dropIndex({ ...base, sourceIndex: 2, targetIndex: 1, edge: 'bottom' })).toBeNull();
    // The free space of its own column: last.
    expect(dropIndex({ ...base, sourceIndex: 0 })).toBe(4);
    expect(dropIndex({ ...base, sourceIndex: 4 })).toBeNull();
  });
});

describe('applyMove', () => {
  const [a, b, c, d] = [1, 2, 3, 4].map((i) => makeProject(i));

  it('reorders within a column, keeping the pages and the total', () => {
    const next = applyMove(column([[a!, b!], [c!]]), undefined, { id: 'p3', stage: 'planning', index: 0 });
    expect(columnCards(next.source).map((p) => p._id)).toEqual(['p3', 'p1', 'p2']);
    expect(next.source.pages.map((p) => p.data.length)).toEqual([2, 1]);
    expect(columnTotal(next.source)).toBe(3);
    expect(next.target).toBeUndefined();
  });

  it('moves a card to another column at the index, with its stage, and moves the totals', () => {
    const target = column([[{ ...d!, stage: 'review' }]], 7);
    const next = applyMove(column([[a!, b!]], 2), target, { id: 'p2', stage: 'review', index: 1 });
    expect(columnCards(next.source).map((p) => p._id)).toEqual(['p1']);
    expect(columnTotal(next.source)).toBe(1);
    expect(columnCards(next.target).map((p) => [p._id, p.stage])).toEqual([
      ['p4', 'review'],
      ['p2', 'review'],
    ]);
    expect(columnTotal(next.target)).toBe(8);
  });

  it('changes nothing for a card the column does not hold', () => {
    const source = column([[a!]]);
    expect(applyMove(source, undefined, { id: 'zz', stage: 'review', index: 0 }).source).toBe(source);
  });
});
