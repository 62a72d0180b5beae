import {
  completeGroups,
  countActiveFilters,
  filterGroupsFromUrl,
  nextSort,
  setUrlKeys,
  sortOrderFromUrl,
} from './list-params';

describe('list params', () => {
  it('reads the filter groups, bad JSON or shapes as none', () => {
    expect(filterGroupsFromUrl(new URLSearchParams())).toEqual([]);
    expect(filterGroupsFromUrl(new URLSearchParams('filters=%7Bnope'))).toEqual([]);
    expect(filterGroupsFromUrl(new URLSearchParams('filters=42'))).toEqual([]);
    const groups = [{ combinator: 'AND', conditions: [{ field: 'title', operator: 'contains', value: 'x' }] }];
    const read = filterGroupsFromUrl(new URLSearchParams({ filters: JSON.stringify(groups) }));
    expect(read).toHaveLength(1);
    expect(read[0]?.conditions[0]).toMatchObject({ field: 'title', operator: 'contains', value: 'x' });
  });

  it('keeps only complete conditions and non-empty groups', () => {
    const groups = filterGroupsFromUrl(
      new URLSearchParams({
        filters: JSON.stringify([
          { combinator: 'AND', conditions: [{ field: 'title', operator: 'contains', value: '' }] },
          {
            combinator: 'OR',
            conditions: [
              { field: 'title', operator: 'isEmpty', value: null },
              { field: 'title', operator: 'eq', value: '' },
            ],
          },
        ]),
      }),
    );
    const complete = completeGroups(groups);
    expect(complete).toHaveLength(1);
    expect(complete[0]?.conditions.map((c) => c.operator)).toEqual(['isEmpty']);
  });

  it('reads the sort order', () => {
    expect(sortOrderFromUrl('asc')).toBe('asc');
    expect(sortOrderFromUrl('desc')).toBe('desc');
    expect(sortOrderFromUrl('up')).toBeUndefined();
    expect(sortOrderFromUrl(null)).toBeUndefined();
  });

  it('counts set keys, non-empty lists and every condition', () => {
    const params = { a: 'x', b: undefined, c: [] as string[], d: ['1'], filters: [{ conditions: [1, 2] }] };
    expect(countActiveFilters(params, ['a', 'b', 'c', 'd'])).toBe(4);
    expect(countActiveFilters({ a: undefined } as { a?: string; filters?: [] }, ['a'])).toBe(0);
  });

  it('sets and clears keys on a copy', () => {
    const p = new URLSearchParams('search=x&page=3');
    const next = setUrlKeys(p, { search: null, tags: ['a', 'b'], hasGroups: false, status: '', page: '2' });
    expect(next.toString()).toBe('page=2&tags=a%2Cb&hasGroups=false');
    expect(p.toString()).toBe('search=x&page=3');
  });

  it('cycles a column: ascending, descending, default', () => {
    expect(nextSort({}, 'title')).toEqual({ sortBy: 'title', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'asc' }, 'title')).toEqual({ sortBy: 'title', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'title')).toEqual({ sortBy: null, sortOrder: null });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'dueDate')).toEqual({
      sortBy: 'dueDate',
      sortOrder: 'asc',
    });
  });
});
