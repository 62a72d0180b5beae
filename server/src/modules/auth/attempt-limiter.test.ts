import { AttemptLimiter, MemoryCounterStore } from './attempt-limiter';

describe('MemoryCounterStore', () => {
  test('counts per key in a fixed window and says when it ends; the count starts again after it', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 15_000;
    expect(await store.increment('a', 60_000)).toEqual({ count: 2, resetInMs: 45_000 });
    expect(await store.get('a')).toEqual({ count: 2, resetInMs: 45_000 });
    expect(await store.get('b')).toEqual({ count: 0, resetInMs: 0 });

    now += 45_000;
    expect(await store.get('a')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.increment('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await store.delete('a');
    expect(await store.get('a')).toEqual({ count: 0, resetInMs: 0 });
  });

  test('drops windows that ended once the map grows large', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    for (let i = 0; i <= 10_000; i++) await store.increment(`old-${i}`, 1_000);
    now = 120_000;
    await store.increment('fresh', 1_000);
    expect(store.size).toBe(1);
  });
});

describe('AttemptLimiter', () => {
  test('check/hit report limit, remaining and the wait; exhausted at the limit; keys and names are apart', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    const limiter = new AttemptLimiter(store, 'fail', 3, 15 * 60_000);
    const other = new AttemptLimiter(store, 'other', 3, 15 * 60_000);
    expect(await limiter.check('a')).toEqual({ limit: 3, remaining: 3, resetInMs: 0, exhausted: false });
    await limiter.hit('a');
    now += 60_000;
    await limiter.hit('a');
    expect(await limiter.hit('a')).toEqual({ limit: 3, remaining: 0, resetInMs: 14 * 60_000, exhausted: true });
    expect((await limiter.check('b')).exhausted).toBe(false);
    expect((await other.check('a')).exhausted).toBe(false);

    now = 15 * 60_000;
    expect((await limiter.check('a')).exhausted).toBe(false);
    await limiter.hit('a');
    await limiter.reset('a');
    expect((await limiter.check('a')).remaining).toBe(3);
  });

  test('take allows up to the limit, also when the attempts arrive at once', async () => {
    const limiter = new AttemptLimiter(new MemoryCounterStore(() => 0), 'mail', 2, 60_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => limiter.take('k')));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false, false]);
    expect(results[3]).toMatchObject({ remaining: 0, resetInMs: 60_000 });
  });
});
