import { activeFilterCount, nextSort, paramsFromUrl, patchUrl } from './list-params';

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
