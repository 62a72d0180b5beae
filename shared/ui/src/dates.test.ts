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
