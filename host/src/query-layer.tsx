import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { QUERY_RETRY } from '@atrium/contracts';
import { BusinessSync } from './shell/businesses';
import { useSearchBusEvents } from './shell/search/search-events';

/**
 * The page's one query client, made when this layer first loads: the signed-in area and remotes' public pages
 * sit inside it, the sign-in pages do not, so /signin downloads no TanStack Query (docs/architecture.md).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: QUERY_RETRY, refetchOnWindowFocus: false } },
});

let mounted = 0;
const identityKey = (u: { id: string; businessId?: string | null } | null) => (u ? `${u.id}|${u.businessId}` : null);
let seen = identityKey(sessionView.user);
// While the layer is mounted BusinessSync keeps the cache in step with the session. Away from it (back on
// /signin) a sign-out or another user's sign-in must still drop what the last user's pages cached.
subscribe(sessionView, () => {
  const next = identityKey(sessionView.user);
  if (next === seen) return;
  const was = seen;
  seen = next;
  if (mounted > 0 || was === null) return;
  if (next === null) queryClient.removeQueries();
  else void queryClient.resetQueries();
});

function SearchBusEvents() {
  useSearchBusEvents();
  return null;
}

/** Layout route: the query client, the business sync and the global search's bus events around its pages. */
export function QueryLayer() {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BusinessSync />
      <SearchBusEvents />
      <Outlet />
    </QueryClientProvider>
  );
}
