import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { globalSearchKeys, useSearchBusEvents } from './search-events';

function mount() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useSearchBusEvents(), { wrapper }) };
}

describe('global search bus events', () => {
  it('forgets the recent searches of this browser after a sign-out', () => {
    localStorage.setItem('recentSearches', JSON.stringify(['ann']));
    const { unmount } = mount();
    bus.emit('auth:signed-out', {});
    expect(localStorage.getItem('recentSearches')).toBeNull();
    unmount();
    localStorage.setItem('recentSearches', JSON.stringify(['bob']));
    bus.emit('auth:signed-out', {});
    expect(localStorage.getItem('recentSearches')).not.toBeNull();
  });

  it('marks cached search results stale when an entity changes, and nothing else', () => {
    const { client } = mount();
    client.setQueryData(globalSearchKeys.term('ann', 'crm'), []);
    client.setQueryData(['businesses'], []);
    bus.emit('entity:changed', { entity: 'business', id: 'b1' });
    expect(client.getQueryState(globalSearchKeys.term('ann', 'crm'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['businesses'])?.isInvalidated).toBe(false);
  });
});
