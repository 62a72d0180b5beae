import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { marketplace } from '@atrium/domain-market';
import ListingPage from './listing-page';
import { browser } from '../lib/browser';
import { DELETE_LISTING_CONFIRM } from '../features/marketplace/delete-listing';
import { collectToasts, makeListing, makeReview, pageOf, renderRoutes } from '../test-utils';

const routes = { '/marketplace/listing/:listingId': <ListingPage /> };
const reviews = (data = [makeReview({ answer: 'Thank you, Grace!' })]) => ({
  ...pageOf(data),
  rating: { average: 4, count: data.length },
});

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('/marketplace/listing/{listingId}', () => {
  it('shows the gallery, price, seller and reviews; Buy sends the browser to Stripe Checkout', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(
      makeListing({
        images: [
          { _id: 'i1', url: '/img/1', mime: 'image/png', size: 10, position: 0, createdAt: '' },
          { _id: 'i2', url: '/img/2', mime: 'image/png', size: 10, position: 1, createdAt: '' },
        ],
        rating: { average: 4, count: 1 },
      }),
    );
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews());
    const checkout = jest
      .spyOn(marketplace, 'checkout')
      .mockResolvedValue({ url: 'https://checkout.stripe.test/cs_1', transactionId: 't1', sessionId: 'cs_1' });
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderRoutes('/marketplace/listing/l1', routes);

    expect(await screen.findByRole('heading', { name: 'Logo design' })).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('Design')).toBeInTheDocument();
    expect(screen.getByText('Service')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/user/u1');
    expect(screen.getByRole('link', { name: 'Growth Hackers' })).toHaveAttribute('href', '/communities/c1');
    expect(screen.getByRole('img', { name: 'Logo design, image 1 of 2' })).toHaveAttribute('src', '/img/1');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(screen.getByRole('img', { name: 'Logo design, image 2 of 2' })).toHaveAttribute('src', '/img/2');
    expect(screen.getByText('4.0 (1 review)')).toBeInTheDocument();

    const review = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(review).getByText('Quick and friendly.')).toBeInTheDocument();
    expect(within(review).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('Thank you, Grace!')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(checkout).toHaveBeenCalledWith('l1');
  });

  it('plainly unavailable when payments are not set up: the button is disabled and the server says why', async () => {
    jest
      .spyOn(marketplace, 'get')
      .mockResolvedValue(
        makeListing({ checkout: { available: false, message: 'Payments are not set up on this installation' } }),
      );
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([]));
    const checkout = jest.spyOn(marketplace, 'checkout');
    renderRoutes('/marketplace/listing/l1', routes);
    expect(await screen.findByRole('button', { name: 'Buy now' })).toBeDisabled();
    expect(screen.getByText('Payments are not set up on this installation')).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
  });

  it('a refusal after the click (Stripe gone meanwhile) is said beside the button, not thrown', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing());
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([]));
    jest
      .spyOn(marketplace, 'checkout')
      .mockRejectedValue(new ApiError(503, 'SERVICE_UNAVAILABLE', 'The seller has not set up card payments yet'));
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderRoutes('/marketplace/listing/l1', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('The seller has not set up card payments yet')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('the seller sees Edit listing and answers a review; back from a canceled Checkout says nothing was charged', async () => {
    jest
      .spyOn(marketplace, 'get')
      .mockResolvedValue(
        makeListing({ mine: true, checkout: { available: false, message: 'You cannot buy your own listing' } }),
      );
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([makeReview()]));
    const answer = jest.spyOn(marketplace, 'answerReview').mockResolvedValue(makeReview({ answer: 'Thanks!' }));
    renderRoutes('/marketplace/listing/l1?checkout=canceled', routes);
    expect(await screen.findByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      '/marketplace/listing/l1/edit',
    );
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    expect(
      screen.getByText('The card payment was not completed and nothing was charged. You can try again.'),
    ).toBeInTheDocument();
    const review = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(review).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    fireEvent.click(within(review).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your answer'), { target: { value: 'Thanks!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith('r1', 'Thanks!'));
    await waitFor(() => expect(toasts.messages()).toContain('Your answer was published'));
  });

  it('another reader reports a review with a reason', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing());
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([makeReview()]));
    const report = jest.spyOn(marketplace, 'reportReview').mockResolvedValue(makeReview({ reportedByMe: true }));
    renderRoutes('/marketplace/listing/l1', routes);
    const review = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    fireEvent.click(within(review).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('What is wrong with it?'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(report).toHaveBeenCalledWith('r1', 'Spam'));
    await waitFor(() => expect(toasts.messages()).toContain('Thank you — the moderators will look at this review'));
  });

  it('the seller deletes the listing once they confirm: a toast, then the marketplace tab', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing({ mine: true }));
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([]));
    const remove = jest.spyOn(marketplace, 'remove').mockResolvedValue(undefined);
    renderRoutes('/marketplace/listing/l1', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete listing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete listing' });
    expect(within(dialog).getByText(DELETE_LISTING_CONFIRM)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete listing' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete listing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('l1'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/communities?tab=marketplace'));
    expect(toasts.messages()).toContain('Listing deleted');
  });

  it('a refused delete stays on the page and says why', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing({ mine: true }));
    jest.spyOn(marketplace, 'listingReviews').mockResolvedValue(reviews([]));
    jest.spyOn(marketplace, 'remove').mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Only the seller can do this'));
    renderRoutes('/marketplace/listing/l1', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete listing' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.messages()).toContain('Only the seller can do this'));
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace/listing/l1');
  });

  it('reviews past the first page come with Load more, until the last page', async () => {
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing());
    const pages = jest.spyOn(marketplace, 'listingReviews').mockImplementation(async (_id, page = 1) => ({
      ...pageOf([makeReview({ _id: `r${page}`, authorName: page === 1 ? 'Grace Hopper' : 'Alan Kay' })]),
      pagination: { total: 2, page, limit: 1, totalPages: 2 },
      rating: { average: 4, count: 2 },
    }));
    renderRoutes('/marketplace/listing/l1', routes);
    expect(await screen.findByRole('article', { name: 'Review by Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Review by Alan Kay' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Review by Alan Kay' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review by Grace Hopper' })).toBeInTheDocument();
    expect(pages).toHaveBeenCalledWith('l1', 2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('an unknown listing: Listing not found', async () => {
    jest.spyOn(marketplace, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Listing not found'));
    renderRoutes('/marketplace/listing/nope', routes);
    expect(
      await screen.findByText('Listing not found', { selector: '.mantine-Alert-title *, .mantine-Alert-title' }),
    ).toBeInTheDocument();
  });
});
