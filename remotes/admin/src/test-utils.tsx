import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setTestSession } from '@atrium/api-client/testing';
import type { MemberRole, User } from '@atrium/contracts';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import { sampleUser } from '@atrium/contracts/src/testing';
import type { Business, BusinessMember } from '@atrium/domain-admin';

export function makeUser(over: Partial<User> = {}): User {
  return { ...sampleUser, createdAt: '2026-01-01T00:00:00.000Z', ...over };
}

export function member(userId: string, role: MemberRole, first: string, email: string): BusinessMember {
  return {
    id: `m-${userId}`,
    businessId: 'b1',
    userId,
    role,
    user: { _id: userId, email, firstName: first, lastName: 'Test' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export function makeBusiness(over: Partial<Business> = {}): Business {
  return {
    _id: 'b1',
    id: 'b1',
    name: 'Analytical Engines',
    logo: null,
    hasLogo: false,
    typography: { headingFont: 'Inter', bodyFont: 'Inter' },
    settings: {
      allowMemberInvites: true,
      defaultRole: 'member',
      features: { tasks: true, calendar: true, files: true, chat: true },
      notifications: { integrations: true },
    },
    type: null,
    slug: 'analytical-engines',
    subscriptionTier: 'free',
    status: 'active',
    colors: { primary: '#12b886', secondary: '#228be6' },
    members: [
      member('u1', 'owner', 'Ada', 'ada@example.com'),
      member('u2', 'admin', 'Grace', 'grace@example.com'),
      member('u3', 'member', 'Alan', 'alan@example.com'),
    ],
    ...over,
  };
}

/** Signs the given user into the shared session store. */
export function signIn(user: User = makeUser()) {
  setTestSession({ user: user, status: 'authenticated' });
}

/** Every toast raised until the returned stop() is called. */
export function collectToasts() {
  const toasts: Toast[] = [];
  const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
  return {
    toasts,
    errors: () => toasts.filter((t) => t.type === 'error').map((t) => t.message),
    stop: () => sub.unsubscribe(),
  };
}

/** Shows where the router is (path + query), for navigation asserts. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** UI provider (test mode), a fresh query client and a memory router at `path` with the given routes. */
export function renderRoutes(path: string, routes: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
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
  return { ...utils, client };
}
