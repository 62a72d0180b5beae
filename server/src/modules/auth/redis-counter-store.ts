import type { Redis, RedisLog } from '../../lib/redis';
import { MemoryCounterStore, type CounterStore, type CounterWindow } from './attempt-limiter';

/**
 * The attempt counters in Redis (REDIS_URL), shared by every API process: INCR, then PEXPIRE NX opens the window at
 * the first hit, PTTL says when it ends — in one MULTI, so concurrent attempts on any process each count once.
 *
 * Redis away: each call falls back to this process's memory (logged once a minute). The limits still hold per
 * process — at most limit × processes, as without Redis — rather than not at all; the memory's counts are not
 * merged back when Redis returns (its windows simply start again).
 */
export class RedisCounterStore implements CounterStore {
  private lastWarn = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: RedisLog,
    private readonly fallback: CounterStore = new MemoryCounterStore(),
  ) {}

  async increment(key: string, windowMs: number): Promise<CounterWindow> {
    const k = this.key(key);
    try {
      const replies = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const [count, , ttl] = answers(replies, 3);
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
    } catch (error) {
      this.degraded(error);
      return this.fallback.increment(key, windowMs);
    }
  }

  async get(key: string): Promise<CounterWindow> {
    const k = this.key(key);
    try {
      const replies = await this.redis.multi().get(k).pttl(k).exec();
      const [count, ttl] = answers(replies, 2);
      if (count === null || Number(ttl) <= 0) return { count: 0, resetInMs: 0 };
      return { count: Number(count), resetInMs: Number(ttl) };
    } catch (error) {
      this.degraded(error);
      return this.fallback.get(key);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    try {
      await this.redis.del(this.key(key));
    } catch (error) {
      this.degraded(error);
    }
  }

  private key(key: string): string {
    return `${this.prefix}count:${key}`;
  }

  private degraded(error: unknown): void {
    if (Date.now() - this.lastWarn < 60_000) return;
    this.lastWarn = Date.now();
    this.log.warn({ err: error }, "Redis: attempt counters fall back to this process's memory");
  }
}

/** The replies of a MULTI, or the first error in it. */
function answers(replies: [Error | null, unknown][] | null, n: number): unknown[] {
  if (!replies || replies.length !== n) throw new Error('Redis transaction aborted');
  return replies.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}
