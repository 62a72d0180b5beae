import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import type { Community, CommunityEvent } from '@atrium/domain-market';

export function makeCommunity(over: Partial<Community> = {}): Community {
  return {
    _id: 'c1',
    name: 'Growth Hackers',
    description: 'People who grow things',
    visibility: 'public',
    coverUrl: null,
    memberCount: 2,
    myRole: null,
    myStatus: null,
    createdBy: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeEvent(over: Partial<CommunityEvent> = {}): CommunityEvent {
  return {
    _id: 'e1',
    communityId: 'c1',
    communityName: 'Growth Hackers',
    title: 'Launch night',
    description: '',
    startsAt: '2030-03-01T17:00:00.000Z',
    endsAt: '2030-03-01T20:00:00.000Z',
    timeZone: 'Europe/Paris',
    mode: 'online',
    onlineUrl: 'https://meet.example.com/launch',
    place: null,
    capacity: 1,
    goingCount: 0,
    waitlistCount: 0,
    myRsvp: null,
    createdBy: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Every toast raised until the returned stop() is called. */
export function collectToasts() {
  const toasts: Toast[] = [];
  const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  return { toasts, messages: () => toasts.map((t) => t.message), stop: () => sub.unsubscribe() };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** UI provider (test mode), a fresh query client and a memory router at `path` with the given routes. */
export function renderRoutes(path: string, routes: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {Object.entries(routes).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}
