import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { communities } from '@atrium/domain-market';
import EventPage from './event-page';
import { collectToasts, makeEvent, renderRoutes } from '../test-utils';

const routes = { '/communities/:communityId/events/:eventId': <EventPage /> };

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('event page', () => {
  it('shows when (in the event’s zone), where and seats; RSVP going; add to calendar links the .ics', async () => {
    jest.spyOn(communities, 'event').mockResolvedValue(makeEvent());
    const rsvp = jest.spyOn(communities, 'rsvp').mockResolvedValue(makeEvent({ myRsvp: 'going', goingCount: 1 }));
    renderRoutes('/communities/c1/events/e1', routes);
    expect(await screen.findByRole('heading', { name: 'Launch night' })).toBeInTheDocument();
    expect(screen.getByText(/\(Europe\/Paris\)$/)).toBeInTheDocument();
    expect(screen.getByText('0 going of 1 (1 left)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://meet.example.com/launch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      '/api/v1/communities/c1/events/e1/ics',
    );
    fireEvent.click(screen.getByRole('button', { name: 'I’m going' }));
    await waitFor(() => expect(rsvp).toHaveBeenCalledWith('c1', 'e1', 'going'));
    await waitFor(() => expect(toasts.messages()).toContain('Your RSVP was saved'));
  });

  it('a full event offers the waitlist; the server’s refusal is shown as it says', async () => {
    jest.spyOn(communities, 'event').mockResolvedValue(makeEvent({ goingCount: 1 }));
    const rsvp = jest
      .spyOn(communities, 'rsvp')
      .mockRejectedValue(new ApiError(409, 'CONFLICT', 'This event is full. Join the waitlist instead.'));
    renderRoutes('/communities/c1/events/e1', routes);
    expect(await screen.findByText('1 going of 1 (full)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I’m going' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(rsvp).toHaveBeenCalledWith('c1', 'e1', 'waitlist'));
    await waitFor(() => expect(toasts.messages()).toContain('This event is full. Join the waitlist instead.'));
  });
});
