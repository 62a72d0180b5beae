import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@atrium/contracts';
import { useUrlSearch } from './use-url-search';

describe('useUrlSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes what is typed (trimmed) after the debounce, and takes a change from the address bar', () => {
    const write = jest.fn();
    const { result, rerender } = renderHook(({ url }) => useUrlSearch(url, write), { initialProps: { url: 'ada' } });
    expect(result.current[0]).toBe('ada');
    act(() => result.current[1](' grace '));
    expect(result.current[0]).toBe(' grace ');
    expect(write).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(write).toHaveBeenCalledWith('grace');
    rerender({ url: 'grace' });
    expect(result.current[0]).toBe(' grace ');
    rerender({ url: 'linus' });
    expect(result.current[0]).toBe('linus');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(write).toHaveBeenCalledTimes(1);
  });
});
