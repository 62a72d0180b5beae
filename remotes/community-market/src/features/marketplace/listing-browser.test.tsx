import { fireEvent, screen, waitFor } from '@testing-library/react';
import { marketplace, listingSearchSchema } from '@atrium/domain-market';
import { ListingBrowser } from './listing-browser';
import { makeListingSummary, pageOf, renderRoutes } from '../../test-utils';

afterEach(() => jest.restoreAllMocks());

describe('the Marketplace tab’s listing browser', () => {
  it('filters by currency (the server’s own search schema takes the query), alone or with a price range', async () => {
    const search = jest
      .spyOn(marketplace, 'search')
      .mockResolvedValue(pageOf([makeListingSummary({ currency: 'EUR', price: 9900 })]));
    renderRoutes('/', { '/': <ListingBrowser /> });
    expect(await screen.findByRole('link', { name: 'Logo design' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'EUR' }));
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ currency: 'EUR', sort: 'newest', page: 1, limit: 20 }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum price' }), { target: { value: '100' } });
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ currency: 'EUR', maxPrice: 10000, sort: 'newest', page: 1, limit: 20 }),
    );
    const sent = search.mock.calls.at(-1)![0]!;
    expect(listingSearchSchema.parse(sent)).toMatchObject({ currency: 'EUR', maxPrice: 10000 });
    expect(screen.getByText('€99.00')).toBeInTheDocument();

    search.mockResolvedValue(pageOf([]));
    fireEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GBP' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith({ currency: 'GBP', maxPrice: 10000, sort: 'newest', page: 1, limit: 20 });
  });
});
