import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { bus, type Toast } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import { contactGroups, contactTags, contacts } from '@atrium/domain-crm';
import { envelope, makeContact, serveGroups } from '../test-utils';
import ContactsPage from './contacts-page';

const contact = makeContact;

let lastSearch = '';
let navigate: NavigateFunction;
function Where() {
  lastSearch = useLocation().search;
  navigate = useNavigate();
  return null;
}

function renderPage(path = '/contacts') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider env="test">
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
  beforeEach(() => {
    serveGroups([{ _id: 'g1', name: 'VIP', color: '#e03131' }]);
    jest.spyOn(contactTags, 'list').mockResolvedValue([]);
  });
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
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, limit: 20, search: undefined, status: undefined, filters: [] }),
    );
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

  it('follows the address when it changes from outside (Back, the sidebar link): the search box empties', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
    renderPage();
    fireEvent.change(await screen.findByLabelText('Search contacts'), { target: { value: 'grace' } });
    await waitFor(() => expect(lastSearch).toBe('?search=grace'), { timeout: 2000 });
    act(() => void navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Search contacts')).toHaveValue(''));
    // Past the debounce, nothing writes the old search back.
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(lastSearch).toBe('');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: undefined }));
    act(() => void navigate('/contacts?search=ada'));
    await waitFor(() => expect(screen.getByLabelText('Search contacts')).toHaveValue('ada'));
  });

  it('moves to the last page when the page in the address is past the end (its contacts were deleted)', async () => {
    const list = jest
      .spyOn(contacts, 'list')
      .mockImplementation(async (q) =>
        q?.page === 3 ? envelope([], 40, 3) : envelope([contact(21)], 40, q?.page ?? 1),
      );
    renderPage('/contacts?page=3');
    expect(await screen.findByText('First21 Last21')).toBeInTheDocument();
    expect(lastSearch).toBe('?page=2');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(screen.getByTestId('contacts-range')).toHaveTextContent('Showing 21–40 of 40 contacts');
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

  it("the 'Scroll' view says when its rows could not be loaded, and recovers", async () => {
    let scrollFailed = 0;
    jest
      .spyOn(contacts, 'list')
      .mockImplementation(async (q) =>
        q?.limit === 100 && !scrollFailed++
          ? Promise.reject(new ApiError(500, 'INTERNAL_ERROR', 'Server down'))
          : envelope([contact(3)]),
      );
    renderPage('/contacts?view=scroll');
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('scroll-range')).toHaveTextContent('1 of 1 contacts loaded');
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

  it('sorts by a column header: ascending, then descending', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(1)]));
    renderPage();
    await screen.findByText('First1 Last1');
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sortBy: 'email', sortOrder: 'asc' })),
    );
    expect(lastSearch).toBe('?sortBy=email&sortOrder=asc');
    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sortBy: 'email', sortOrder: 'desc' })),
    );
  });

  it('reads filters from the address and sends them to the API', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
    renderPage('/contacts?status=Inactive&groupIds=g1&dateCreatedFrom=2026-01-01');
    expect(await screen.findByText('No contacts match your search.')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'Inactive', groupIds: ['g1'], dateCreatedFrom: '2026-01-01' }),
    );
  });

  it('selects rows and deletes them after confirmation', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(1), contact(2), contact(3)]));
    const remove = jest.spyOn(contacts, 'remove').mockResolvedValue();
    renderPage();
    await screen.findByText('First1 Last1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First3 Last3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Are you sure you want to delete 2 contact(s)? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(2));
    expect(remove.mock.calls.map((c) => c[0]).sort()).toEqual(['c1', 'c3']);
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });

  it('assigns the selected rows to several groups, one call per group, and reports what was added', async () => {
    serveGroups([
      { _id: 'g1', name: 'VIP', color: '#e03131' },
      { _id: 'g2', name: 'Weddings', color: '#e64980' },
    ]);
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(1), contact(2)]));
    const assign = jest.spyOn(contactGroups, 'assignContacts').mockResolvedValueOnce(2).mockResolvedValueOnce(1);
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    renderPage();
    await screen.findByText('First1 Last1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    const assignButton = screen.getByRole('button', { name: 'Assign to group' });
    expect(assignButton).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Groups to assign'));
    await userEvent.click(await screen.findByRole('option', { name: /VIP/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Weddings/ }));
    fireEvent.click(assignButton);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(assign.mock.calls.map(([group, ids]) => [group, [...ids].sort()])).toEqual([
      ['g1', ['c1', 'c2']],
      ['g2', ['c1', 'c2']],
    ]);
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain('3 group membership(s) added in 2 groups'));
    sub.unsubscribe();
  });

  it('a new search empties the selection (the bulk bar would act on rows no longer listed)', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(1), contact(2)]));
    renderPage();
    await screen.findByText('First1 Last1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'First2' } });
    await waitFor(() => expect(screen.queryByText('1 selected')).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('exports the current filter as CSV', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([contact(1)]));
    const exportAll = jest.spyOn(contacts, 'exportAll').mockResolvedValue([contact(1), contact(2)]);
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    renderPage('/contacts?status=Active');
    await screen.findByText('First1 Last1');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(exportAll).toHaveBeenCalledWith(expect.objectContaining({ status: 'Active' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(clicks).toHaveBeenCalledTimes(1);
  });
});

describe('ContactsPage import', () => {
  afterEach(() => jest.restoreAllMocks());
  it("opens the import dialog from 'Import CSV'", async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
