import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { clearRecent } from './recent-searches';

/** The query key prefix of every global search. */
export const GLOBAL_SEARCH_KEY = 'global-search';

/**
 * Mounted once by the app. After a sign-out this browser forgets its recent searches (they are the last
 * user's words); when any app says an entity changed, cached search results are refreshed on next use.
 */
export function useSearchBusEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const out = bus.on('auth:signed-out').subscribe(() => clearRecent());
    const changed = bus
      .on('entity:changed')
      .subscribe(() => void queryClient.invalidateQueries({ queryKey: [GLOBAL_SEARCH_KEY] }));
    return () => {
      out.unsubscribe();
      changed.unsubscribe();
    };
  }, [queryClient]);
}
