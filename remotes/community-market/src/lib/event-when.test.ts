import { eventWhen, eventWhere, seatsText } from './event-when';

const e = {
  startsAt: '2030-03-01T17:00:00.000Z',
  endsAt: '2030-03-01T20:00:00.000Z',
  timeZone: 'Europe/Paris',
};

describe('event texts', () => {
  it('shows the event in its own zone, and the viewer’s time when the zones differ', () => {
    const same = eventWhen(e, 'Europe/Paris');
    expect(same.own).toMatch(/6:00.*9:00.*PM \(Europe\/Paris\)$/);
    expect(same.local).toBeNull();
    const ny = eventWhen(e, 'America/New_York');
    expect(ny.local).toMatch(/12:00.*3:00.*PM your time$/);
  });
  it('where and seats', () => {
    expect(eventWhere({ mode: 'online', place: null })).toBe('Online');
    expect(eventWhere({ mode: 'in_person', place: 'Berlin' })).toBe('Berlin');
    expect(seatsText({ capacity: null, goingCount: 3, waitlistCount: 0 })).toBe('3 going');
    expect(seatsText({ capacity: 3, goingCount: 3, waitlistCount: 2 })).toBe('3 going of 3 (full), 2 on the waitlist');
    expect(seatsText({ capacity: 10, goingCount: 4, waitlistCount: 0 })).toBe('4 going of 10 (6 left)');
  });
});
