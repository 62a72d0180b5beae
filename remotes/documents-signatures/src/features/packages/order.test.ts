import { moveItem } from './order';

describe('moveItem', () => {
  it('moves up, down and to any place, leaving the input alone', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
  it('clamps at the ends and ignores an unknown index', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 3, 0)).toEqual(['a', 'b']);
  });
});
