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
    expect(moderation).toHaveBeenCalledWith({ status: 'reported' });
    fireEvent.click(within(item).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(hide).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(toasts.messages()).toContain('Review hidden'));

    fireEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    await waitFor(() => expect(moderation).toHaveBeenCalledWith({ status: 'hidden' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore review' }));
    await waitFor(() => expect(restore).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(toasts.messages()).toContain('Review restored'));
  });

  it('nothing reported', async () => {
    jest.spyOn(marketplace, 'moderation').mockResolvedValue(pageOf([]));
    renderRoutes('/marketplace/reviews', routes);
    expect(await screen.findByText('No reported reviews.')).toBeInTheDocument();
  });
});
