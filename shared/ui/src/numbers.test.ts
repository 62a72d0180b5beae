import { formatCount } from './numbers';

describe('formatCount', () => {
  it('groups thousands with commas whatever the browser locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(200000)).toBe('200,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
