import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bus } from '@atrium/event-bus';
import { clearRecent } from './recent-searches';

/** The host's own query keys for global search: every search sits under `all`. */
export const globalSearchKeys = {
  all: ['global-search'] as const,
  /** One search: the term and the remotes whose providers answered it. */
  term: (term: string, remotes: string) => ['global-search', term, remotes] as const,
};

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
      .subscribe(() => void queryClient.invalidateQueries({ queryKey: globalSearchKeys.all }));
    return () => {
      out.unsubscribe();
      changed.unsubscribe();
    };
  }, [queryClient]);
}
