import { allZones, zonedWallToIso } from './zoned-time';

describe('zoned wall time → instant', () => {
  it('reads the wall time in the event zone, across DST', () => {
    expect(zonedWallToIso('2030-03-01T18:00', 'Europe/Paris')).toBe('2030-03-01T17:00:00.000Z');
    expect(zonedWallToIso('2030-07-01T18:00', 'Europe/Paris')).toBe('2030-07-01T16:00:00.000Z');
    expect(zonedWallToIso('2030-07-01T09:30', 'America/New_York')).toBe('2030-07-01T13:30:00.000Z');
    expect(zonedWallToIso('2030-01-01T00:00', 'UTC')).toBe('2030-01-01T00:00:00.000Z');
    expect(zonedWallToIso('2030-01-01T05:45', 'Asia/Kathmandu')).toBe('2030-01-01T00:00:00.000Z');
  });
  it('an empty or malformed value is null', () => {
    expect(zonedWallToIso('', 'UTC')).toBeNull();
    expect(zonedWallToIso('2030-01-01', 'UTC')).toBeNull();
  });
  it('lists the zones, UTC among them', () => {
    expect(allZones()).toEqual(expect.arrayContaining(['UTC', 'Europe/Berlin']));
  });
});
