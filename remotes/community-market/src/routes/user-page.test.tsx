import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { marketplace, people, type Profile } from '@atrium/domain-market';
import UserPage from './user-page';
import { collectToasts, makeListingSummary, makeReview, pageOf, renderRoutes } from '../test-utils';

const routes = { '/user/:userId': <UserPage /> };
const profile = (over: Partial<Profile> = {}): Profile => ({
  _id: 'u2',
  name: 'Grace Hopper',
  pictureUrl: null,
  industry: 'Compilers',
  place: 'Arlington, USA',
  memberSince: '2026-01-15T00:00:00.000Z',
  followerCount: 1,
  followingCount: 0,
  friendCount: 0,
  communities: [{ _id: 'c1', name: 'Growth Hackers', visibility: 'public', memberCount: 3 }],
  relation: { following: false, followedBy: true, friend: 'incoming', blocked: false },
  self: false,
  ...over,
});

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
  jest.spyOn(marketplace, 'search').mockResolvedValue(pageOf([]));
  jest.spyOn(marketplace, 'userReviews').mockResolvedValue({ ...pageOf([]), rating: { average: null, count: 0 } });
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('/user/{userId}', () => {
  it('shows the person, their communities and lists; follow, accept a friend request', async () => {
    jest.spyOn(people, 'profile').mockResolvedValue(profile());
    jest.spyOn(people, 'friends').mockResolvedValue([{ _id: 'u3', name: 'Alan Turing' }]);
    const follow = jest
      .spyOn(people, 'follow')
      .mockResolvedValue({ following: true, followedBy: true, friend: 'incoming', blocked: false });
    const friend = jest
      .spyOn(people, 'friendRequest')
      .mockResolvedValue({ following: true, followedBy: true, friend: 'friends', blocked: false });
    renderRoutes('/user/u2', routes);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Compilers')).toBeInTheDocument();
    expect(screen.getByText(/Arlington, USA · Member since/)).toBeInTheDocument();
    expect(screen.getByText('Follows you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Growth Hackers' })).toHaveAttribute('href', '/communities/c1');
    expect(await screen.findByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/user/u3');

    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(follow).toHaveBeenCalled());
    await waitFor(() => expect(toasts.messages()).toContain('You are now following this person'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept friend request' }));
    await waitFor(() => expect(friend).toHaveBeenCalled());
    await waitFor(() => expect(toasts.messages()).toContain('You are now friends'));
  });

  it('a list refused with 403 (a block) reads as unavailable, without an error toast', async () => {
    jest
      .spyOn(people, 'profile')
      .mockResolvedValue(profile({ relation: { following: false, followedBy: false, friend: 'none', blocked: true } }));
    jest
      .spyOn(people, 'friends')
      .mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'This person is not available', undefined, true));
    renderRoutes('/user/u2', routes);
    expect(await screen.findByText('This person is not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(toasts.toasts.filter((t) => t.type === 'error')).toEqual([]);
  });

  it('an unknown or blocking person: User not found', async () => {
    jest.spyOn(people, 'profile').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'User not found'));
    renderRoutes('/user/nobody', routes);
    expect(
      await screen.findByText('User not found', { selector: '.mantine-Alert-title *, .mantine-Alert-title' }),
    ).toBeInTheDocument();
  });

  it('shows the person’s listings and the reviews of what they sold', async () => {
    jest.spyOn(people, 'profile').mockResolvedValue(profile());
    jest.spyOn(people, 'friends').mockResolvedValue([]);
    const search = jest
      .spyOn(marketplace, 'search')
      .mockResolvedValue(pageOf([makeListingSummary({ sellerId: 'u2', sellerName: 'Grace Hopper' })]));
    jest
      .spyOn(marketplace, 'userReviews')
      .mockResolvedValue({ ...pageOf([makeReview({ authorName: 'Alan Turing' })]), rating: { average: 4, count: 1 } });
    renderRoutes('/user/u2', routes);
    const listings = await screen.findByRole('region', { name: 'Listings' });
    expect(await within(listings).findByRole('link', { name: 'Logo design' })).toHaveAttribute(
      'href',
      '/marketplace/listing/l1',
    );
    expect(search).toHaveBeenCalledWith({ sellerId: 'u2', sort: 'newest', page: 1, limit: 6 });
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByRole('article', { name: 'Review by Alan Turing' })).toHaveTextContent(
      'Quick and friendly.',
    );
  });
});
