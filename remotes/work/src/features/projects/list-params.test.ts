import { activeFilterCount, nextSort, paramsFromUrl, patchUrl, viewFromUrl } from './list-params';

describe('projects list parameters', () => {
  it('reads the address bar: page, search, stage, type, dates, sort and complete filter groups', () => {
    const filters = JSON.stringify([
      {
        combinator: 'AND',
        conditions: [
          { field: 'title', operator: 'contains', value: 'kitchen' },
          { field: 'type', operator: 'eq', value: '' },
        ],
      },
    ]);
    const p = paramsFromUrl(
      new URLSearchParams({
        page: '3',
        search: ' smith ',
        stage: 'review',
        type: 'Wedding',
        startDate: '2026-01-01',
        dueDate: 'soon',
        sortBy: 'title',
        sortOrder: 'desc',
        filters,
      }),
    );
    expect(p).toEqual({
      page: 3,
      limit: 20,
      search: 'smith',
      stage: 'review',
      type: 'Wedding',
      startDate: '2026-01-01',
      dueDate: undefined,
      sortBy: 'title',
      sortOrder: 'desc',
      filters: [{ combinator: 'AND', conditions: [{ field: 'title', operator: 'contains', value: 'kitchen' }] }],
    });
    expect(activeFilterCount(p)).toBe(4);
  });

  it('ignores what it does not know (a bad stage, the board order as a table sort, bad JSON)', () => {
    const p = paramsFromUrl(new URLSearchParams({ stage: 'done', sortBy: 'board', filters: '{', page: '-2' }));
    expect(p.stage).toBeUndefined();
    expect(p.sortBy).toBeUndefined();
    expect(p.filters).toBeUndefined();
    expect(p.page).toBe(1);
  });

  it('remembers the view, and a change other than paging or the view goes back to page 1', () => {
    expect(viewFromUrl(new URLSearchParams('view=board'))).toBe('board');
    expect(viewFromUrl(new URLSearchParams(''))).toBe('table');
    const u = new URLSearchParams('page=4&view=board');
    expect(patchUrl(u, { stage: 'review' }).toString()).toBe('view=board&stage=review');
    expect(patchUrl(u, { view: null }).toString()).toBe('page=4');
  });

  it('sorts ascending, then descending, then back to the default', () => {
    expect(nextSort({}, 'title')).toEqual({ sortBy: 'title', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'asc' }, 'title')).toEqual({ sortBy: 'title', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'title')).toEqual({ sortBy: null, sortOrder: null });
  });
});
