import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { meetings, type Meeting } from '@atrium/domain-work';
import { renderWithProviders } from '../../test-utils';
import { ProjectMeetings } from './project-meetings';

const HOUR = 3_600_000;
/** A timed meeting `hours` from now (negative: in the past), half an hour long. */
const meeting = (id: string, title: string, hours: number, over: Partial<Meeting> = {}) => {
  const start = Date.now() + hours * HOUR;
  return {
    _id: id,
    title,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + HOUR / 2).toISOString(),
    isAllDay: false,
    status: 'scheduled',
    ...over,
  } as Meeting;
};

afterEach(() => jest.restoreAllMocks());

describe("the project's meetings", () => {
  it('lists upcoming ones soonest first, then past ones latest first, linked to the calendar with their status', async () => {
    const of = jest
      .spyOn(meetings, 'ofProject')
      .mockResolvedValue([
        meeting('m1', 'Handover', 48),
        meeting('m2', 'Kick-off', -72, { status: 'completed' }),
        meeting('m3', 'Walkthrough', 2),
        meeting('m4', 'Budget call', -3, { status: 'cancelled' }),
      ]);
    renderWithProviders(<ProjectMeetings projectId="p1" />, '/projects/p1/details');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    expect(of).toHaveBeenCalledWith('p1');
    expect(
      within(upcoming)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Walkthrough', 'Handover']);
    expect(within(upcoming).getByRole('link', { name: 'Handover' })).toHaveAttribute('href', '/calendar/meetings/m1');
    const past = screen.getByRole('list', { name: 'Past' });
    expect(
      within(past)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Budget call', 'Kick-off']);
    expect(within(past).getByText('Cancelled')).toBeInTheDocument();
    expect(within(past).getByText('Completed')).toBeInTheDocument();
  });

  it("opens the meeting modal in this project from 'New meeting'", async () => {
    jest.spyOn(meetings, 'ofProject').mockResolvedValue([]);
    const seen: BusMessage[] = [];
    const sub = bus.all().subscribe((m) => seen.push(m));
    renderWithProviders(<ProjectMeetings projectId="p1" />, '/projects/p1/details');
    fireEvent.click(await screen.findByRole('button', { name: 'New meeting' }));
    sub.unsubscribe();
    expect(seen.filter((m) => m.type === 'modal:open').map((m) => m.payload)).toEqual([
      { id: 'meeting', data: { projectId: 'p1' } },
    ]);
  });

  it('says when the project has no meetings', async () => {
    jest.spyOn(meetings, 'ofProject').mockResolvedValue([]);
    renderWithProviders(<ProjectMeetings projectId="p1" />, '/projects/p1/details');
    expect(await screen.findByText('No meetings in this project yet.')).toBeInTheDocument();
  });

  it('says when the meetings could not be loaded, with the reason and Try again', async () => {
    const of = jest
      .spyOn(meetings, 'ofProject')
      .mockRejectedValueOnce(new ApiError(500, 'FETCH_ERROR', 'The server is busy'))
      .mockResolvedValue([meeting('m1', 'Walkthrough', 2)]);
    renderWithProviders(<ProjectMeetings projectId="p1" />, '/projects/p1/details');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The meetings could not be loaded');
    expect(alert).toHaveTextContent('The server is busy');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Walkthrough' })).toBeInTheDocument();
    expect(of).toHaveBeenCalledTimes(2);
  });
});
