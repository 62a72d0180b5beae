import { screen } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { calendar } from '@atrium/domain-work';
import { makeCalendarItem, renderWithProviders } from '../../test-utils';
import CalendarWidget, { nextWeekQuery } from './calendar-widget';

afterEach(() => jest.restoreAllMocks());

describe('calendar widget', () => {
  it('asks for today and the next 7 days, from the viewer’s midnight', () => {
    const q = nextWeekQuery(new Date(2026, 10, 27, 15, 20));
    expect(new Date(q.startDate).getTime()).toBe(new Date(2026, 10, 27).getTime());
    expect(new Date(q.endDate).getTime()).toBe(new Date(2026, 11, 5).getTime());
  });

  it('lists meetings, tasks and projects soonest first, each linked to its place on the calendar', async () => {
    const items = jest.spyOn(calendar, 'items').mockResolvedValue([
      makeCalendarItem(1, {
        title: 'Later call',
        startDate: '2026-11-29T15:00:00.000Z',
        endDate: '2026-11-29T16:00:00.000Z',
      }),
      makeCalendarItem(2, {
        _id: 't2',
        type: 'task',
        title: 'Order tiles',
        status: 'in_progress',
        isAllDay: true,
        startDate: '2026-11-28T00:00:00.000Z',
        endDate: '2026-11-28T00:00:00.000Z',
      }),
      makeCalendarItem(3, {
        _id: 'p3',
        type: 'project',
        title: 'Smith wedding',
        status: 'planning',
        isAllDay: true,
        startDate: '2026-11-30',
        endDate: '2026-12-02',
      }),
    ]);
    renderWithProviders(<CalendarWidget />, '/');
    const rows = await screen.findAllByTestId('widget-calendar-item');
    expect(rows.map((r) => r.querySelector('a')?.textContent)).toEqual(['Order tiles', 'Later call', 'Smith wedding']);
    expect(screen.getByRole('link', { name: 'Order tiles' })).toHaveAttribute('href', '/calendar/tasks/t2');
    expect(screen.getByRole('link', { name: 'Later call' })).toHaveAttribute('href', '/calendar/meetings/m1');
    expect(screen.getByRole('link', { name: 'Smith wedding' })).toHaveAttribute('href', '/calendar/projects/p3');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(rows[2]).toHaveTextContent('Planning');
    expect(screen.getByLabelText('Task')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the calendar →' })).toHaveAttribute('href', '/calendar');
    expect(items).toHaveBeenCalledWith(
      { startDate: expect.any(String), endDate: expect.any(String) },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('says what to do when nothing is planned', async () => {
    jest.spyOn(calendar, 'items').mockResolvedValue([]);
    renderWithProviders(<CalendarWidget />, '/');
    expect(await screen.findByText(/Nothing planned for the next 7 days/)).toBeInTheDocument();
  });

  it('says when the calendar could not be loaded', async () => {
    jest.spyOn(calendar, 'items').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'down'));
    renderWithProviders(<CalendarWidget />, '/');
    expect(await screen.findByText('The calendar could not be loaded.')).toBeInTheDocument();
  });
});
