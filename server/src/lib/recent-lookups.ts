import type { SharedVersion } from './redis';

/**
 * A few seconds' memory of lookups that every request repeats (the session behind an access token), so a burst
 * of requests — a page opening fires several at once, the global search three — reads the database once.
 *
 * Correctness rests on `forget()`: the app calls it before answering any unsafe request (POST, PUT, PATCH,
 * DELETE), so a sign-out, a revoked session or a changed membership is seen by the very next request this
 * process serves. A lookup that was in flight while something was forgotten is not kept (it may have read the old
 * state). Misses (`null`) are never kept.
 *
 * Other processes: alone, another API process sees such a change within `ttlMs`. With a `shared` version (Redis,
 * when REDIS_URL is set) `forget()` also moves the shared version on before the answer goes out, and every lookup
 * first reads it: a remembered entry is used only while the version is the one it was loaded under, so every process
 * sees the change from the next request on. When the version cannot be read, nothing remembered is trusted.
 */
export class RecentLookups<T> {
  private readonly entries = new Map<string, { value: T; until: number; version: string | undefined }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly shared?: SharedVersion,
  ) {}

  async get(key: string, load: () => Promise<T | null>, now = Date.now): Promise<T | null> {
    const version = this.shared ? await this.shared.read() : undefined;
    // The shared version is unknown (Redis away): read the database, keep nothing.
    if (version === null) return load();
    const hit = this.entries.get(key);
    if (hit && hit.until > now() && hit.version === version) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation && this.ttlMs > 0) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: now() + this.ttlMs, version });
    }
    return value;
  }

  /** Drops what this process remembers at once; with a shared version, every process's (resolves once moved on). */
  forget(): Promise<void> {
    this.generation++;
    this.entries.clear();
    return this.shared ? this.shared.bump() : Promise.resolve();
  }
}
