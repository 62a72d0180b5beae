import { calendarQuery, patchUrl, shiftDate, stateFromUrl, STATUS_CHOICES } from './calendar-params';

describe('calendar state in the address bar', () => {
  it('defaults to this month, every kind, no filter', () => {
    const s = stateFromUrl(new URLSearchParams(''), new Date(2026, 10, 27, 10));
    expect(s).toEqual({ view: 'month', date: '2026-11-27', types: [], status: '', search: '', google: false });
  });

  it('reads view, date and filters, ignoring what it does not know', () => {
    const s = stateFromUrl(
      new URLSearchParams('view=week&date=2026-12-03&type=meeting,task,bogus&status=todo&search=smith&google=1'),
    );
    expect(s).toEqual({
      view: 'week',
      date: '2026-12-03',
      types: ['meeting', 'task'],
      status: 'todo',
      search: 'smith',
      google: true,
    });
    expect(stateFromUrl(new URLSearchParams('view=year&date=nope')).view).toBe('month');
    expect(stateFromUrl(new URLSearchParams('type=meeting,task,project')).types).toEqual([]);
  });

  it('changes some parameters and drops blanks', () => {
    expect(
      patchUrl(new URLSearchParams('view=week&status=todo'), { status: null, date: '2026-12-01' }).toString(),
    ).toBe('view=week&date=2026-12-01');
  });

  it('pages by month, week (and the list’s week) or day', () => {
    expect(shiftDate('2026-11-27', 'month', 1)).toBe('2026-12-01');
    expect(shiftDate('2026-01-15', 'month', -1)).toBe('2025-12-01');
    expect(shiftDate('2026-11-27', 'week', 1)).toBe('2026-12-04');
    expect(shiftDate('2026-11-27', 'list', -1)).toBe('2026-11-20');
    expect(shiftDate('2026-11-30', 'day', 1)).toBe('2026-12-01');
  });

  it('asks GET /calendar/meetings for the shown range with the filters', () => {
    const range = { start: new Date('2026-10-25T07:00:00.000Z'), end: new Date('2026-12-06T08:00:00.000Z') };
    expect(calendarQuery(range, stateFromUrl(new URLSearchParams('')))).toEqual({
      startDate: '2026-10-25T07:00:00.000Z',
      endDate: '2026-12-06T08:00:00.000Z',
    });
    expect(
      calendarQuery(range, stateFromUrl(new URLSearchParams('type=task&status=blocked&search=%20tile%20&google=1'))),
    ).toEqual({
      startDate: '2026-10-25T07:00:00.000Z',
      endDate: '2026-12-06T08:00:00.000Z',
      type: 'task',
      status: 'blocked',
      search: 'tile',
      includeGoogleCalendar: true,
    });
  });

  it('offers each status value once (meeting, task and project ones)', () => {
    const values = STATUS_CHOICES.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(
      expect.arrayContaining([
        'scheduled',
        'cancelled',
        'todo',
        'in_progress',
        'blocked',
        'planning',
        'review',
        'completed',
      ]),
    );
  });
});
