import {
  calendarItemMoveSchema,
  calendarQuerySchema,
  MEETING_MESSAGES,
  meetingInputSchema,
  meetingRangeParamsSchema,
  meetingUpdateSchema,
} from './meeting';

/** The meeting rules of docs/requirements.md ("Meetings and calendar"), as the form and the server both apply them. */
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]);

const base = { title: 'Site visit', startDate: '2026-11-20T10:00:00Z', endDate: '2026-11-20T11:00:00Z' };

describe('meeting rules', () => {
  test.each([
    ['no end', { ...base, endDate: undefined }, [['endDate', MEETING_MESSAGES.endRequired]]],
    ['blank end', { ...base, endDate: '  ' }, [['endDate', MEETING_MESSAGES.endRequired]]],
    ['no start', { ...base, startDate: undefined }, [['startDate', MEETING_MESSAGES.startRequired]]],
    ['a date that does not parse', { ...base, startDate: 'next tuesday' }, [['startDate', 'Invalid meeting dates']]],
    ['end before start', { ...base, endDate: '2026-11-20T09:00:00Z' }, [['endDate', MEETING_MESSAGES.endBeforeStart]]],
    ['no title', { ...base, title: ' ' }, [['title', MEETING_MESSAGES.titleRequired]]],
    [
      'an attendee of another kind',
      { ...base, attendees: [{ id: 'a', model: 'Robot' }] },
      [['attendees.0.model', 'Attendee model must be one of: Contact, User']],
    ],
    ['all good, all-day on one day', { ...base, isAllDay: true, startDate: '2026-11-20', endDate: '2026-11-20' }, []],
  ])('create: %s', (_name, input, expected) => {
    expect(issues(meetingInputSchema.safeParse(input))).toEqual(expected);
  });

  test('create defaults: scheduled, meeting, not all-day, no attendees, no Google sync', () => {
    expect(meetingInputSchema.parse(base)).toMatchObject({
      status: 'scheduled',
      type: 'meeting',
      isAllDay: false,
      attendees: [],
      syncToGoogleCalendar: false,
      organizer: null,
    });
  });

  test('update is partial; the order is checked when both dates are given', () => {
    expect(issues(meetingUpdateSchema.safeParse({ title: 'Only the title' }))).toEqual([]);
    expect(issues(meetingUpdateSchema.safeParse({ startDate: '2026-11-21', endDate: '2026-11-20' }))).toEqual([
      ['endDate', MEETING_MESSAGES.endBeforeStart],
    ]);
    expect(issues(meetingUpdateSchema.safeParse({ endDate: 'soon' }))).toEqual([['endDate', 'Invalid meeting dates']]);
  });

  test('ranges: both dates, in order, at most 400 days; a date that does not parse says so once', () => {
    const range = { startDate: '2026-11-01', endDate: '2026-12-01' };
    expect(meetingRangeParamsSchema.parse(range)).toEqual({ ...range, includeGoogleCalendar: false });
    expect(issues(meetingRangeParamsSchema.safeParse({ ...range, endDate: 'soon' }))).toEqual([
      ['endDate', 'Invalid meeting dates'],
    ]);
    const far = issues(meetingRangeParamsSchema.safeParse({ ...range, endDate: '2028-01-01' }));
    expect(far).toEqual([['endDate', 'The range must end after it starts and span at most 400 days']]);
  });

  test('calendar query: kinds comma-separated, each one known', () => {
    const range = { startDate: '2026-11-01', endDate: '2026-12-01' };
    expect(calendarQuerySchema.parse({ ...range, type: 'meeting, task' }).type).toEqual(['meeting', 'task']);
    expect(calendarQuerySchema.parse(range).type).toEqual([]);
    expect(issues(calendarQuerySchema.safeParse({ ...range, type: 'holiday' }))).toEqual([
      ['type.0', 'Type must be one of: meeting, task, project'],
    ]);
  });

  test('a move names the kind (meeting by default) and keeps the date order', () => {
    expect(calendarItemMoveSchema.parse({ startDate: '2026-11-20', endDate: '2026-11-21' }).type).toBe('meeting');
    expect(
      issues(calendarItemMoveSchema.safeParse({ type: 'task', startDate: '2026-11-21', endDate: '2026-11-20' })),
    ).toEqual([['endDate', MEETING_MESSAGES.endBeforeStart]]);
  });
});
