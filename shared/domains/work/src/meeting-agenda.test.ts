import { meetingAgendaItem, meetingPath } from './meeting-agenda';

describe('a meeting in a list of meetings', () => {
  it('links to its page on the calendar, with its dates and status label', () => {
    expect(
      meetingAgendaItem({
        _id: 'm 1',
        title: 'Site visit',
        startDate: '2026-11-20T00:00:00.000Z',
        endDate: '2026-11-21T00:00:00.000Z',
        isAllDay: true,
        status: 'scheduled',
      }),
    ).toEqual({
      id: 'm 1',
      title: 'Site visit',
      href: '/calendar/meetings/m%201',
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
      allDay: true,
      badge: { label: 'Scheduled', color: undefined },
    });
    expect(meetingPath('abc')).toBe('/calendar/meetings/abc');
  });

  it('greys a cancelled meeting', () => {
    const item = meetingAgendaItem({
      _id: 'm2',
      title: 'Call',
      startDate: '2026-11-20T09:00:00.000Z',
      endDate: '2026-11-20T10:00:00.000Z',
      isAllDay: false,
      status: 'cancelled',
    });
    expect(item.badge).toEqual({ label: 'Cancelled', color: 'gray' });
  });
});
