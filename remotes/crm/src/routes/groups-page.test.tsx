import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import { contactGroups } from '@atrium/domain-crm';
import { serveGroups } from '../test-utils';
import GroupCreatePage from './group-create-page';
import GroupsPage from './groups-page';

const vip = {
  _id: 'g1',
  name: 'VIP',
  color: '#e03131',
  description: 'Best clients',
  contactCount: 4,
  createdAt: '',
  updatedAt: '',
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/groups" element={<GroupsPage />} />
            <Route path="/groups/create" element={<GroupCreatePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

describe('groups pages', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists groups with their size and links each to its filtered contacts', async () => {
    serveGroups([vip]);
    renderAt('/groups');
    const link = await screen.findByRole('link', { name: 'VIP' });
    expect(link).toHaveAttribute('href', '/contacts?groupIds=g1');
    expect(screen.getByText('Best clients')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
  });

  it('deletes a group after confirmation', async () => {
    serveGroups([vip]);
    const remove = jest.spyOn(contactGroups, 'remove').mockResolvedValue();
    renderAt('/groups');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete VIP' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('g1'));
  });

  it('creates a group, blocks a blank name, and shows a taken name on the field', async () => {
    serveGroups([]);
    const create = jest
      .spyOn(contactGroups, 'create')
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'A group with this name already exists'))
      .mockResolvedValue(vip);
    renderAt('/groups/create');
    fireEvent.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Group name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('A group with this name already exists')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'VIP 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('No groups yet. Create one to organise your contacts.')).toBeInTheDocument();
    expect(create).toHaveBeenLastCalledWith({ name: 'VIP 2', color: '#0ca678', description: '' });
  });

  it('says in a toast when creating a group fails for another reason, and keeps the form', async () => {
    serveGroups([]);
    jest
      .spyOn(contactGroups, 'create')
      .mockRejectedValue(
        new ApiError(0, 'NETWORK_ERROR', 'Request timed out. Please check your connection and try again.'),
      );
    const toasts: BusMessage[] = [];
    const sub = bus.all().subscribe((m) => m.type === 'toast:show' && toasts.push(m));
    try {
      renderAt('/groups/create');
      fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Weddings' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create Group' }));
      await waitFor(() =>
        expect(toasts.map((t) => (t.payload as { message: string }).message)).toContain(
          'Request timed out. Please check your connection and try again.',
        ),
      );
      expect(screen.getByLabelText(/^Name/)).toHaveValue('Weddings');
    } finally {
      sub.unsubscribe();
    }
  });

  it('steps back a page when the last group of the last page is deleted', async () => {
    const group = (i: number) => ({ ...vip, _id: `g${i}`, name: `Group ${i}` });
    let total = 21;
    const list = jest.spyOn(contactGroups, 'list').mockImplementation(async (q) => {
      const page = q?.page ?? 1;
      const data = page === 1 ? Array.from({ length: 20 }, (_, i) => group(i + 1)) : total > 20 ? [group(21)] : [];
      return { success: true, data, pagination: { total, page, limit: 20, hasNextPage: page * 20 < total } };
    });
    jest.spyOn(contactGroups, 'remove').mockImplementation(async () => {
      total = 20;
    });
    renderAt('/groups');
    await screen.findByRole('link', { name: 'Group 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Group 21' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('link', { name: 'Group 1' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
  });
});
