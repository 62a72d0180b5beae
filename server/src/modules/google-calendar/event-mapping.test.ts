import { eventIdFor, fromGoogleEvent, guestsOf, markerOf, toGoogleEvent, UNTITLED_EVENT } from './event-mapping';
import { classifyGoogleError } from './google-api';

const meeting = {
  id: '0b9f3c2e-7a1d-4c55-9e0f-2f6d8b1a3c4d',
  businessId: 'biz-1',
  title: 'Review',
  description: null,
  location: 'Room 2',
  startAt: new Date('2026-12-24T00:00:00.000Z'),
  endAt: new Date('2026-12-26T00:00:00.000Z'),
  isAllDay: true,
};

describe('event mapping', () => {
  it('attendees with an address become guests (lower-cased, once each, with their name); none given, none touched', () => {
    const event = toGoogleEvent(meeting, {
      withMarker: false,
      attendees: [
        { email: 'Ada@Example.com', name: 'Ada Lovelace' },
        { email: 'ada@example.com', name: 'Again' },
        { email: null, name: 'No address' },
        { email: 'grace@example.com', name: null },
      ],
    });
    expect(event.attendees).toEqual([
      { email: 'ada@example.com', displayName: 'Ada Lovelace' },
      { email: 'grace@example.com' },
    ]);
    expect(toGoogleEvent(meeting, { withMarker: false }).attendees).toBeUndefined();
    expect(toGoogleEvent(meeting, { withMarker: false, attendees: [] }).attendees).toEqual([]);
  });

  it('guests read back: the calendar owner (self) and rooms left out, addresses lower-cased, once each', () => {
    expect(
      guestsOf({
        attendees: [
          { email: 'me@gmail.example', self: true, organizer: true },
          { email: 'Room-1@resource.calendar.google.com', resource: true },
          { email: 'Ada@Example.com', displayName: 'Ada' },
          { email: 'ada@example.com' },
          { displayName: 'No address' },
        ],
      }),
    ).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);
  });

  it('derives a valid Google event id (base32hex, 5–1024) from the meeting id, the same every time', () => {
    const id = eventIdFor(meeting.id);
    expect(id).toBe('atrium0b9f3c2e7a1d4c559e0f2f6d8b1a3c4d');
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(eventIdFor('not-a-uuid_ä')).toMatch(/^[a-v0-9]{5,1024}$/);
  });

  it('all-day: the inclusive last day becomes Google’s exclusive end date, and back', () => {
    const event = toGoogleEvent(meeting, { withMarker: true });
    expect(event.start).toEqual({ date: '2026-12-24', dateTime: null });
    expect(event.end).toEqual({ date: '2026-12-27', dateTime: null });
    expect(markerOf(event)).toEqual({ meetingId: meeting.id, businessId: 'biz-1' });
    const read = fromGoogleEvent({ ...event, start: { date: '2026-12-24' }, end: { date: '2026-12-27' } })!;
    expect(read.isAllDay).toBe(true);
    expect(read.startAt.toISOString()).toBe('2026-12-24T00:00:00.000Z');
    expect(read.endAt.toISOString()).toBe('2026-12-26T00:00:00.000Z');
  });

  it('timed: instants both ways; a one-day all-day event keeps start = end', () => {
    const timed = toGoogleEvent(
      {
        ...meeting,
        isAllDay: false,
        startAt: new Date('2026-12-01T09:30:00Z'),
        endAt: new Date('2026-12-01T10:00:00Z'),
      },
      { withMarker: false },
    );
    expect(timed.start).toEqual({ dateTime: '2026-12-01T09:30:00.000Z', date: null });
    expect(timed.extendedProperties).toBeUndefined();
    const read = fromGoogleEvent({
      start: { dateTime: '2026-12-01T10:30:00+01:00' },
      end: { dateTime: '2026-12-01T11:00:00+01:00' },
    })!;
    expect(read.startAt.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    const oneDay = fromGoogleEvent({ start: { date: '2026-12-05' }, end: { date: '2026-12-06' } })!;
    expect(oneDay.endAt.toISOString()).toBe(oneDay.startAt.toISOString());
  });

  it('reads an untitled event, and refuses one without dates (a cancelled stub)', () => {
    expect(fromGoogleEvent({ start: { date: '2026-12-05' }, end: { date: '2026-12-06' } })!.title).toBe(UNTITLED_EVENT);
    expect(fromGoogleEvent({ id: 'x', status: 'cancelled' })).toBeNull();
  });
});

describe('Google errors, classified for the sync', () => {
  const gaxios = (status: number, data: unknown) => ({ message: 'x', response: { status, data } });
  it.each([
    [gaxios(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }), 'auth'],
    [gaxios(401, { error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] } }), 'auth'],
    [
      gaxios(403, { error: { code: 403, message: 'Forbidden', errors: [{ reason: 'insufficientPermissions' }] } }),
      'auth',
    ],
    [
      gaxios(403, { error: { code: 403, message: 'Rate', errors: [{ reason: 'userRateLimitExceeded' }] } }),
      'transient',
    ],
    [
      gaxios(429, { error: { code: 429, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] } }),
      'transient',
    ],
    [
      gaxios(503, { error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] } }),
      'transient',
    ],
    [{ message: 'fetch failed', code: 'ECONNRESET' }, 'transient'],
    [
      gaxios(410, {
        error: { code: 410, message: 'Sync token is no longer valid', errors: [{ reason: 'fullSyncRequired' }] },
      }),
      'gone',
    ],
    [
      gaxios(412, { error: { code: 412, message: 'Precondition Failed', errors: [{ reason: 'conditionNotMet' }] } }),
      'precondition',
    ],
    [gaxios(409, { error: { code: 409, message: 'The requested identifier already exists.' } }), 'conflict'],
    [gaxios(404, { error: { code: 404, message: 'Not Found' } }), 'not_found'],
    [gaxios(400, { error: { code: 400, message: 'The specified time range is empty.' } }), 'invalid'],
  ])('%j → %s', (error, kind) => {
    expect(classifyGoogleError(error).kind).toBe(kind);
  });
});
