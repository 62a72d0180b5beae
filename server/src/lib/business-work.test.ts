import { AppError } from './errors';
import { InProcessWorkLimiter } from './business-work';

describe('InProcessWorkLimiter', () => {
  afterEach(() => jest.useRealTimers());

  test('runs `perBusiness` at once per business; the next waits its turn in order, other businesses do not', async () => {
    const limiter = new InProcessWorkLimiter({ perBusiness: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    const a1 = await limiter.acquire('a');
    const a2 = await limiter.acquire('a');
    const b1 = await limiter.acquire('b');
    const order: string[] = [];
    const a3 = limiter.acquire('a').then((release) => (order.push('a3'), release));
    const a4 = limiter.acquire('a').then((release) => (order.push('a4'), release));
    await expect(limiter.acquire('a')).rejects.toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect(limiter.waitingFor('a')).toBe(2);
    a1();
    a1(); // a second call changes nothing
    const r3 = await a3;
    expect(order).toEqual(['a3']);
    expect(limiter.active('a')).toBe(2);
    a2();
    const r4 = await a4;
    expect(order).toEqual(['a3', 'a4']);
    r3();
    r4();
    b1();
    expect(limiter.active('a')).toBe(0);
    expect(limiter.active('b')).toBe(0);
  });

  test('a waiter not served within maxWaitMs is answered busy and leaves the queue', async () => {
    jest.useFakeTimers();
    const limiter = new InProcessWorkLimiter({ perBusiness: 1, maxWaiting: 4, maxWaitMs: 5_000 });
    const release = await limiter.acquire('a');
    const late = limiter.acquire('a');
    jest.advanceTimersByTime(5_000);
    await expect(late).rejects.toBeInstanceOf(AppError);
    expect(limiter.waitingFor('a')).toBe(0);
    release();
    expect(limiter.active('a')).toBe(0);
  });

  test('with no wait allowed, a business at its cap is answered at once', async () => {
    const limiter = new InProcessWorkLimiter({ perBusiness: 1, maxWaiting: 4, maxWaitMs: 0 });
    await limiter.acquire('a');
    await expect(limiter.acquire('a')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
