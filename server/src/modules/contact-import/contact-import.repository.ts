import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  CONTACT_IMPORT_JOB_ERROR_LIMIT,
  type ContactImportField,
  type ContactImportRowError,
} from '@atrium/domain-crm/schemas';
import { resultRows, type Database, type Executor } from '../../db/client';
import { lockContactEmails, lockImportStart } from '../../db/locks';
import { contactImportChunks, contactImportJobs, contactImportUploads, contacts } from '../../db/schema';
import { toChunks, type ImportedContact, type StoredChunk } from './rows';

export type UploadRow = typeof contactImportUploads.$inferSelect;
export type JobRow = typeof contactImportJobs.$inferSelect;

/** Chunks written per INSERT when an upload is stored. */
const CHUNKS_PER_INSERT = 10;
/** Emails per lookup when counting existing contacts. */
const LOOKUP_SLICE = 1000;

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

export interface ImportCandidate {
  email: string;
  contact: ImportedContact;
  changes: Partial<ImportedContact>;
}

export interface BatchWrite {
  jobId: string;
  instanceId: string;
  chunk: number;
  businessId: string;
  createdBy: string | null;
  /** The fields the mapping fills: the columns an update may change. */
  fields: ContactImportField[];
  /** Valid rows, one per email. */
  candidates: ImportCandidate[];
  /** Rows of the chunk (valid or not). */
  rows: number;
  skipped: number;
  errors: ContactImportRowError[];
  leaseMs: number;
}

export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** Each statement is scoped to a business or to a job the worker holds. */
export class ContactImportRepository {
  constructor(private readonly db: Database) {}

  /** The upload and its rows in chunks, in one transaction. */
  async createUpload(input: {
    businessId: string;
    createdBy: string;
    fileName: string;
    headers: string[];
    rows: string[][];
    /** Each row's spreadsheet row number, when blank rows shift it (parseCsv). */
    rowNumbers?: number[];
    chunkSize: number;
    ttlMs: number;
  }): Promise<UploadRow> {
    return this.db.transaction(async (tx) => {
      const [upload] = await tx
        .insert(contactImportUploads)
        .values({
          businessId: input.businessId,
          createdBy: input.createdBy,
          fileName: input.fileName,
          headers: input.headers,
          rowCount: input.rows.length,
          expiresAt: sql`now() + make_interval(secs => ${input.ttlMs / 1000})`,
        })
        .returning();
      const chunks = toChunks(input.rows, input.rowNumbers, input.chunkSize).map((c, i) => ({
        ...c,
        uploadId: upload!.id,
        chunk: i,
      }));
      for (let i = 0; i < chunks.length; i += CHUNKS_PER_INSERT) {
        await tx.insert(contactImportChunks).values(chunks.slice(i, i + CHUNKS_PER_INSERT));
      }
      return upload!;
    });
  }

  /** A live (unexpired) upload of the business. */
  async findUpload(businessId: string, id: string): Promise<UploadRow | null> {
    const [row] = await this.db
      .select()
      .from(contactImportUploads)
      .where(
        and(
          eq(contactImportUploads.businessId, businessId),
          eq(contactImportUploads.id, id),
          gt(contactImportUploads.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** The upload a job reads, expired or not (cleanup never deletes the upload of an unfinished job). */
  async findUploadById(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.select().from(contactImportUploads).where(eq(contactImportUploads.id, id)).limit(1);
    return row ?? null;
  }

  async readChunks(uploadId: string): Promise<StoredChunk[]> {
    return this.db
      .select({ rows: contactImportChunks.rows, rowNumbers: contactImportChunks.rowNumbers })
      .from(contactImportChunks)
      .where(eq(contactImportChunks.uploadId, uploadId))
      .orderBy(asc(contactImportChunks.chunk));
  }

  async readChunk(uploadId: string, chunk: number): Promise<StoredChunk | null> {
    const [row] = await this.db
      .select({ rows: contactImportChunks.rows, rowNumbers: contactImportChunks.rowNumbers })
      .from(contactImportChunks)
      .where(and(eq(contactImportChunks.uploadId, uploadId), eq(contactImportChunks.chunk, chunk)))
      .limit(1);
    return row ?? null;
  }

  /** Which of `emails` (lower-cased, as contacts store them) a contact of the business has. */
  async existingEmails(businessId: string, emails: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < emails.length; i += LOOKUP_SLICE) {
      const slice = emails.slice(i, i + LOOKUP_SLICE);
      const rows = await this.db
        .selectDistinct({ email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), inArray(contacts.email, slice)));
      for (const r of rows) found.add(r.email);
    }
    return found;
  }

  /** Deletes expired uploads (their chunks cascade) unless an unfinished job still reads them. */
  async deleteExpiredUploads(): Promise<number> {
    const deleted = await this.db
      .delete(contactImportUploads)
      .where(
        and(
          lt(contactImportUploads.expiresAt, sql`now()`),
          sql`NOT EXISTS (SELECT 1 FROM ${contactImportJobs} WHERE ${contactImportJobs.uploadId} = ${contactImportUploads.id} AND ${contactImportJobs.status} IN ('queued', 'running'))`,
        ),
      )
      .returning({ id: contactImportUploads.id });
    return deleted.length;
  }

  /**
   * The upload's queued or running job if it has one (`created: false`), else a new one — decided under a
   * per-upload lock, so two requests at once (a double click) make one job.
   */
  async startJob(input: {
    businessId: string;
    uploadId: string;
    createdBy: string;
    mapping: Record<string, ContactImportField>;
    total: number;
  }): Promise<{ job: JobRow; created: boolean }> {
    return this.db.transaction(async (tx) => {
      await lockImportStart(tx, input.uploadId);
      const running = await this.findUnfinishedJob(input.businessId, input.uploadId, tx);
      if (running) return { job: running, created: false };
      const [job] = await tx.insert(contactImportJobs).values(input).returning();
      return { job: job!, created: true };
    });
  }

  async findJob(businessId: string, id: string): Promise<JobRow | null> {
    const [row] = await this.db
      .select()
      .from(contactImportJobs)
      .where(and(eq(contactImportJobs.businessId, businessId), eq(contactImportJobs.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** The queued or running job of an upload, if any. */
  async findUnfinishedJob(businessId: string, uploadId: string, db: Executor = this.db): Promise<JobRow | null> {
    const [row] = await db
      .select()
      .from(contactImportJobs)
      .where(
        and(
          eq(contactImportJobs.businessId, businessId),
          eq(contactImportJobs.uploadId, uploadId),
          inArray(contactImportJobs.status, ['queued', 'running']),
        ),
      )
      .orderBy(asc(contactImportJobs.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Jobs whose lease ran out after `maxAttempts` claims: they keep dying, so they are failed. */
  async failExhaustedJobs(maxAttempts: number, failure: string): Promise<number> {
    const rows = await this.db
      .update(contactImportJobs)
      .set({
        status: 'failed',
        failure,
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(contactImportJobs.status, 'running'),
          sql`${contactImportJobs.attempts} >= ${maxAttempts}`,
          or(isNull(contactImportJobs.lockedUntil), lt(contactImportJobs.lockedUntil, sql`now()`)),
        ),
      )
      .returning({ id: contactImportJobs.id });
    return rows.length;
  }

  /**
   * Takes the oldest job that is queued, or running with no live lease (its worker stopped or died, or a chunk
   * failed and its retry delay has passed), and leases it to this instance. SKIP LOCKED: instances claiming at once take different jobs.
   */
  async claimJob(instanceId: string, leaseMs: number): Promise<JobRow | null> {
    return this.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: contactImportJobs.id })
        .from(contactImportJobs)
        .where(
          or(
            eq(contactImportJobs.status, 'queued'),
            and(
              eq(contactImportJobs.status, 'running'),
              or(
                isNull(contactImportJobs.lockedUntil),
                lt(contactImportJobs.lockedUntil, sql`now()`),
                // A worker runs one job at a time: when it claims, a lease of its own is not in use.
                eq(contactImportJobs.lockedBy, instanceId),
              ),
            ),
          ),
        )
        .orderBy(asc(contactImportJobs.createdAt), asc(contactImportJobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return null;
      const [job] = await tx
        .update(contactImportJobs)
        .set({
          status: 'running',
          lockedBy: instanceId,
          lockedUntil: leaseEnd(leaseMs),
          attempts: sql`${contactImportJobs.attempts} + 1`,
          startedAt: sql`coalesce(${contactImportJobs.startedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(contactImportJobs.id, next.id))
        .returning();
      return job ?? null;
    });
  }

  /**
   * Takes the import for one run of its background job (`holder` = `<job id>/<run>`). Free to take: queued; running
   * with no holder (released, or a chunk failed); running whose holder stopped beating (lease out); or running under
   * an earlier run of the same background job (`sameJob` prefix) — the job engine ran it again because that run
   * stopped beating, so it is dead or, if not, fenced off by its holder name. Null when finished or held by a live
   * run of another job.
   */
  async claimForRun(importId: string, holder: string, sameJob: string, leaseMs: number): Promise<JobRow | null> {
    const [job] = await this.db
      .update(contactImportJobs)
      .set({
        status: 'running',
        lockedBy: holder,
        lockedUntil: leaseEnd(leaseMs),
        attempts: sql`${contactImportJobs.attempts} + 1`,
        startedAt: sql`coalesce(${contactImportJobs.startedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(contactImportJobs.id, importId),
          or(
            eq(contactImportJobs.status, 'queued'),
            and(
              eq(contactImportJobs.status, 'running'),
              or(
                isNull(contactImportJobs.lockedBy),
                isNull(contactImportJobs.lockedUntil),
                lt(contactImportJobs.lockedUntil, sql`now()`),
                sql`starts_with(${contactImportJobs.lockedBy}, ${sameJob})`,
              ),
            ),
          ),
        ),
      )
      .returning();
    return job ?? null;
  }

  /** Unfinished imports not touched for `idleMs` (the job engine is asked whether they still have a job). */
  async idleUnfinishedJobs(idleMs: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: contactImportJobs.id })
      .from(contactImportJobs)
      .where(
        and(
          inArray(contactImportJobs.status, ['queued', 'running']),
          lt(contactImportJobs.updatedAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Extends this instance's lease; false when the job is no longer ours. */
  async extendLease(jobId: string, instanceId: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(contactImportJobs)
      .set({ lockedUntil: leaseEnd(leaseMs) })
      .where(held(jobId, instanceId))
      .returning({ id: contactImportJobs.id });
    return rows.length > 0;
  }

  /** A graceful stop: the job stays 'running' with no lease, so the next worker resumes it at once. */
  async releaseJob(jobId: string, instanceId: string): Promise<void> {
    await this.db
      .update(contactImportJobs)
      .set({
        lockedBy: null,
        lockedUntil: null,
        attempts: sql`greatest(${contactImportJobs.attempts} - 1, 0)`,
        updatedAt: sql`now()`,
      })
      .where(held(jobId, instanceId));
  }

  /** After a failed chunk: no lease, and no claim before `delayMs` (the cursor stays where it is). */
  async retryLater(jobId: string, instanceId: string, delayMs: number): Promise<void> {
    await this.db
      .update(contactImportJobs)
      .set({ lockedBy: null, lockedUntil: leaseEnd(delayMs), updatedAt: sql`now()` })
      .where(held(jobId, instanceId));
  }

  async completeJob(jobId: string, instanceId: string): Promise<void> {
    await this.db
      .update(contactImportJobs)
      .set({ status: 'completed', finishedAt: sql`now()`, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(held(jobId, instanceId));
  }

  async failJob(jobId: string, instanceId: string, failure: string): Promise<void> {
    await this.db
      .update(contactImportJobs)
      .set({
        status: 'failed',
        failure,
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(held(jobId, instanceId));
  }

  /**
   * One chunk in one transaction: the contacts (created, or the existing contact with the same email updated)
   * and the job's cursor and counters. Null — and nothing written — when the job is no longer this instance's or
   * the chunk was already written (a worker whose lease ran out while another took over).
   */
  async applyBatch(w: BatchWrite): Promise<BatchResult | null> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .select({
          status: contactImportJobs.status,
          lockedBy: contactImportJobs.lockedBy,
          nextChunk: contactImportJobs.nextChunk,
          errors: contactImportJobs.errors,
        })
        .from(contactImportJobs)
        .where(eq(contactImportJobs.id, w.jobId))
        .for('update');
      if (!job || job.status !== 'running' || job.lockedBy !== w.instanceId || job.nextChunk !== w.chunk) return null;

      // Two imports (or an import and a single create) into one business never create the same email twice.
      await lockContactEmails(tx, w.businessId);
      const emails = w.candidates.map((c) => c.email);
      const existing =
        emails.length === 0
          ? []
          : await tx
              .selectDistinctOn([contacts.email], { id: contacts.id, email: contacts.email })
              .from(contacts)
              .where(and(eq(contacts.businessId, w.businessId), inArray(contacts.email, emails)))
              .orderBy(asc(contacts.email), asc(contacts.createdAt), asc(contacts.id));
      const idByEmail = new Map(existing.map((e) => [e.email, e.id]));
      const creates = w.candidates.filter((c) => !idByEmail.has(c.email));
      const updates = w.candidates.filter((c) => idByEmail.has(c.email));

      if (creates.length > 0) {
        await insertContacts(
          tx,
          w.businessId,
          w.createdBy,
          w.fields,
          creates.map((c) => c.contact),
        );
      }
      const updated =
        updates.length === 0
          ? 0
          : await updateContacts(
              tx,
              w.businessId,
              w.fields,
              updates.map((u) => ({ id: idByEmail.get(u.email)!, changes: u.changes })),
            );

      const room = CONTACT_IMPORT_JOB_ERROR_LIMIT - job.errors.length;
      await tx
        .update(contactImportJobs)
        .set({
          processed: sql`${contactImportJobs.processed} + ${w.rows}`,
          nextChunk: w.chunk + 1,
          created: sql`${contactImportJobs.created} + ${creates.length}`,
          updated: sql`${contactImportJobs.updated} + ${updated}`,
          unchanged: sql`${contactImportJobs.unchanged} + ${updates.length - updated}`,
          skipped: sql`${contactImportJobs.skipped} + ${w.skipped}`,
          errorCount: sql`${contactImportJobs.errorCount} + ${w.errors.length}`,
          ...(room > 0 && w.errors.length > 0 ? { errors: [...job.errors, ...w.errors.slice(0, room)] } : {}),
          lockedUntil: leaseEnd(w.leaseMs),
          updatedAt: sql`now()`,
        })
        .where(eq(contactImportJobs.id, w.jobId));
      return { created: creates.length, updated, unchanged: updates.length - updated };
    });
  }
}

const held = (jobId: string, instanceId: string) =>
  and(
    eq(contactImportJobs.id, jobId),
    eq(contactImportJobs.lockedBy, instanceId),
    ne(contactImportJobs.status, 'completed'),
  );

const DATE_FIELDS = new Set<ContactImportField>(['foundDate', 'lastContact']);
/** Column names come from the schema (a fixed whitelist), never from the request. */
const quote = (name: string) => `"${name}"`;
const columnsOf = (fields: readonly ContactImportField[]) =>
  fields.map((f) => ({ field: f, name: contacts[f].name, type: DATE_FIELDS.has(f) ? 'timestamptz' : 'text' }));
const jsonValue = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : value === undefined || value === null ? null : String(value);

/**
 * Creates contacts from one JSON parameter (jsonb_to_recordset): a thousand rows bind as one value, which both
 * drivers — PGlite above all — handle far faster than tens of thousands of bound parameters.
 */
async function insertContacts(
  tx: Executor,
  businessId: string,
  createdBy: string | null,
  fields: readonly ContactImportField[],
  rows: ImportedContact[],
): Promise<void> {
  // The mapped fields, and the status even when unmapped (its default comes from the schema).
  const columns = columnsOf([...new Set<ContactImportField>([...fields, 'status'])]);
  const payload = rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, jsonValue(row[c.field])])));
  const names = columns.map((c) => quote(c.name)).join(', ');
  const recordType = sql.raw(columns.map((c) => `${quote(c.name)} ${c.type}`).join(', '));
  await tx.execute(sql`
    INSERT INTO ${contacts} (id, business_id, created_by, ${sql.raw(names)})
    SELECT gen_random_uuid()::text, ${businessId}, ${createdBy}, ${sql.raw(names)}
    FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(${recordType})`);
}

/**
 * Sets the mapped, non-blank fields of existing contacts in one statement; a contact whose values are already
 * those is left alone (no write, updated_at kept), so re-running an import changes nothing. Answers how many
 * contacts changed.
 */
async function updateContacts(
  tx: Executor,
  businessId: string,
  fields: ContactImportField[],
  rows: { id: string; changes: Partial<ImportedContact> }[],
): Promise<number> {
  // Email is the match key: it already holds the value.
  const columns = columnsOf(fields.filter((f) => f !== 'email'));
  if (columns.length === 0) return 0;
  const payload = rows.map((r) => ({
    id: r.id,
    ...Object.fromEntries(columns.map((c) => [c.name, jsonValue(r.changes[c.field])])),
  }));
  const q = quote;
  const recordType = sql.raw(['id text', ...columns.map((c) => `${q(c.name)} ${c.type}`)].join(', '));
  const next = columns.map((c) => `coalesce(v.${q(c.name)}, c.${q(c.name)})`);
  const assignments = sql.raw(columns.map((c, i) => `${q(c.name)} = ${next[i]}`).join(', '));
  const differs = sql.raw(`(${columns.map((c) => `c.${q(c.name)}`).join(', ')}) IS DISTINCT FROM (${next.join(', ')})`);
  const result = await tx.execute(sql`
    UPDATE ${contacts} AS c SET ${assignments}, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(${recordType})
    WHERE c.id = v.id AND c.business_id = ${businessId} AND ${differs}
    RETURNING c.id`);
  return resultRows(result).length;
}
