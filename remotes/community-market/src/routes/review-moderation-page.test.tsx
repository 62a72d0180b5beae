import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { marketplace } from '@atrium/domain-market';
import ReviewModerationPage from './review-moderation-page';
import { collectToasts, makeModerationReview, makeReview, pageOf, renderRoutes } from '../test-utils';

const routes = { '/marketplace/reviews': <ReviewModerationPage /> };

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('review moderation (/marketplace/reviews)', () => {
  it('reported reviews with their reasons; Hide; the Hidden tab restores', async () => {
    const moderation = jest
      .spyOn(marketplace, 'moderation')
      .mockImplementation(async (q) =>
        pageOf(
          q?.status === 'hidden' ? [makeModerationReview({ status: 'hidden', reports: [] })] : [makeModerationReview()],
        ),
      );
    const hide = jest.spyOn(marketplace, 'hideReview').mockResolvedValue(makeReview({ status: 'hidden' }));
    const restore = jest.spyOn(marketplace, 'restoreReview').mockResolvedValue(makeReview());
    renderRoutes('/marketplace/reviews', routes);

    const item = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(item).getByText('Quick and friendly.')).toBeInTheDocument();
    expect(within(item).getByText('Alan Turing: “Not about the service”')).toBeInTheDocument();
    expect(within(item).getByText(/in Growth Hackers · 1 report/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Logo design' })).toHaveAttribute('href', '/marketplace/listing/l1');
    expect(moderation).toHaveBeenCalledWith({ status: 'reported', page: 1 });
    fireEvent.click(within(item).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(hide).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(toasts.messages()).toContain('Review hidden'));

    fireEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    await waitFor(() => expect(moderation).toHaveBeenCalledWith({ status: 'hidden', page: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore review' }));
    await waitFor(() => expect(restore).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(toasts.messages()).toContain('Review restored'));
  });

  it('a review the caller may not judge (their own listing’s) says why instead of offering Hide', async () => {
    jest.spyOn(marketplace, 'moderation').mockResolvedValue(pageOf([makeModerationReview({ canModerate: false })]));
    const hide = jest.spyOn(marketplace, 'hideReview');
    renderRoutes('/marketplace/reviews', routes);
    const item = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(
      within(item).getByText(
        'You cannot hide or restore a review of your own listing or your own review. Another moderator of the community can.',
      ),
    ).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Hide review' })).not.toBeInTheDocument();
    expect(hide).not.toHaveBeenCalled();
  });

  it('the queue past its first page comes with Load more', async () => {
    const moderation = jest.spyOn(marketplace, 'moderation').mockImplementation(async (q) => ({
      ...pageOf([
        makeModerationReview({ _id: `r${q?.page}`, authorName: q?.page === 2 ? 'Alan Kay' : 'Grace Hopper' }),
      ]),
      pagination: { total: 2, page: q?.page ?? 1, limit: 1, totalPages: 2 },
    }));
    renderRoutes('/marketplace/reviews', routes);
    expect(await screen.findByRole('article', { name: 'Review by Grace Hopper' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Review by Alan Kay' })).toBeInTheDocument();
    expect(moderation).toHaveBeenCalledWith({ status: 'reported', page: 2 });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('nothing reported', async () => {
    jest.spyOn(marketplace, 'moderation').mockResolvedValue(pageOf([]));
    renderRoutes('/marketplace/reviews', routes);
    expect(await screen.findByText('No reported reviews.')).toBeInTheDocument();
  });
});
