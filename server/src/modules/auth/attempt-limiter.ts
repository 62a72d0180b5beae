/**
 * Counting attempts (failed sign-ins, mails per address) in fixed windows, behind a small async store so that
 * several API processes can share their counts: the memory store below is the embedded default (per process:
 * with N instances the effective limit is at most limit × N); a Redis store implements the same three calls with
 * INCR + PEXPIRE NX + PTTL.
 */

/** A key's current window: how many attempts it holds and in how many ms it ends (0 when none is open). */
export interface CounterWindow {
  count: number;
  resetInMs: number;
}

export interface CounterStore {
  /** Adds one to the key's open window (opening one of `windowMs` at the first hit) and answers that window. */
  increment(key: string, windowMs: number): Promise<CounterWindow>;
  /** The key's open window without counting (`{ count: 0, resetInMs: 0 }` when none is open). */
  get(key: string): Promise<CounterWindow>;
  delete(key: string): Promise<void>;
}

const EMPTY: CounterWindow = { count: 0, resetInMs: 0 };

/** Counters in this process's memory. Expired windows are dropped now and then, so the map stays bounded. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastPrune = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<CounterWindow> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 10_000 && now - this.lastPrune > 60_000) this.prune(now);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async get(key: string): Promise<CounterWindow> {
    const window = this.windows.get(key);
    const now = this.now();
    if (!window || window.resetAt <= now) return EMPTY;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Keys held (for tests of the pruning). */
  get size(): number {
    return this.windows.size;
  }

  private prune(now: number): void {
    this.lastPrune = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Where a key stands against its limit — what the rate-limit headers of an answer say. */
export interface LimitState {
  limit: number;
  /** Attempts left in the window (0 when refused). */
  remaining: number;
  /** Ms until the window ends and the key is free again (0 when no window is open). */
  resetInMs: number;
  /** True when the key has used up its attempts: the next one is refused until the window ends. */
  exhausted: boolean;
}

/** One limit (`limit` attempts per `windowMs`) on the keys of one name, counted in a store. */
export class AttemptLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Where the key stands, without counting. */
  async check(key: string): Promise<LimitState> {
    return this.state(await this.store.get(this.key(key)));
  }

  /** Counts an attempt and answers where the key stands after it. */
  async hit(key: string): Promise<LimitState> {
    return this.state(await this.store.increment(this.key(key), this.windowMs));
  }

  /**
   * Counts an attempt and says whether it was within the limit — atomically (the store counts, the count decides),
   * so concurrent attempts cannot all slip through. Refused attempts count too; the window does not move.
   */
  async take(key: string): Promise<LimitState & { allowed: boolean }> {
    const window = await this.store.increment(this.key(key), this.windowMs);
    return { ...this.state(window), allowed: window.count <= this.limit };
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(this.key(key));
  }

  private key(key: string): string {
    return `${this.name}|${key}`;
  }

  private state(window: CounterWindow): LimitState {
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetInMs: window.resetInMs,
      exhausted: window.count >= this.limit,
    };
  }
}
