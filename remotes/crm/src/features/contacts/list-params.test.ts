import { activeFilterCount, filterGroupsFromUrl, nextSort, paramsFromUrl, patchUrl } from './list-params';

describe('contacts list params', () => {
  it('reads every filter from the address and ignores unknown values', () => {
    const p = paramsFromUrl(
      new URLSearchParams(
        'page=3&search=ann&status=Inactive&groupIds=g1,g2&tags=t1&hasGroups=true&dateCreatedFrom=2026-01-01&sortBy=email&sortOrder=desc',
      ),
    );
    expect(p).toMatchObject({
      page: 3,
      limit: 20,
      search: 'ann',
      status: 'Inactive',
      groupIds: ['g1', 'g2'],
      tags: ['t1'],
      hasGroups: true,
      dateCreatedFrom: '2026-01-01',
      sortBy: 'email',
      sortOrder: 'desc',
    });
    expect(paramsFromUrl(new URLSearchParams('status=Gone&sortBy=password&page=-2'))).toMatchObject({
      page: 1,
      status: undefined,
      sortBy: undefined,
    });
  });

  it('counts active filters', () => {
    expect(activeFilterCount(paramsFromUrl(new URLSearchParams('status=Active&groupIds=g1&search=x')))).toBe(2);
    expect(activeFilterCount(paramsFromUrl(new URLSearchParams('')))).toBe(0);
  });

  it('patches the address and goes back to page 1 unless paging', () => {
    const base = new URLSearchParams('page=4&status=Active');
    expect(patchUrl(base, { groupIds: ['a', 'b'] }).toString()).toBe('status=Active&groupIds=a%2Cb');
    expect(patchUrl(base, { status: null }).toString()).toBe('');
    expect(patchUrl(base, { page: '5' }).toString()).toBe('page=5&status=Active');
  });

  it('cycles a column sort asc → desc → default', () => {
    expect(nextSort({}, 'email')).toEqual({ sortBy: 'email', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'email', sortOrder: 'asc' }, 'email')).toEqual({ sortBy: 'email', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'email', sortOrder: 'desc' }, 'email')).toEqual({ sortBy: null, sortOrder: null });
  });
});

describe('advanced filter groups in the address', () => {
  it('keeps the edited groups but sends only complete conditions and non-empty groups', () => {
    const groups = [
      {
        id: 'g1',
        combinator: 'OR',
        conditions: [
          { id: 'a', field: 'firstName', operator: 'contains', value: 'an' },
          { id: 'b', field: 'email', operator: 'eq', value: null },
        ],
      },
      { id: 'g2', combinator: 'AND', conditions: [{ id: 'c', field: 'city', operator: 'eq', value: '' }] },
    ];
    const url = new URLSearchParams({ filters: JSON.stringify(groups) });
    expect(filterGroupsFromUrl(url)).toHaveLength(2);
    expect(paramsFromUrl(url).filters).toEqual([
      { id: 'g1', combinator: 'OR', conditions: [{ id: 'a', field: 'firstName', operator: 'contains', value: 'an' }] },
    ]);
    expect(activeFilterCount(paramsFromUrl(url))).toBe(1);
  });

  it('treats malformed filters as none', () => {
    expect(filterGroupsFromUrl(new URLSearchParams('filters=%7Bnope'))).toEqual([]);
    expect(filterGroupsFromUrl(new URLSearchParams({ filters: '[{"conditions":"x"}]' }))).toEqual([]);
  });
});
