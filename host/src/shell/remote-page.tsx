import { Suspense, lazy, useMemo, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary, PageSkeleton, retryImport } from '@atrium/ui/core';

const cache = new WeakMap<() => Promise<{ default: ComponentType }>, ComponentType>();

function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let page = cache.get(load);
  if (!page) {
    page = lazy(() => retryImport(load));
    cache.set(load, page);
  }
  return page;
}

/** A remote's page: lazy, with retries, inside an error boundary that resets on route change. */
export function RemotePage({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  const { pathname } = useLocation();
  const Page = useMemo(() => lazyPage(load), [load]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
