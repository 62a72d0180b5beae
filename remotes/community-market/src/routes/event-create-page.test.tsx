import { fireEvent, screen, waitFor } from '@testing-library/react';
import { communities } from '@atrium/domain-market';
import EventCreatePage from './event-create-page';
import { browserZone, zonedWallToIso } from '../lib/zoned-time';
import { collectToasts, makeCommunity, makeEvent, pageOf, renderRoutes } from '../test-utils';

const routes = {
  '/events/create': <EventCreatePage />,
  '/communities/:communityId/events/:eventId': <p>Event page</p>,
};

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('event create page', () => {
  it('says what each field lacks, then creates the event from wall times in the chosen zone (the browser’s by default)', async () => {
    jest.spyOn(communities, 'list').mockResolvedValue(pageOf([makeCommunity({ myRole: 'owner', myStatus: 'active' })]));
    const create = jest.spyOn(communities, 'createEvent').mockResolvedValue(makeEvent({ _id: 'e9' }));
    renderRoutes('/events/create?communityId=c1', routes);
    expect(await screen.findByRole('heading', { name: 'New event' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Start is required')).toBeInTheDocument();
    expect(screen.getByText('End is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    type(/^Title/, 'Launch night');
    type(/^Starts/, '2030-03-01T18:00');
    type(/^Ends/, '2030-03-01T21:00');
    type(/^Link/, 'https://meet.example.com/launch');
    type(/^Capacity/, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({
          title: 'Launch night',
          startsAt: zonedWallToIso('2030-03-01T18:00', browserZone()),
          endsAt: zonedWallToIso('2030-03-01T21:00', browserZone()),
          timeZone: browserZone(),
          mode: 'online',
          onlineUrl: 'https://meet.example.com/launch',
          capacity: 30,
        }),
      ),
    );
    expect(await screen.findByText('Event page')).toBeInTheDocument();
  });
});
