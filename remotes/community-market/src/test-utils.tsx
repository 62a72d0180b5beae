import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import type {
  Community,
  CommunityEvent,
  Listing,
  ListingSummary,
  ModerationReview,
  Review,
  Transaction,
} from '@atrium/domain-market';

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

export function makeListingSummary(over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    _id: 'l1',
    title: 'Logo design',
    price: 12000,
    currency: 'USD',
    category: 'design',
    delivery: 'service',
    status: 'active',
    communityId: 'c1',
    communityName: 'Growth Hackers',
    sellerId: 'u1',
    sellerName: 'Ada Lovelace',
    imageUrl: null,
    rating: { average: null, count: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeListing(over: Partial<Listing> = {}): Listing {
  return {
    ...makeListingSummary(),
    description: 'Three rounds of sketches.',
    images: [],
    mine: false,
    checkout: { available: true, message: null },
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeTransaction(over: Partial<Transaction> = {}): Transaction {
  return {
    _id: 't1',
    listingId: 'l1',
    listingTitle: 'Logo design',
    delivery: 'service',
    sellerId: 'u1',
    sellerName: 'Ada Lovelace',
    buyerId: 'u2',
    buyerName: 'Grace Hopper',
    amount: 12000,
    amountRefunded: 0,
    currency: 'USD',
    status: 'paid',
    role: 'buyer',
    paidAt: '2026-02-01T10:00:00.000Z',
    refundedAt: null,
    disputedAt: null,
    createdAt: '2026-02-01T09:59:00.000Z',
    receipt: {
      number: 'MP-T1',
      issuedAt: '2026-02-01T10:00:00.000Z',
      sellerName: 'Ada Lovelace',
      sellerBusinessName: 'Analytical Engines',
      buyerName: 'Grace Hopper',
      description: 'Logo design',
      amount: 12000,
      amountRefunded: 0,
      currency: 'USD',
    },
    reviewId: null,
    canReview: true,
    ...over,
  };
}

export function makeReview(over: Partial<Review> = {}): Review {
  return {
    _id: 'r1',
    listingId: 'l1',
    listingTitle: 'Logo design',
    transactionId: 't1',
    authorId: 'u2',
    authorName: 'Grace Hopper',
    sellerId: 'u1',
    rating: 4,
    text: 'Quick and friendly.',
    answer: null,
    answeredAt: null,
    status: 'visible',
    reportCount: 0,
    reportedByMe: false,
    createdAt: '2026-02-02T00:00:00.000Z',
    ...over,
  };
}

export function makeModerationReview(over: Partial<ModerationReview> = {}): ModerationReview {
  return {
    ...makeReview({ reportCount: 1 }),
    communityId: 'c1',
    communityName: 'Growth Hackers',
    reports: [{ reason: 'Not about the service', reporterName: 'Alan Turing', createdAt: '2026-02-03T00:00:00.000Z' }],
    canModerate: true,
    ...over,
  };
}

/** A page of a paginated answer. */
export const pageOf = <T,>(data: T[]) => ({
  success: true as const,
  data,
  pagination: { total: data.length, page: 1, limit: 20, totalPages: 1 },
});

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
