/**
 * A few seconds' memory of lookups that every request repeats (the session behind an access token), so a burst
 * of requests — a page opening fires several at once, the global search three — reads the database once.
 *
 * Correctness rests on `forget()`: the app calls it before answering any unsafe request (POST, PUT, PATCH,
 * DELETE), so a sign-out, a revoked session or a changed membership is seen by the very next request this
 * process serves. Another server process sees it within `ttlMs`. A lookup that was in flight while something was
 * forgotten is not kept (it may have read the old state). Misses (`null`) are never kept.
 */
export class RecentLookups<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  async get(key: string, load: () => Promise<T | null>, now = Date.now): Promise<T | null> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation && this.ttlMs > 0) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: now() + this.ttlMs });
    }
    return value;
  }

  forget(): void {
    this.generation++;
    this.entries.clear();
  }
}
