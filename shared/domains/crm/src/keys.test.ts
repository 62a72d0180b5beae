import { contactGroupKeys, contactImportKeys, contactKeys, contactTagKeys } from './keys';

/** TanStack Query matches keys by prefix: a key under `all` is refreshed when `all` is invalidated. */
const under = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));

describe('crm query keys', () => {
  it('every contact key starts with the entity, so one invalidation reaches lists, scroll pages, counts and one contact', () => {
    const params = { search: 'ann', page: 2 };
    for (const key of [
      contactKeys.list(params),
      contactKeys.scroll(params),
      contactKeys.count(params),
      contactKeys.one('c1'),
    ])
      expect(under(key, contactKeys.all)).toBe(true);
    expect(contactKeys.list(params)).toEqual(['contacts', 'list', params]);
    expect(contactKeys.one('c1')).toEqual(['contacts', 'one', 'c1']);
  });

  it('groups, tags and import jobs have their own roots, apart from contacts', () => {
    expect(under(contactGroupKeys.list({ page: 1 }), contactGroupKeys.all)).toBe(true);
    expect(under(contactGroupKeys.options, contactGroupKeys.all)).toBe(true);
    expect(under(contactTagKeys.list, contactTagKeys.all)).toBe(true);
    expect(under(contactTagKeys.options, contactTagKeys.all)).toBe(true);
    expect(under(contactImportKeys.job('j1'), contactImportKeys.all)).toBe(true);
    expect(under(contactGroupKeys.all, contactKeys.all)).toBe(false);
    expect(under(contactTagKeys.all, contactKeys.all)).toBe(false);
  });
});
