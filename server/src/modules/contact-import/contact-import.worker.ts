import { randomUUID } from 'node:crypto';
import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_BATCH_SIZE,
  CONTACT_IMPORT_MESSAGES as M,
  type ContactImportRowError,
} from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactImportRepository, ImportCandidate, JobRow } from './contact-import.repository';
import { yieldToEventLoop } from './event-loop';
import { checkRow, rowNumberIn } from './rows';

export interface ContactImportWorkerOptions {
  /** Idle poll for new or abandoned jobs (ms). Default 1000. */
  pollMs?: number;
  /** How long a claim holds a job without progress before another instance may take it over (ms). Default 30 s. */
  leaseMs?: number;
  /** Claims of one job before it counts as failing for good. Default 5. */
  maxAttempts?: number;
  /** Delay before a job whose chunk failed is tried again, times its attempts (ms). Default 5 s. */
  retryDelayMs?: number;
  /** How often expired uploads are deleted (ms). Default 10 min. */
  cleanupEveryMs?: number;
  /** Identifies this worker's leases; default a random UUID. */
  instanceId?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

const silent = { info() {}, warn() {}, error() {} };

/** Why a job stopped before its end. */
class JobAbandoned extends Error {}

/**
 * Runs import jobs from the database, one at a time per instance. Jobs are durable rows: a job left 'running' by
 * a stopped or crashed instance is taken over once its lease has run out (at once after a graceful stop), and goes
 * on at the first chunk not yet written — each chunk's contacts and the job's cursor commit together.
 */
export class ContactImportWorker {
  readonly instanceId: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly cleanupEveryMs: number;
  private readonly retryDelayMs: number;
  private readonly log: NonNullable<ContactImportWorkerOptions['log']>;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  /** Not polling (never started, or stopped). */
  private idle = true;
  /** stop() was called: the job in hand is released after its current chunk. */
  private stopping = false;
  private again = false;
  private lastCleanup = 0;

  constructor(
    private readonly repo: ContactImportRepository,
    options: ContactImportWorkerOptions = {},
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.cleanupEveryMs = options.cleanupEveryMs ?? 10 * 60_000;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.log = options.log ?? silent;
  }

  start(): void {
    if (!this.idle) return;
    this.idle = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the chunk in hand; a job in progress is released for the next worker. */
  async stop(): Promise<void> {
    this.idle = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
  }

  kick(): void {
    if (this.idle) return;
    if (this.loop) this.again = true;
    else this.schedule(0);
  }

  /** Claims and runs jobs until none is left (or `maxBatches` chunks were written: tests stop half-way). */
  async drain(limits: { maxBatches?: number } = {}): Promise<number> {
    let jobs = 0;
    let budget = limits.maxBatches ?? Infinity;
    for (;;) {
      await this.repo.failExhaustedJobs(this.maxAttempts, 'The import stopped too many times. Please try again.');
      const job = await this.repo.claimJob(this.instanceId, this.leaseMs);
      if (!job) return jobs;
      jobs++;
      budget -= await this.run(job, budget);
      if (budget <= 0 || this.stopping) return jobs;
    }
  }

  private schedule(ms: number): void {
    if (this.idle) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = null;
    if (this.loop || this.idle) return;
    this.loop = (async () => {
      do {
        this.again = false;
        try {
          await this.drain();
          if (Date.now() - this.lastCleanup >= this.cleanupEveryMs) {
            this.lastCleanup = Date.now();
            const removed = await this.repo.deleteExpiredUploads();
            if (removed > 0) this.log.info({ removed }, 'contact import: expired uploads deleted');
          }
        } catch (error) {
          if (!this.stopping) this.log.error({ err: error }, 'contact import: worker pass failed');
        }
      } while (this.again && !this.idle);
    })().finally(() => {
      this.loop = null;
      this.schedule(this.pollMs);
    });
  }

  /** Runs a claimed job from its cursor; answers the number of chunks written. */
  private async run(job: JobRow, budget: number): Promise<number> {
    let written = 0;
    try {
      const upload = job.uploadId ? await this.repo.findUploadById(job.uploadId) : null;
      if (!upload) {
        await this.repo.failJob(job.id, this.instanceId, M.uploadExpired);
        return 0;
      }
      const chunkCount = Math.ceil(upload.rowCount / CONTACT_IMPORT_BATCH_SIZE);
      const firstRow = job.nextChunk < chunkCount ? await this.firstRowByEmail(job, upload.headers, chunkCount) : null;
      const fields = CONTACT_IMPORT_FIELDS.filter((f) => Object.values(job.mapping).includes(f));

      for (let chunk = job.nextChunk; chunk < chunkCount; chunk++) {
        if (this.stopping || written >= budget) {
          if (this.stopping) await this.repo.releaseJob(job.id, this.instanceId);
          return written;
        }
        const stored = await this.repo.readChunk(upload.id, chunk);
        if (!stored) throw new Error(`chunk ${chunk} of upload ${upload.id} is missing`);
        const { rows } = stored;
        const candidates: ImportCandidate[] = [];
        const errors: ContactImportRowError[] = [];
        let skipped = 0;
        rows.forEach((cells, i) => {
          const checked = checkRow(upload.headers, cells, job.mapping, rowNumberIn(stored, chunk, i));
          if (!checked.ok) {
            skipped++;
            errors.push(...checked.errors);
          } else if ((firstRow!.get(checked.email) ?? checked.row) !== checked.row) {
            skipped++;
            errors.push({
              row: checked.row,
              field: 'email',
              message: M.duplicateInFile(firstRow!.get(checked.email)!),
            });
          } else {
            candidates.push({ email: checked.email, contact: checked.contact, changes: checked.changes });
          }
        });
        const result = await this.repo.applyBatch({
          jobId: job.id,
          instanceId: this.instanceId,
          chunk,
          businessId: job.businessId,
          createdBy: job.createdBy,
          fields,
          candidates,
          rows: rows.length,
          skipped,
          errors,
          leaseMs: this.leaseMs,
        });
        if (!result) throw new JobAbandoned();
        written++;
        await yieldToEventLoop();
      }
      await this.repo.completeJob(job.id, this.instanceId);
      this.log.info({ jobId: job.id }, 'contact import: job completed');
    } catch (error) {
      if (error instanceof JobAbandoned) {
        this.log.warn({ jobId: job.id }, 'contact import: job taken over by another worker');
      } else if (job.attempts >= this.maxAttempts) {
        this.log.error({ err: error, jobId: job.id }, 'contact import: job failed');
        await this.repo.failJob(job.id, this.instanceId, 'The import failed. Please try again.').catch(() => undefined);
      } else {
        // Stays 'running' with its cursor; claimed again (by any instance) after a growing delay.
        this.log.warn({ err: error, jobId: job.id }, 'contact import: batch failed, will retry');
        await this.repo.retryLater(job.id, this.instanceId, this.retryDelayMs * job.attempts).catch(() => undefined);
      }
    }
    return written;
  }

  /**
   * For each email that more than one row has (any case), the first valid row with it: the later rows with that
   * email are skipped. Derived from the stored rows alone, so a resumed job computes the same answer. The first pass
   * only reads the email cells; rows are checked in full only for the emails that repeat.
   */
  private async firstRowByEmail(job: JobRow, headers: string[], chunkCount: number): Promise<Map<string, number>> {
    const emailColumn = headers.findIndex((h) => job.mapping[h] === 'email');
    const seen = new Set<string>();
    const repeated = new Set<string>();
    const keyOf = (cells: string[]) => (cells[emailColumn] ?? '').trim().toLowerCase();
    for (let chunk = 0; chunk < chunkCount; chunk++) {
      for (const cells of (await this.repo.readChunk(job.uploadId!, chunk))?.rows ?? []) {
        const key = keyOf(cells);
        if (seen.has(key)) repeated.add(key);
        else seen.add(key);
      }
      await yieldToEventLoop();
    }
    const first = new Map<string, number>();
    if (repeated.size === 0) return first;
    for (let chunk = 0; chunk < chunkCount; chunk++) {
      const stored = (await this.repo.readChunk(job.uploadId!, chunk)) ?? { rows: [], rowNumbers: null };
      stored.rows.forEach((cells, i) => {
        if (!repeated.has(keyOf(cells))) return;
        const checked = checkRow(headers, cells, job.mapping, rowNumberIn(stored, chunk, i));
        if (checked.ok && !first.has(checked.email)) first.set(checked.email, checked.row);
      });
      if (chunk % 10 === 9) await this.repo.extendLease(job.id, this.instanceId, this.leaseMs);
      await yieldToEventLoop();
    }
    return first;
  }
}
