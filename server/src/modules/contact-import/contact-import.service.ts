import { type FieldError } from '@atrium/contracts';
import {
  CONTACT_IMPORT_BATCH_SIZE,
  CONTACT_IMPORT_MAX_COLUMNS,
  CONTACT_IMPORT_MESSAGES as M,
  CONTACT_IMPORT_PREVIEW_ROWS,
  CONTACT_IMPORT_UPLOAD_TTL_MS,
  CONTACT_IMPORT_VALIDATE_ERROR_LIMIT,
  contactImportMappingSchema,
  suggestContactMapping,
  type ContactImportField,
  type ContactImportJob,
  type ContactImportRowError,
  type ContactUploadResult,
  type ContactValidateResult,
} from '@atrium/domain-crm/schemas';
import { AppError } from '../../lib/errors';
import { cleanHeaders, decodeUtf8, keptRows, padRow, parseCsv, toCsv } from './csv';
import type { ContactImportRepository, JobRow, UploadRow } from './contact-import.repository';
import { yieldToEventLoop } from './event-loop';
import { checkRow, rowNumber, rowNumberIn, toChunks, type StoredChunk } from './rows';

export interface Caller {
  userId: string;
  businessId: string;
}

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** Body of validate/import after the route's schema: an upload id or the rows themselves. */
export interface ImportRequest {
  uploadId?: string;
  data?: Record<string, string | number | boolean | null>[];
  mapping: Record<string, string | null>;
}

type Mapping = Record<string, ContactImportField>;

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/x-csv']);

/** .csv by name, or text/csv by type (browsers on Windows label .csv files application/vnd.ms-excel). */
export function isCsvFile(fileName: string, mimeType: string): boolean {
  return /\.csv$/i.test(fileName.trim()) || CSV_TYPES.has(mimeType.split(';', 1)[0]!.trim().toLowerCase());
}

/** `now`: the caller's clock (the lease was set by the database's; both are the servers' UTC clocks). */
export function toJobDto(job: JobRow, now = Date.now()): ContactImportJob {
  return {
    jobId: job.id,
    status: job.status,
    // Its run stopped beating (or let go after a failed batch): nobody is on it until the job engine runs it again.
    resuming: job.status === 'running' && (job.lockedUntil === null || job.lockedUntil.getTime() <= now),
    processed: job.processed,
    total: job.total,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    skipped: job.skipped,
    errors: job.errors,
    errorCount: job.errorCount,
    failure: job.failure,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The mapping of a request, checked by contracts' schema and against the file's columns. A failure is a 400 whose
 * message is the first problem ('Map a column to Email') and whose details list them all.
 */
export function parseMapping(raw: Record<string, string | null>, headers: readonly string[]): Mapping {
  const details: FieldError[] = [];
  const parsed = contactImportMappingSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      details.push({ field: ['mapping', ...issue.path.map(String)].join('.'), message: issue.message });
    }
  }
  const known = new Set(headers);
  for (const [header, field] of Object.entries(raw)) {
    if (field && !known.has(header)) {
      details.push({ field: `mapping.${header}`, message: `Column "${header}" is not in the file` });
    }
  }
  if (details.length > 0 || !parsed.success) throw new AppError('VALIDATION_ERROR', details[0]!.message, details);
  return parsed.data;
}

/**
 * `data` rows (objects keyed by column) as columns and cells; rows of blank cells are dropped. The mapping may name
 * a column by the key the caller sent ('Email ', '') or by its stored name ('Email', 'Column 2'): it comes back on
 * the stored names.
 */
function tableFromData(
  data: NonNullable<ImportRequest['data']>,
  mapping: ImportRequest['mapping'],
): {
  headers: string[];
  rows: string[][];
  rowNumbers: number[] | undefined;
  mapping: ImportRequest['mapping'];
} {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const record of data) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  if (keys.length > CONTACT_IMPORT_MAX_COLUMNS) throw new AppError('VALIDATION_ERROR', M.tooManyColumns);
  const headers = cleanHeaders(keys);
  // As in a file: the header is row 1, record i is row i + 2 (blank records keep their place).
  const { rows, rowNumbers } = keptRows(
    data.map((record) => keys.map((k) => (record[k] === null || record[k] === undefined ? '' : String(record[k])))),
    rowNumber(0),
  );
  if (rows.length === 0) throw new AppError('VALIDATION_ERROR', M.noRows);
  const stored = new Set(headers);
  const renamed = Object.fromEntries(
    Object.entries(mapping).map(([key, field]) => {
      const at = stored.has(key) ? -1 : keys.indexOf(key);
      return [at === -1 ? key : headers[at]!, field];
    }),
  );
  return { headers, rows, rowNumbers, mapping: renamed };
}

export interface ImportJobs {
  /** Queues the background run of a stored import (contact-import.worker.ts). */
  enqueue(importId: string): Promise<void>;
}

export class ContactImportService {
  constructor(
    private readonly repo: ContactImportRepository,
    private readonly jobs: ImportJobs,
  ) {}

  /** POST /contacts/upload: checks, decodes and parses the file and keeps its rows for 24 h. */
  async upload(caller: Caller, file: UploadedFile): Promise<ContactUploadResult> {
    if (!isCsvFile(file.fileName, file.mimeType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.notCsv);
    const { headers, rows, rowNumbers } = parseCsv(decodeUtf8(file.bytes));
    const upload = await this.store(caller, file.fileName, { headers, rows, rowNumbers });
    return {
      uploadId: upload.id,
      fileName: upload.fileName,
      headers,
      rowCount: rows.length,
      preview: rows.slice(0, CONTACT_IMPORT_PREVIEW_ROWS).map((row) => padRow(row, headers.length)),
      suggestedMapping: suggestContactMapping(headers),
      expiresAt: upload.expiresAt.toISOString(),
    };
  }

  /** POST /contacts/validate: what an import of these rows with this mapping would do, without writing. */
  async validate(caller: Caller, request: ImportRequest): Promise<ContactValidateResult> {
    const { headers, chunks, mapping: requested } = await this.rowsOf(caller, request);
    const mapping = parseMapping(requested, headers);

    let total = 0;
    let valid = 0;
    let invalid = 0;
    let repeated = 0;
    const problems: ContactImportRowError[] = [];
    const problemRows: (string | number)[][] = [];
    const firstRow = new Map<string, number>();
    for (const [c, chunk] of chunks.entries()) {
      for (const [i, cells] of chunk.rows.entries()) {
        const checked = checkRow(headers, cells, mapping, rowNumberIn(chunk, c, i));
        total++;
        if (!checked.ok) {
          invalid++;
          problems.push(...checked.errors);
          problemRows.push([
            checked.row,
            ...padRow(cells, headers.length),
            checked.errors.map((e) => e.message).join('; '),
          ]);
          continue;
        }
        valid++;
        const first = firstRow.get(checked.email);
        if (first === undefined) {
          firstRow.set(checked.email, checked.row);
          continue;
        }
        repeated++;
        const message = M.duplicateInFile(first);
        problems.push({ row: checked.row, field: 'email', message });
        problemRows.push([checked.row, ...padRow(cells, headers.length), message]);
      }
      await yieldToEventLoop();
    }
    const existing = (await this.repo.existingEmails(caller.businessId, [...firstRow.keys()])).size;
    return {
      total,
      valid,
      invalid,
      duplicates: existing + repeated,
      existing,
      repeated,
      errors: problems.slice(0, CONTACT_IMPORT_VALIDATE_ERROR_LIMIT),
      errorCount: problems.length,
      errorCsv: problemRows.length === 0 ? '' : toCsv([['Row', ...headers, 'Errors'], ...problemRows]),
    };
  }

  /**
   * POST /contacts/import: queues a durable job. Asking again for the same upload and mapping while it runs answers
   * the same job; another mapping then is a 409. Once it has finished, a new job runs (and changes nothing).
   */
  async start(caller: Caller, request: ImportRequest): Promise<{ jobId: string }> {
    let upload: UploadRow;
    let mapping: Mapping;
    if (request.uploadId) {
      upload = await this.liveUpload(caller, request.uploadId);
      mapping = parseMapping(request.mapping, upload.headers);
    } else {
      // Rows sent as data: the mapping is checked before they are stored (a refused mapping stores nothing).
      const table = tableFromData(request.data!, request.mapping);
      mapping = parseMapping(table.mapping, table.headers);
      upload = await this.store(caller, 'data.json', table);
    }
    const { job, created } = await this.repo.startJob({
      businessId: caller.businessId,
      uploadId: upload.id,
      createdBy: caller.userId,
      mapping,
      total: upload.rowCount,
    });
    if (!created) {
      if (sameMapping(job.mapping, mapping)) return { jobId: job.id };
      throw new AppError('CONFLICT', M.alreadyRunning);
    }
    // Should this fail (the database went away), the stored import is queued again by the resend sweep.
    await this.jobs.enqueue(job.id);
    return { jobId: job.id };
  }

  /** GET /contacts/import/:jobId */
  async status(caller: Caller, jobId: string): Promise<ContactImportJob> {
    const job = await this.repo.findJob(caller.businessId, jobId);
    if (!job) throw new AppError('NOT_FOUND', M.jobNotFound);
    return toJobDto(job);
  }

  private store(
    caller: Caller,
    fileName: string,
    { headers, rows, rowNumbers }: { headers: string[]; rows: string[][]; rowNumbers?: number[] },
  ): Promise<UploadRow> {
    return this.repo.createUpload({
      businessId: caller.businessId,
      createdBy: caller.userId,
      fileName: fileName.slice(0, 255),
      headers,
      rows,
      rowNumbers,
      chunkSize: CONTACT_IMPORT_BATCH_SIZE,
      ttlMs: CONTACT_IMPORT_UPLOAD_TTL_MS,
    });
  }

  private async liveUpload(caller: Caller, uploadId: string): Promise<UploadRow> {
    const upload = await this.repo.findUpload(caller.businessId, uploadId);
    if (!upload) throw new AppError('NOT_FOUND', M.uploadNotFound);
    return upload;
  }

  private async rowsOf(
    caller: Caller,
    request: ImportRequest,
  ): Promise<{ headers: string[]; chunks: StoredChunk[]; mapping: ImportRequest['mapping'] }> {
    if (request.data) {
      const { headers, rows, rowNumbers, mapping } = tableFromData(request.data, request.mapping);
      const chunks = toChunks(rows, rowNumbers);
      return { headers, chunks, mapping };
    }
    const upload = await this.liveUpload(caller, request.uploadId!);
    return { headers: upload.headers, chunks: await this.repo.readChunks(upload.id), mapping: request.mapping };
  }
}

function sameMapping(a: Mapping, b: Mapping): boolean {
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k])
  );
}
