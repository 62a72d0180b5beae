import { act, renderHook } from '@testing-library/react';
import { useListSelection } from './use-list-selection';

describe('useListSelection', () => {
  it('picks and drops rows, keeps them across pages and sorting, and drops them all for a new search', () => {
    const { result, rerender } = renderHook(({ params }) => useListSelection(params), {
      initialProps: { params: { page: 1, search: 'a' } as { page?: number; sortBy?: string; search?: string } },
    });
    act(() => result.current.select(['1', '2', '3'], true));
    act(() => result.current.select(['2'], false));
    expect([...result.current.selected]).toEqual(['1', '3']);
    rerender({ params: { page: 2, sortBy: 'title', search: 'a' } });
    expect(result.current.selected.size).toBe(2);
    rerender({ params: { page: 2, sortBy: 'title', search: 'b' } });
    expect(result.current.selected.size).toBe(0);
    act(() => result.current.select(['4'], true));
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });
});
