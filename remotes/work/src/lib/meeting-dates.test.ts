import {
  addDays,
  fromCalendarRange,
  localDay,
  nextHour,
  toExclusiveEnd,
  toInclusiveEnd,
  wireDay,
} from './meeting-dates';

// FullCalendar's all-day dates are the viewer's local midnights: the tests build them with local Date
// constructors, so they hold in any zone the suite runs in.

describe('all-day dates: the wire’s inclusive last day ↔ FullCalendar’s exclusive end', () => {
  it('reads an all-day wire date as its calendar day, also as a UTC-midnight instant', () => {
    expect(wireDay('2026-11-20')).toBe('2026-11-20');
    expect(wireDay('2026-11-20T00:00:00.000Z')).toBe('2026-11-20');
  });

  it('adds days across months and years without a time zone', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives FullCalendar the day after the last day', () => {
    expect(toExclusiveEnd('2026-11-20')).toBe('2026-11-21');
    expect(toExclusiveEnd('2026-11-21T00:00:00.000Z')).toBe('2026-11-22');
  });

  it('takes back FullCalendar’s exclusive end (local midnights) as the inclusive last day', () => {
    // A two-day event: Nov 20 and 21, FullCalendar's end is Nov 22 at local midnight.
    expect(toInclusiveEnd(new Date(2026, 10, 20), new Date(2026, 10, 22))).toBe('2026-11-21');
    // One day, or no end at all: the last day is the first.
    expect(toInclusiveEnd(new Date(2026, 10, 20), new Date(2026, 10, 21))).toBe('2026-11-20');
    expect(toInclusiveEnd(new Date(2026, 10, 20), null)).toBe('2026-11-20');
  });

  it('round-trips: wire → FullCalendar → wire keeps the same days', () => {
    const start = '2026-11-20';
    const last = '2026-11-23';
    const fcEnd = toExclusiveEnd(last);
    const [y, m, d] = fcEnd.split('-').map(Number) as [number, number, number];
    const r = fromCalendarRange(new Date(2026, 10, 20), new Date(y, m - 1, d), true);
    expect(r).toEqual({ startDate: start, endDate: last, isAllDay: true });
  });

  it('a local day is the viewer’s, not UTC’s', () => {
    // Late on Nov 20 where the viewer is (east of UTC that is still Nov 20 or already Nov 21 in UTC).
    expect(localDay(new Date(2026, 10, 20, 23, 30))).toBe('2026-11-20');
    expect(localDay(new Date(2026, 10, 21, 0, 30))).toBe('2026-11-21');
  });
});

describe('timed ranges', () => {
  it('sends instants', () => {
    const start = new Date('2026-11-20T17:00:00.000Z');
    const end = new Date('2026-11-20T18:30:00.000Z');
    expect(fromCalendarRange(start, end, false)).toEqual({
      startDate: '2026-11-20T17:00:00.000Z',
      endDate: '2026-11-20T18:30:00.000Z',
      isAllDay: false,
    });
  });

  it('a timed item without an end (dropped from the all-day row) lasts an hour', () => {
    const start = new Date('2026-11-20T17:00:00.000Z');
    expect(fromCalendarRange(start, null, false).endDate).toBe('2026-11-20T18:00:00.000Z');
  });

  it('a new meeting starts at the next full hour and lasts an hour', () => {
    const { start, end } = nextHour(new Date(2026, 10, 20, 9, 41));
    expect([start.getHours(), start.getMinutes(), end.getHours()]).toEqual([10, 0, 11]);
  });
});
