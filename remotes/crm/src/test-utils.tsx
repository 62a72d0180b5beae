import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ListEnvelope } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { contactGroups, type Contact, type ContactGroup } from '@atrium/domain-crm';

/** A complete contact as the API answers it; `i` varies names and email. */
export function makeContact(i: number, over: Partial<Contact> = {}): Contact {
  return {
    _id: `c${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    name: `First${i} Last${i}`,
    email: `p${i}@clients.test`,
    phone: null,
    phoneCode: null,
    phoneNumber: null,
    business: null,
    status: 'Active',
    jobTitle: null,
    industry: null,
    specialities: null,
    foundDate: null,
    lastContact: null,
    dateCreated: '2026-11-20T10:00:00.000Z',
    address: null,
    address2: null,
    city: null,
    state: null,
    zipCode: null,
    country: null,
    linkedin: null,
    x: null,
    instagram: null,
    facebook: null,
    blog: null,
    youtube: null,
    tiktok: null,
    other: null,
    notes: null,
    groupIds: [],
    tags: [],
    ...over,
  };
}

export const envelope = (rows: Contact[], total = rows.length, page = 1, limit = 20): ListEnvelope<Contact> => ({
  success: true,
  data: rows,
  pagination: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

/** UI provider (test mode), a fresh query client and, when a path is given, a memory router. */
export function renderWithProviders(node: ReactNode, path?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        {path ? <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter> : node}
      </QueryClientProvider>
    </UiProvider>,
  );
}

/** GET /contact-groups answers these groups, as one page (a spy: restored by jest.restoreAllMocks). */
export function serveGroups(groups: Partial<ContactGroup>[]) {
  return jest.spyOn(contactGroups, 'list').mockResolvedValue({
    success: true,
    data: groups as ContactGroup[],
    pagination: { total: groups.length, page: 1, limit: 100, hasNextPage: false },
  });
}
