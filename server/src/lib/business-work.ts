import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors';

/**
 * Heavy work per business (an export, a CSV upload's parse, a validate, an import start): each holds the event loop
 * and the database for a while, and on PGlite they share one thread with every other business's requests. A
 * business runs at most `perBusiness` of them at once; one more waits up to `maxWaitMs` for a slot (at most
 * `maxWaiting` waiters per business), past that it is answered 429 RATE_LIMITED with Retry-After
 * (docs/architecture.md, "Heavy work is capped per business").
 */
export interface BusinessWorkLimiter {
  /** A slot of the business: resolves with its release (idempotent), or rejects with a 429 AppError when busy. */
  acquire(businessId: string): Promise<() => void>;
}

export interface WorkLimits {
  perBusiness: number;
  maxWaiting: number;
  maxWaitMs: number;
}

export const HEAVY_WORK_LIMITS: WorkLimits = { perBusiness: 2, maxWaiting: 4, maxWaitMs: 10_000 };
/** Seconds a client waits before trying again after a busy answer. */
export const BUSY_RETRY_AFTER_S = 5;
export const BUSY_MESSAGE =
  'Another export or import of this business is still running. Please try again in a few seconds.';

const busy = () => new AppError('RATE_LIMITED', BUSY_MESSAGE);

interface Waiter {
  grant(release: () => void): void;
}

/** The in-process limiter: counters and FIFO queues in this process (a shared store would replace it). */
export class InProcessWorkLimiter implements BusinessWorkLimiter {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly limits: WorkLimits = HEAVY_WORK_LIMITS) {}

  /** Operations running for the business now (for tests and diagnostics). */
  active(businessId: string): number {
    return this.running.get(businessId) ?? 0;
  }

  /** Operations of the business waiting for a slot. */
  waitingFor(businessId: string): number {
    return this.waiting.get(businessId)?.length ?? 0;
  }

  acquire(businessId: string): Promise<() => void> {
    const running = this.active(businessId);
    if (running < this.limits.perBusiness) {
      this.running.set(businessId, running + 1);
      return Promise.resolve(this.releaser(businessId));
    }
    const queue = this.waiting.get(businessId) ?? [];
    if (queue.length >= this.limits.maxWaiting || this.limits.maxWaitMs <= 0) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        const left = (this.waiting.get(businessId) ?? []).filter((w) => w !== waiter);
        this.setQueue(businessId, left);
        reject(busy());
      }, this.limits.maxWaitMs);
      timer.unref();
      queue.push(waiter);
      this.waiting.set(businessId, queue);
    });
  }

  private releaser(businessId: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(businessId) ?? [];
      const next = queue.shift();
      this.setQueue(businessId, queue);
      // The slot passes straight to the first waiter (the count stays); otherwise it is freed.
      if (next) next.grant(this.releaser(businessId));
      else {
        const left = this.active(businessId) - 1;
        if (left > 0) this.running.set(businessId, left);
        else this.running.delete(businessId);
      }
    };
  }

  private setQueue(businessId: string, queue: Waiter[]) {
    if (queue.length > 0) this.waiting.set(businessId, queue);
    else this.waiting.delete(businessId);
  }
}

/** One limiter per server: the contacts and the import routes are sibling plugins and must share it. */
const limiters = new WeakMap<object, BusinessWorkLimiter>();
export function businessWork(app: FastifyInstance): BusinessWorkLimiter {
  let limiter = limiters.get(app.server);
  if (!limiter) {
    limiter = new InProcessWorkLimiter();
    limiters.set(app.server, limiter);
  }
  return limiter;
}

/**
 * Holds a slot of the business for the rest of this request: released when its answer is sent (a streamed one
 * when the stream has ended) or its connection closes. Busy: the 429 carries Retry-After.
 */
export async function holdWorkSlot(limiter: BusinessWorkLimiter, businessId: string, reply: FastifyReply) {
  let release: () => void;
  try {
    release = await limiter.acquire(businessId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    }
    throw error;
  }
  const response = reply.raw;
  if (response.writableFinished || response.destroyed || response.closed) {
    release();
    return;
  }
  response.once('finish', release);
  response.once('close', release);
}
