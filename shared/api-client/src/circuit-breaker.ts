/** Allows at most `limit` events inside a sliding `windowMs` (CSRF renewal: 3 within 60 s). */
export class CircuitBreaker {
  private stamps: number[] = [];
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  tryAcquire(): boolean {
    const t = this.now();
    this.stamps = this.stamps.filter((s) => t - s < this.windowMs);
    if (this.stamps.length >= this.limit) return false;
    this.stamps.push(t);
    return true;
  }
}
