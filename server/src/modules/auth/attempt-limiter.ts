/**
 * Counts events per key in a sliding window, in memory (per process: with several API instances each keeps
 * its own count, so the effective limit is at most limit × instances). Used for failed sign-ins per account
 * and for mails per address.
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastPrune = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key already used up its attempts in the current window. */
  blocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  hit(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    // Forgotten keys are dropped now and then, so the map stays bounded by the keys of one window.
    if (this.hits.size > 10_000 && this.now() - this.lastPrune > 60_000) this.prune();
  }

  /** Counts an attempt unless the key is blocked; false when it was. */
  take(key: string): boolean {
    if (this.blocked(key)) return false;
    this.hit(key);
    return true;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    this.lastPrune = this.now();
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > since)) this.hits.delete(key);
    }
  }
}
