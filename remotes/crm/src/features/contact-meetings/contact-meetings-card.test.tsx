import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type ModalOpen } from '@atrium/event-bus';
import { meetings, type Meeting } from '@atrium/domain-work/public';
import { renderWithProviders } from '../../test-utils';
import { ContactMeetingsCard } from './contact-meetings-card';

const DAY = 86_400_000;
/** A meeting `days` from now (negative: in the past), an hour long, or an all-day one on that calendar day. */
function meeting(id: string, title: string, days: number, over: Partial<Meeting> = {}): Meeting {
  const start = new Date(Date.now() + days * DAY);
  const allDay = over.isAllDay === true;
  const day = (d: Date) => `${d.toISOString().slice(0, 10)}T00:00:00.000Z`;
  return {
    _id: id,
    title,
    startDate: allDay ? day(start) : start.toISOString(),
    endDate: allDay ? day(start) : new Date(start.getTime() + 3_600_000).toISOString(),
    isAllDay: false,
    status: 'scheduled',
    ...over,
  } as Meeting;
}

const carla = { _id: 'c1', email: 'carla@example.com', firstName: 'Carla', lastName: 'Client' };

afterEach(() => jest.restoreAllMocks());

describe("the contact's meetings", () => {
  it('lists upcoming meetings soonest first, then past ones latest first, each linked to its page with its status', async () => {
    const of = jest
      .spyOn(meetings, 'ofContact')
      .mockResolvedValue([
        meeting('m1', 'Kick-off', -30, { status: 'completed' }),
        meeting('m2', 'Site visit', 14),
        meeting('m3', 'Review', -2, { status: 'cancelled' }),
        meeting('m4', 'Design call', 3, { isAllDay: true }),
      ]);
    renderWithProviders(<ContactMeetingsCard contact={carla} />, '/contacts/c1');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    expect(of).toHaveBeenCalledWith('c1');
    expect(
      within(upcoming)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Design call', 'Site visit']);
    expect(within(upcoming).getByRole('link', { name: 'Site visit' })).toHaveAttribute('href', '/calendar/meetings/m2');
    expect(within(upcoming).getAllByText('Scheduled')).toHaveLength(2);
    const past = screen.getByRole('list', { name: 'Past' });
    expect(
      within(past)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Review', 'Kick-off']);
    expect(within(past).getByText('Cancelled')).toBeInTheDocument();
    expect(within(past).getByText('Completed')).toBeInTheDocument();
  });

  it('shows an all-day meeting as its calendar day and a timed one with its hours', async () => {
    jest.spyOn(meetings, 'ofContact').mockResolvedValue([
      meeting('m1', 'Workshop', 0, {
        isAllDay: true,
        startDate: '2099-03-04T00:00:00.000Z',
        endDate: '2099-03-05T00:00:00.000Z',
      }),
      meeting('m2', 'Call', 0, {
        startDate: new Date(2099, 3, 7, 15, 30).toISOString(),
        endDate: new Date(2099, 3, 7, 16, 0).toISOString(),
      }),
    ]);
    renderWithProviders(<ContactMeetingsCard contact={carla} />, '/contacts/c1');
    expect(await screen.findByText(/^Mar 4\s–\s5, 2099$/)).toBeInTheDocument();
    expect(screen.getByText(/^Apr 7, 2099, 3:30\s–\s4:00\sPM$/)).toBeInTheDocument();
  });

  it('says when the contact has no meetings', async () => {
    jest.spyOn(meetings, 'ofContact').mockResolvedValue([]);
    renderWithProviders(<ContactMeetingsCard contact={carla} />, '/contacts/c1');
    expect(await screen.findByText('No meetings with this contact yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the meetings could not be loaded, with Try again', async () => {
    const of = jest
      .spyOn(meetings, 'ofContact')
      .mockRejectedValueOnce(new ApiError(500, 'FETCH_ERROR', 'x'))
      .mockResolvedValue([meeting('m1', 'Site visit', 1)]);
    renderWithProviders(<ContactMeetingsCard contact={carla} />, '/contacts/c1');
    expect(await screen.findByText('Meetings could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Site visit' })).toBeInTheDocument();
    expect(of).toHaveBeenCalledTimes(2);
  });

  it("'New meeting' opens the meeting modal with this contact attending", async () => {
    jest.spyOn(meetings, 'ofContact').mockResolvedValue([]);
    const opened: ModalOpen[] = [];
    const sub = bus.on('modal:open').subscribe((m) => opened.push(m));
    try {
      renderWithProviders(<ContactMeetingsCard contact={carla} />, '/contacts/c1');
      fireEvent.click(await screen.findByRole('button', { name: 'New meeting' }));
      expect(opened).toEqual([
        {
          id: 'meeting',
          data: { attendees: [{ id: 'c1', model: 'Contact', email: 'carla@example.com', name: 'Carla Client' }] },
        },
      ]);
    } finally {
      sub.unsubscribe();
    }
  });
});
