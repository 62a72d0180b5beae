import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { communities, marketplace } from '@atrium/domain-market';
import CommunitiesPage from './communities-page';
import { collectToasts, makeCommunity, makeListingSummary, pageOf, renderRoutes } from '../test-utils';

const routes = { '/communities': <CommunitiesPage />, '/communities/:id': <p>community page</p> };
const page = (data = [makeCommunity()]) => ({
  success: true as const,
  data,
  pagination: { total: data.length, page: 1, limit: 20, totalPages: 1 },
});

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('/communities', () => {
  it('discovers communities, joins one, and lists mine on its tab', async () => {
    const list = jest.spyOn(communities, 'list').mockResolvedValue(page());
    const join = jest
      .spyOn(communities, 'join')
      .mockResolvedValue(makeCommunity({ myRole: 'member', myStatus: 'active', memberCount: 3 }));
    renderRoutes('/communities', routes);
    expect(await screen.findByRole('link', { name: 'Growth Hackers' })).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(join).toHaveBeenCalledWith('c1'));
    await waitFor(() => expect(toasts.messages()).toContain('You joined the community'));

    fireEvent.click(screen.getByRole('tab', { name: 'My communities' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ scope: 'mine' })));
    expect(screen.getByTestId('where').textContent).toBe('/communities?tab=mine');
  });

  it('a taken name shows the spec’s toast; nothing else happens', async () => {
    jest.spyOn(communities, 'list').mockResolvedValue(page([]));
    const create = jest
      .spyOn(communities, 'create')
      .mockRejectedValue(new ApiError(409, 'DUPLICATE_COMMUNITY_NAME', 'A community with this name already exists'));
    renderRoutes('/communities', routes);
    expect(await screen.findByText('No communities yet. Start the first one.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New community' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create community' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Growth Hackers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create community' }));
    await waitFor(() =>
      expect(toasts.messages()).toContain('A community with this name already exists. Please choose a different name.'),
    );
    expect(create).toHaveBeenCalledWith({ name: 'Growth Hackers', description: '', visibility: 'public' });
    expect(screen.getByTestId('where').textContent).toBe('/communities');
  });

  it('the Marketplace tab browses listings with search and filters, and links to selling, purchases and sales', async () => {
    const list = jest.spyOn(communities, 'list');
    const search = jest
      .spyOn(marketplace, 'search')
      .mockResolvedValue(pageOf([makeListingSummary({ rating: { average: 4.5, count: 2 } })]));
    renderRoutes('/communities?tab=marketplace', routes);
    expect(await screen.findByRole('link', { name: 'Logo design' })).toHaveAttribute('href', '/marketplace/listing/l1');
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New listing' })).toHaveAttribute('href', '/marketplace/create');
    expect(screen.getByRole('link', { name: 'My purchases' })).toHaveAttribute('href', '/dashboard/purchases');
    expect(screen.getByRole('link', { name: 'My sales' })).toHaveAttribute('href', '/dashboard/sales');
    expect(screen.getByRole('link', { name: 'Review moderation' })).toHaveAttribute('href', '/marketplace/reviews');
    expect(list).not.toHaveBeenCalled();
    expect(search).toHaveBeenLastCalledWith({ sort: 'newest', page: 1, limit: 20 });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search listings' }), { target: { value: 'logo' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Services' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Minimum price' }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum price' }), { target: { value: '200.5' } });
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({
        q: 'logo',
        delivery: 'service',
        minPrice: 5000,
        maxPrice: 20050,
        sort: 'newest',
        page: 1,
        limit: 20,
      }),
    );

    search.mockResolvedValue(pageOf([]));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search listings' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
