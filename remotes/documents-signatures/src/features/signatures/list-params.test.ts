import { workflowParamsFromUrl } from './list-params';

describe('workflowParamsFromUrl', () => {
  it('reads status, search and page, and ignores what is not one of them', () => {
    expect(workflowParamsFromUrl(new URLSearchParams('status=completed&search= lease &page=3'))).toEqual({
      page: 3,
      limit: 20,
      search: 'lease',
      status: 'completed',
    });
    expect(workflowParamsFromUrl(new URLSearchParams('status=bogus&page=-2&search=%20'))).toEqual({
      page: 1,
      limit: 20,
      search: undefined,
      status: undefined,
    });
    expect(workflowParamsFromUrl(new URLSearchParams('page=x')).page).toBe(1);
  });
});
