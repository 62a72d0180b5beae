import { dateFormatters, formatDay, formatInstant } from './dates';

describe('contact dates', () => {
  it('shows a calendar day (last contact, found date) as that day west of UTC; an instant in the viewer’s zone', () => {
    const west = dateFormatters('America/Los_Angeles');
    const midnightUtc = '2026-11-20T00:00:00.000Z';
    expect(west.formatDay(midnightUtc)).toMatch(/Nov 20, 2026/);
    expect(west.formatInstant(midnightUtc)).toMatch(/Nov 19, 2026/);
    expect(dateFormatters('Asia/Tokyo').formatDay('2026-11-20T00:00:00.000Z')).toMatch(/Nov 20, 2026/);
  });

  it("says 'Invalid date' for a broken value and shows the empty text for none", () => {
    expect(formatDay('not a date')).toBe('Invalid date');
    expect(formatInstant('not a date')).toBe('Invalid date');
    expect(formatDay(null)).toBe('—');
    expect(formatInstant(null, '')).toBe('');
  });
});

describe('periods (meetings, calendar items)', () => {
  // ICU puts thin and narrow no-break spaces around the dash and before AM/PM.
  const plain = (s: string) => s.replace(/[\u2009\u202f]/g, ' ');

  it('shows an all-day period as calendar days wherever the viewer is, the end day inclusive', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo']) {
      const { formatPeriod } = dateFormatters(zone);
      expect(formatPeriod('2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z', true)).toBe('Nov 20, 2026');
      expect(plain(formatPeriod('2026-11-20T00:00:00.000Z', '2026-11-22T00:00:00.000Z', true))).toBe(
        'Nov 20 – 22, 2026',
      );
    }
  });

  it("shows a timed period in the viewer's zone, across days when it spans them", () => {
    const ny = dateFormatters('America/New_York');
    expect(plain(ny.formatPeriod('2026-11-20T15:00:00.000Z', '2026-11-20T16:30:00.000Z', false))).toBe(
      'Nov 20, 2026, 10:00 – 11:30 AM',
    );
    // 02:00 UTC on the 21st is still the 20th in New York, the 21st in Tokyo.
    expect(plain(ny.formatPeriod('2026-11-21T02:00:00.000Z', '2026-11-21T03:00:00.000Z', false))).toBe(
      'Nov 20, 2026, 9:00 – 10:00 PM',
    );
    expect(plain(dateFormatters('Asia/Tokyo').formatPeriod('2026-11-21T02:00:00.000Z', null, false))).toBe(
      'Nov 21, 2026, 11:00 AM',
    );
    expect(plain(ny.formatPeriod('2026-11-20T15:00:00.000Z', '2026-11-21T16:30:00.000Z', false))).toBe(
      'Nov 20, 2026, 10:00 AM – Nov 21, 2026, 11:30 AM',
    );
  });

  it("says 'Invalid date' for a broken start and shows the start alone for a broken or earlier end", () => {
    const { formatPeriod } = dateFormatters('UTC');
    expect(formatPeriod('soon', null, false)).toBe('Invalid date');
    expect(formatPeriod('2026-11-20T00:00:00.000Z', 'later', true)).toBe('Nov 20, 2026');
    expect(formatPeriod('2026-11-22T00:00:00.000Z', '2026-11-20T00:00:00.000Z', true)).toBe('Nov 22, 2026');
  });
});
