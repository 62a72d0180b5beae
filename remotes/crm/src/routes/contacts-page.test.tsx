import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, contacts } from '@atrium/api-client';
import type { Contact, ListEnvelope } from '@atrium/contracts';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import ContactsPage from './contacts-page';

function contact(i: number, over: Partial<Contact> = {}): Contact {
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
    ...over,
  };
}
const envelope = (rows: Contact[], total = rows.length, page = 1): ListEnvelope<Contact> => ({
  success: true,
  data: rows,
  pagination: { total, page, limit: 20, totalPages: Math.max(1, Math.ceil(total / 20)) },
});

let lastSearch = '';
function Where() {
  lastSearch = useLocation().search;
  return null;
}

function renderPage(path = '/contacts') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/contacts"
              element={
                <>
                  <ContactsPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

describe('ContactsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists contacts from the API with the range line', async () => {
    const list = jest
      .spyOn(contacts, 'list')
      .mockResolvedValue(
        envelope([contact(1, { phone: '+1 555', business: 'Acme' }), contact(2, { status: 'Inactive' })]),
      );
    renderPage();
    expect(await screen.findByText('First1 Last1')).toBeInTheDocument();
    expect(screen.getByText('p2@clients.test')).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByTestId('contacts-range')).toHaveTextContent('Showing 1–2 of 2 contacts');
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 20, search: undefined, status: undefined });
  });

  it('asks for the page in the address and shows pagination past 20', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(21)], 45, 2));
    renderPage('/contacts?page=2');
    expect(await screen.findByText('First21 Last21')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
    expect(screen.getByTestId('contacts-range')).toHaveTextContent('Showing 21–40 of 45 contacts');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 })));
  });

  it('searches 300 ms after typing stops and keeps the search in the address', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
    renderPage();
    expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'grace' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'grace' })), {
      timeout: 2000,
    });
    expect(lastSearch).toBe('?search=grace');
    expect(await screen.findByText('No contacts match your search.')).toBeInTheDocument();
  });

  it('shows a clear error with Try again when the list fails, and recovers', async () => {
    const list = jest
      .spyOn(contacts, 'list')
      .mockRejectedValueOnce(
        new ApiError(0, 'NETWORK_ERROR', 'Request timed out. Please check your connection and try again.'),
      )
      .mockResolvedValue(envelope([contact(7)]));
    renderPage();
    expect(await screen.findByText('Contacts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Request timed out. Please check your connection and try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('First7 Last7')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('copying an email raises a toast on the shared bus', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(3)]));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy p3@clients.test' }));
    await act(async () => {});
    sub.unsubscribe();
    expect(writeText).toHaveBeenCalledWith('p3@clients.test');
    expect(toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Copied p3@clients.test']]);
  });
});
