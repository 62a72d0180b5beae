/**
 * The Redis pieces against a real Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379), in the services pass with
 * PostgreSQL: counters shared by two clients (two processes), windows, and what happens when Redis is away.
 */
import { randomBytes } from 'node:crypto';
import { createRedis, redisReady, RedisVersion, type Redis } from '../../lib/redis';
import { AttemptLimiter } from './attempt-limiter';
import { RedisCounterStore } from './redis-counter-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Redis counters and session-check version', () => {
  const prefix = `atrium-test-${randomBytes(5).toString('hex')}:`;
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => void warnings.push(msg), info: () => undefined };
  const clients: Redis[] = [];
  const client = async (url = REDIS_URL) => {
    const c = createRedis(url, log);
    clients.push(c);
    if (url === REDIS_URL) expect(await redisReady(c)).toBe(true);
    return c;
  };

  afterAll(async () => {
    const c = clients[0]!;
    const keys = await c.keys(`${prefix}*`);
    if (keys.length > 0) await c.del(...keys);
    for (const x of clients) x.disconnect();
  });

  test('two processes count one window: the limit holds across them, and a reset clears it for both', async () => {
    const a = new AttemptLimiter(new RedisCounterStore(await client(), prefix, log), 'login-source', 3, 60_000);
    const b = new AttemptLimiter(new RedisCounterStore(await client(), prefix, log), 'login-source', 3, 60_000);
    const taken = [await a.take('k'), await b.take('k'), await a.take('k'), await b.take('k')];
    expect(taken.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(taken[3]!.resetInMs).toBeGreaterThan(59_000);
    expect(taken[3]!.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await b.check('k')).toMatchObject({ exhausted: true, remaining: 0 });
    await a.reset('k');
    expect(await b.check('k')).toMatchObject({ exhausted: false, remaining: 3, resetInMs: 0 });
  });

  test('a window ends after its time: the count starts again', async () => {
    const limiter = new AttemptLimiter(new RedisCounterStore(await client(), prefix, log), 'short', 1, 150);
    expect((await limiter.take('k')).allowed).toBe(true);
    expect((await limiter.take('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect((await limiter.take('k')).allowed).toBe(true);
  });

  test("Redis away: counters fall back to this process's memory (still limited, logged), the version reads as unknown", async () => {
    const away = await client('redis://127.0.0.1:1');
    const limiter = new AttemptLimiter(new RedisCounterStore(away, prefix, log), 'login-source', 2, 60_000);
    const started = Date.now();
    const taken = [await limiter.take('k'), await limiter.take('k'), await limiter.take('k')];
    expect(taken.map((t) => t.allowed)).toEqual([true, true, false]);
    // No command waits for a connection that is not there.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(warnings).toContain("Redis: attempt counters fall back to this process's memory");
    const version = new RedisVersion(away, `${prefix}session-version`, log);
    expect(await version.read()).toBeNull();
    await version.bump(); // logged, not thrown
  });

  test('the session-check version moves on to a value never seen before', async () => {
    const version = new RedisVersion(await client(), `${prefix}session-version`, log);
    const before = await version.read();
    await version.bump();
    const after = await version.read();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });
});
