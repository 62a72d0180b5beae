import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  test('blocks a key after `limit` hits inside the window, per key, and forgets old hits', () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(3, 15 * 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blocked('a@example.com')).toBe(false);
      limiter.hit('a@example.com');
      now += 60_000;
    }
    expect(limiter.blocked('a@example.com')).toBe(true);
    expect(limiter.blocked('b@example.com')).toBe(false);

    // 15 minutes after the first hit it slides out of the window.
    now = 1_000_000 + 15 * 60_000 + 1;
    expect(limiter.blocked('a@example.com')).toBe(false);
    limiter.hit('a@example.com');
    expect(limiter.blocked('a@example.com')).toBe(true);

    limiter.reset('a@example.com');
    expect(limiter.blocked('a@example.com')).toBe(false);
  });

  test('take counts until the limit and then refuses without counting', () => {
    const limiter = new AttemptLimiter(2, 60_000, () => 0);
    expect(limiter.take('k')).toBe(true);
    expect(limiter.take('k')).toBe(true);
    expect(limiter.take('k')).toBe(false);
    expect(limiter.take('k')).toBe(false);
  });

  test('drops keys whose hits all left the window once the map grows large', () => {
    let now = 0;
    const limiter = new AttemptLimiter(1, 1_000, () => now);
    for (let i = 0; i <= 10_000; i++) limiter.hit(`old-${i}`);
    now = 120_000;
    limiter.hit('fresh');
    const size = (limiter as unknown as { hits: Map<string, number[]> }).hits.size;
    expect(size).toBe(1);
  });
});
