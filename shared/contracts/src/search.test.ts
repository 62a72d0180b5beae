import { addRecentSearch, orderSearchGroups, toSearchResult, type SearchGroup } from './search';

describe('global search rules', () => {
  it('names results by the spec rules', () => {
    expect(toSearchResult('contact', { _id: 'c1', name: 'Ada L' }).title).toBe('Ada L');
    expect(toSearchResult('contact', { id: 'c2', firstName: 'Ada', lastName: 'Lovelace' })).toEqual({
      type: 'contact',
      id: 'c2',
      title: 'Ada Lovelace',
    });
    expect(toSearchResult('contact', { _id: 'c3' }).title).toBe('Unnamed Contact');
    expect(toSearchResult('project', { _id: 'p1', title: 'Wedding', name: 'x' }).title).toBe('Wedding');
    expect(toSearchResult('task', { _id: 't1', name: 'Call back' }).title).toBe('Call back');
    expect(toSearchResult('task', { _id: 't2' }).title).toBe('Untitled');
  });

  it('keeps 5 recent searches, newest first, without duplicates or blanks', () => {
    let list: string[] = [];
    for (const t of ['a', 'b', ' ', 'c', 'a', 'd', 'e', 'f']) list = addRecentSearch(list, t);
    expect(list).toEqual(['f', 'e', 'd', 'a', 'c']);
    expect(addRecentSearch(['x'], '   ')).toEqual(['x']);
  });

  it('orders groups from every provider by order and drops empty ones', () => {
    const g = (key: string, order: number, n: number): SearchGroup => ({
      key,
      label: key,
      order,
      items: Array.from({ length: n }, (_, i) => ({ id: `${key}${i}`, title: key, href: `/${key}` })),
    });
    expect(
      orderSearchGroups([g('tasks', 30, 1), g('contacts', 20, 2), g('empty', 1, 0), g('projects', 10, 1)]).map(
        (x) => x.key,
      ),
    ).toEqual(['projects', 'contacts', 'tasks']);
  });
});
