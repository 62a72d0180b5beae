import { addRecentSearch, toSearchResult } from './search';

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
});
