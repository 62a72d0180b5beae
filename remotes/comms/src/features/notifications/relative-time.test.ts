import { relativeTime } from './relative-time';

test('how long ago, in words', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  expect(relativeTime('2026-11-27T11:59:30Z', now)).toBe('just now');
  expect(relativeTime('2026-11-27T11:55:00Z', now)).toBe('5 min ago');
  expect(relativeTime('2026-11-27T09:00:00Z', now)).toBe('3 h ago');
  expect(relativeTime('2026-11-25T12:00:00Z', now)).toBe('2 d ago');
  expect(relativeTime('2026-10-01T12:00:00Z', now)).toMatch(/2026/);
  expect(relativeTime('nonsense', now)).toBe('');
});
