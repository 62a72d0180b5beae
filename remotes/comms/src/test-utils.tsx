import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UiProvider } from '@atrium/ui';
import type { Notification } from '@atrium/domain-comms';

/** A notification as the API answers it; `i` varies the id and texts. */
export function makeNotification(i: number, over: Partial<Notification> = {}): Notification {
  return {
    _id: `n${i}`,
    type: 'CONTACT_CREATED',
    title: `Title ${i}`,
    message: `Message ${i}`,
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: {},
    ...over,
  };
}

export const page = (rows: Notification[]) => ({
  success: true as const,
  data: rows,
  pagination: { total: rows.length, page: 1, limit: 20, totalPages: 1 },
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** UI provider (test mode), a fresh query client and a memory router at `path` that shows where it went. */
export function renderWithProviders(node: ReactNode, path = '/contacts') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {node}
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
  return { ...utils, client };
}
