import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ListEnvelope } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { sampleUser, setTestSession } from '@atrium/api-client/testing';
import type { MemberRole } from '@atrium/contracts';
import type { Document, DocumentSummary, TaxRate } from '@atrium/domain-documents';

/** A document as GET /documents lists it; `i` varies the id and title. */
export function makeSummary(i: number, over: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    _id: `d${i}`,
    type: 'invoice',
    status: 'draft',
    title: `Document ${i}`,
    number: `INV-000${i}`,
    contactId: null,
    contact: null,
    projectId: null,
    project: null,
    isTemplate: false,
    templateId: null,
    currency: 'USD',
    total: 0,
    dueDate: null,
    expiresAt: null,
    sentAt: null,
    viewedAt: null,
    completedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** A complete document as GET /documents/{id} answers it. */
export function makeDocument(i: number, over: Partial<Document> = {}): Document {
  return {
    ...makeSummary(i),
    blocks: [],
    notes: null,
    lineItems: [],
    paymentSchedule: null,
    totals: null,
    signers: [],
    ...over,
  };
}

export const makeTaxRate = (id: string, name: string, rate: number): TaxRate => ({
  _id: id,
  name,
  rate,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

export const envelope = <T,>(rows: T[], total = rows.length, page = 1, limit = 20): ListEnvelope<T> => ({
  success: true,
  data: rows,
  pagination: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

/** Shows where the router is, for tests that follow a navigation. */
function Where() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/**
 * UI provider (test mode), a fresh query client without retries and a memory router at `path`; with `route`
 * the node is mounted on that pattern (so useParams sees its parameters) and the current location is shown
 * under data-testid="location".
 */
export function renderWithProviders(node: ReactNode, path = '/', route?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <UiProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            {route ? (
              <Routes>
                <Route path={route} element={node} />
                <Route path="*" element={null} />
              </Routes>
            ) : (
              node
            )}
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </UiProvider>,
    ),
  };
}

/** Signs a member of this role into the shared session store (the signatures pages read the role). */
export const signInAs = (role: MemberRole) =>
  setTestSession({ status: 'authenticated', user: { ...sampleUser, role } });
