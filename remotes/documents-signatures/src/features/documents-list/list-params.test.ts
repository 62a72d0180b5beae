import { paramsFromUrl, patchUrl } from './list-params';

describe('documents list params', () => {
  it('reads search, type, status and page from the address bar, dropping unknown values', () => {
    expect(paramsFromUrl(new URLSearchParams('search=%20smith%20&type=invoice&status=sent&page=3'))).toEqual({
      page: 3,
      limit: 20,
      search: 'smith',
      type: 'invoice',
      status: 'sent',
      isTemplate: false,
    });
    expect(paramsFromUrl(new URLSearchParams('type=memo&status=lost&page=-2'))).toEqual({
      page: 1,
      limit: 20,
      search: undefined,
      type: undefined,
      status: undefined,
      isTemplate: false,
    });
  });

  it('lists templates with ?templates=1, without a status filter', () => {
    expect(paramsFromUrl(new URLSearchParams('templates=1&status=sent'))).toMatchObject({
      isTemplate: true,
      status: undefined,
    });
  });

  it('goes back to page 1 on any change but paging', () => {
    const url = new URLSearchParams('page=4&type=invoice');
    expect(patchUrl(url, { status: 'draft' }).toString()).toBe('type=invoice&status=draft');
    expect(patchUrl(url, { page: '5' }).toString()).toBe('page=5&type=invoice');
    expect(patchUrl(url, { type: null }).toString()).toBe('');
  });
});
