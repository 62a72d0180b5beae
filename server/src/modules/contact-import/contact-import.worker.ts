import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_BATCH_SIZE,
  CONTACT_IMPORT_MESSAGES as M,
  type ContactImportRowError,
} from '@atrium/domain-crm/schemas';
import { JobReleased, type JobContext, type QueueDefinition } from '../../lib/jobs';
import type { ContactImportRepository, ImportCandidate, JobRow } from './contact-import.repository';
import { yieldToEventLoop } from './event-loop';
import { checkRow, rowNumberIn } from './rows';

/** The job engine's queue of imports (lib/jobs.ts). */
export const CONTACT_IMPORT_QUEUE = 'contact-import';

export interface ContactImportJobData {
  importId: string;
}

export interface ContactImportWorkerOptions {
  /**
   * How long an import's holder counts as alive without a heartbeat (ms; beats every second). Past it the import
   * shows as resuming. Default 3 s.
   */
  leaseMs?: number;
  /** Heartbeats a background run may miss before the job engine runs it again elsewhere (s). Default 5. */
  graceSeconds?: number;
  /** Runs of one import before it counts as failing for good. Default 5. */
  maxAttempts?: number;
  /** Delay before a run that failed is tried again, doubling (s). Default 2. */
  retryDelaySeconds?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

const silent = { info() {}, warn() {}, error() {} };

/** Why a run stopped before the import's end. */
class JobAbandoned extends Error {}

export type RunOutcome = 'completed' | 'failed' | 'not-ours' | 'paused';

export interface RunOptions {
  /** This run's name on the import row: `<job id>/<random>`. */
  holder: string;
  /** Earlier runs of the same background job: the prefix `<job id>/`. */
  sameJob: string;
  signal?: AbortSignal;
  /** Tests: stop after this many chunks (as a run that died there). */
  maxBatches?: number;
}

/**
 * Runs one import from its cursor: each chunk's contacts and the import's cursor commit together, and each write is
 * fenced by the run's holder name, so a chunk is never written twice — whoever ran before, and however it ended.
 */
export class ContactImportRunner {
  readonly leaseMs: number;
  readonly maxAttempts: number;
  private readonly log: NonNullable<ContactImportWorkerOptions['log']>;

  constructor(
    private readonly repo: ContactImportRepository,
    options: ContactImportWorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 3_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.log = options.log ?? silent;
  }

  /**
   * Claims the import and runs it. Throws `JobReleased` when stopped for a shutdown (the import released for the next
   * worker) and the chunk's error when a chunk failed (the import released; the job engine runs it again later).
   */
  async run(importId: string, options: RunOptions): Promise<RunOutcome> {
    const job = await this.repo.claimForRun(importId, options.holder, options.sameJob, this.leaseMs);
    if (!job) return 'not-ours';
    if (job.attempts > this.maxAttempts) {
      await this.repo.failJob(job.id, options.holder, 'The import stopped too many times. Please try again.');
      this.log.error({ jobId: job.id }, 'contact import: stopped too many times');
      return 'failed';
    }
    this.log.info({ jobId: job.id, attempt: job.attempts, atRow: job.processed }, 'contact import: run started');
    try {
      return await this.chunks(job, options);
    } catch (error) {
      if (error instanceof JobAbandoned) {
        this.log.warn({ jobId: job.id }, 'contact import: taken over by another run');
        return 'not-ours';
      }
      if (error instanceof JobReleased) {
        await this.repo.releaseJob(job.id, options.holder);
        throw error;
      }
      if (job.attempts >= this.maxAttempts) {
        this.log.error({ err: error, jobId: job.id }, 'contact import: job failed');
        await this.repo.failJob(job.id, options.holder, 'The import failed. Please try again.');
        return 'failed';
      }
      // Stays 'running' at its cursor with no holder; the job engine runs it again after its retry delay.
      this.log.warn({ err: error, jobId: job.id }, 'contact import: batch failed, will retry');
      await this.repo.retryLater(job.id, options.holder, 0).catch(() => undefined);
      throw error;
    }
  }

  /** Extends the run's lease (its heartbeat); false when the import is no longer this run's. */
  beat(importId: string, holder: string): Promise<boolean> {
    return this.repo.extendLease(importId, holder, this.leaseMs);
  }

  private async chunks(job: JobRow, options: RunOptions): Promise<RunOutcome> {
    const { holder, signal } = options;
    let budget = options.maxBatches ?? Infinity;
    const upload = job.uploadId ? await this.repo.findUploadById(job.uploadId) : null;
    if (!upload) {
      await this.repo.failJob(job.id, holder, M.uploadExpired);
      return 'failed';
    }
    const chunkCount = Math.ceil(upload.rowCount / CONTACT_IMPORT_BATCH_SIZE);
    const firstRow = job.nextChunk < chunkCount ? await this.firstRowByEmail(job, upload.headers, chunkCount) : null;
    const fields = CONTACT_IMPORT_FIELDS.filter((f) => Object.values(job.mapping).includes(f));

    for (let chunk = job.nextChunk; chunk < chunkCount; chunk++) {
      if (signal?.aborted) throw signal.reason instanceof JobReleased ? signal.reason : new JobAbandoned();
      if (budget-- <= 0) return 'paused';
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
        instanceId: holder,
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
      await yieldToEventLoop();
    }
    await this.repo.completeJob(job.id, holder);
    this.log.info({ jobId: job.id }, 'contact import: job completed');
    return 'completed';
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
      await yieldToEventLoop();
    }
    return first;
  }
}

/**
 * The import as a background job: `POST /contacts/import` stores the import (its cursor and counters) and sends
 * `{ importId }`; any API process's worker runs it. The run beats every second — the job engine's expiry and the
 * import's lease — so when a process dies mid-import the import shows as resuming after `leaseMs` and another
 * process (or the restarted one) goes on at its cursor a few seconds later (`graceSeconds` + the engine's
 * maintenance interval + a poll), instead of the 30 s lease of the hand-written loop this replaced.
 */
export function contactImportQueue(
  runner: ContactImportRunner,
  options: Pick<ContactImportWorkerOptions, 'graceSeconds' | 'retryDelaySeconds'> = {},
): QueueDefinition<ContactImportJobData> {
  return {
    name: CONTACT_IMPORT_QUEUE,
    // One more run than attempts: the run after the last one marks the import failed ('stopped too many times').
    retryLimit: runner.maxAttempts,
    retryDelaySeconds: options.retryDelaySeconds ?? 2,
    retryBackoff: true,
    heartbeatSeconds: 1,
    graceSeconds: options.graceSeconds ?? 5,
    async handler({ importId }: ContactImportJobData, job: JobContext) {
      const holder = `${job.id}/${randomUUID()}`;
      job.onBeat(() => runner.beat(importId, holder));
      await runner.run(importId, { holder, sameJob: `${job.id}/`, signal: job.signal });
    },
  };
}
