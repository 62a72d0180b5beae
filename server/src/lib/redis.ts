/**
 * Redis, when `REDIS_URL` is set: what several API processes behind one address must share (rate-limit counters,
 * the session-check version). Without it each process keeps these in its own memory, which is right for one
 * process — the embedded default.
 *
 * Redis going away never hangs a request: the client does not queue commands while disconnected (they fail at
 * once) and gives a command 1 s. What each user does then is its own decision (docs/architecture.md, "More than one
 * API process"): counters fall back to this process's memory, session checks read the database every time.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type { Redis };

export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** A command gets this long before it fails (and its caller degrades). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export function createRedis(url: string, log: RedisLog): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis is unreachable: counters fall back to this process, sessions are read from the database',
    );
  });
  client.on('ready', () => {
    if (down) log.info({}, 'Redis is back');
    down = false;
  });
  return client;
}

/** Waits (at most `ms`) for the first connection, so a process that starts with Redis up shares from its first request. */
export async function redisReady(client: Redis, ms = 3_000): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const onReady = () => done(true);
    function done(ok: boolean) {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    }
    client.on('ready', onReady);
  });
}

/** Closes the connection without waiting on an unreachable server. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/**
 * A version number every process reads before it trusts something it remembers, and any process moves on when that
 * memory must be dropped everywhere (lib/recent-lookups.ts). `read` answers null when the version cannot be read:
 * the caller must then trust nothing it remembers.
 */
export interface SharedVersion {
  read(): Promise<string | null>;
  bump(): Promise<void>;
}

export class RedisVersion implements SharedVersion {
  private lastWarn = 0;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly log: RedisLog,
  ) {}

  async read(): Promise<string | null> {
    try {
      return (await this.redis.get(this.key)) ?? '';
    } catch (error) {
      this.warn(error, 'Redis: the session-check version could not be read; sessions are read from the database');
      return null;
    }
  }

  async bump(): Promise<void> {
    try {
      // A random value, not a counter: after a Redis restart (the key gone) no old value can come back.
      await this.redis.set(this.key, randomUUID());
    } catch (error) {
      // Other processes that can still read Redis may trust a session lookup up to SESSION_CONTEXT_TTL_MS longer.
      this.warn(error, 'Redis: the session-check version could not be moved on');
    }
  }

  private warn(error: unknown, msg: string): void {
    if (Date.now() - this.lastWarn < 60_000) return;
    this.lastWarn = Date.now();
    this.log.warn({ err: error }, msg);
  }
}
