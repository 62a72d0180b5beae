import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UiProvider } from '@atrium/ui';

/** A fresh query cache per test, without retries (a failure shows at once). */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders inside the UI provider, a query client and a memory router; `/signin` shows a marker so redirects can be seen. */
export function renderAt(path: string, element: ReactElement, routePath = path, queryClient = testQueryClient()) {
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/signin" element={<p>sign-in page</p>} />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}
