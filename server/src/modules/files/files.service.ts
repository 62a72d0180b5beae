import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_KINDS,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILES_PER_UPLOAD,
  fileKindSchema,
  type FileKind,
  type WorkFile,
} from '@atrium/domain-work/schemas';
import { API_ROOT } from '@atrium/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sanitizeFileName, sniffFileType, SNIFF_BYTES } from '../../lib/file-sniff';
import { isUploadPart, uploadFailure, type UploadField, type UploadPart } from '../../lib/file-upload';
import type { FileOwner, FileRow, FilesRepository, RecordOwner } from './files.repository';

export type { FileOwner } from './files.repository';
export type { UploadField, UploadPart } from '../../lib/file-upload';

/** The bytes of a file are stored in pieces of this size (the last one shorter). */
export const CHUNK_BYTES = 256 * 1024;
/** The multipart fields a file may come in. */
const FILE_FIELDS = new Set(['files', 'file']);
/** An upload left incomplete this long was cut off (its process stopped): the next upload to its owner removes it. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface FilesOptions {
  /** Largest file in bytes (default FILE_MAX_BYTES); tests pass a small one. */
  maxBytes?: number;
  /** Most files per upload (default FILES_PER_UPLOAD). */
  maxFiles?: number;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
const noFile = () => new AppError('VALIDATION_ERROR', FILE_MESSAGES.noFile);
const badKind = (message: string) =>
  new AppError('VALIDATION_ERROR', 'Validation failed', [{ field: 'kind', message }]);

/** Where the browser reads a file (same origin, with the session). */
export function fileUrl(
  owner: { projectId: string | null; taskId: string | null; meetingId?: string | null },
  fileId: string,
): string {
  // An upload to the file manager (no owner) is read at /files/{id}/download.
  if (!owner.projectId && !owner.taskId && !owner.meetingId)
    return `${API_ROOT}/files/${encodeURIComponent(fileId)}/download`;
  const base = owner.projectId
    ? `${API_ROOT}/projects/${encodeURIComponent(owner.projectId)}`
    : owner.meetingId
      ? `${API_ROOT}/meetings/${encodeURIComponent(owner.meetingId)}`
      : `${API_ROOT}/tasks/${encodeURIComponent(owner.taskId ?? '')}`;
  return `${base}/attachments/${encodeURIComponent(fileId)}`;
}

export function toWorkFile(row: FileRow): WorkFile {
  return {
    _id: row.id,
    name: row.name,
    url: fileUrl(row, row.id),
    type: row.mime,
    size: row.size,
    kind: row.kind,
    uploadedBy: row.uploaderId
      ? {
          _id: row.uploaderId,
          name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Files of projects and tasks (attachments, designs, floor plans), stored in the database in 256 KB chunks so
 * that every API process sees them and a database backup holds them. The projects and tasks services check
 * who may do what and call these methods with an owner in the caller's business; every query here is scoped
 * by that business and owner too.
 */
export class FilesService {
  private readonly maxBytes: number;
  private readonly maxFiles: number;

  constructor(
    private readonly repo: FilesRepository,
    options: FilesOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? FILE_MAX_BYTES;
    this.maxFiles = options.maxFiles ?? FILES_PER_UPLOAD;
  }

  /**
   * Stores every file part of an upload (field 'files' or 'file'; an optional text field 'kind', default
   * 'attachment', one of `opts.kinds`) — all or nothing. Over the size → 413 tooLarge; more than maxFiles →
   * 400 tooMany; a type not in FILE_TYPES by its bytes → 415 unsupported; no file → 400 noFile; a kind not
   * allowed → 400 with a field message. Each part streams into chunks (never a whole file in memory); its type
   * is sniffed from the first chunk, its name sanitised. The rows stay incomplete (never listed) until every
   * part is stored; on any failure everything this call wrote is deleted.
   */
  async saveUpload(
    owner: FileOwner,
    uploadedBy: string | null,
    parts: AsyncIterable<UploadPart | UploadField>,
    opts: { kinds?: readonly FileKind[]; maxFiles?: number } = {},
  ): Promise<WorkFile[]> {
    const kinds = opts.kinds ?? FILE_KINDS;
    const maxFiles = Math.min(opts.maxFiles ?? this.maxFiles, this.maxFiles);
    let kind: FileKind = 'attachment';
    const written: string[] = [];
    let stored = 0;
    try {
      if (!(await this.repo.ownerExists(owner))) throw new AppError('NOT_FOUND');
      for await (const part of parts) {
        if (isUploadPart(part)) {
          if (!FILE_FIELDS.has(part.fieldname) || !part.filename) {
            // Another field's file, or an empty file input (no name): read past it.
            await drain(part.file);
            continue;
          }
          if (stored >= maxFiles) {
            await drain(part.file);
            throw new AppError('VALIDATION_ERROR', FILE_MESSAGES.tooMany);
          }
          await this.storePart(owner, uploadedBy, part, kind, written);
          stored++;
        } else if (part.fieldname === 'kind') {
          kind = this.kindOf(part.value, kinds);
        }
      }
      if (stored === 0) throw noFile();
      if (!kinds.includes(kind)) throw badKind(`Kind must be one of: ${kinds.join(', ')}`);
      await this.repo.completeFiles(owner, written, kind);
    } catch (error) {
      // If even this fails (the database is away), the rows stay incomplete and the owner's next upload
      // removes them (deleteStale).
      await this.repo.deleteFiles(written).catch(() => undefined);
      throw uploadFailure(error);
    }
    await this.repo.deleteStale(owner, STALE_UPLOAD_MS).catch(() => 0);
    return (await this.repo.list(owner, { ids: written })).map(toWorkFile);
  }

  private kindOf(value: unknown, kinds: readonly FileKind[]): FileKind {
    const parsed = fileKindSchema.safeParse(typeof value === 'string' ? value.trim() : value);
    if (!parsed.success) throw badKind(parsed.error.issues[0]?.message ?? 'Invalid kind');
    if (!kinds.includes(parsed.data)) throw badKind(`Kind must be one of: ${kinds.join(', ')}`);
    return parsed.data;
  }

  /**
   * One file part into chunks: the first chunk (or the whole file when shorter) is sniffed before anything is
   * written; then every full chunk is written as it fills, so memory holds at most one chunk plus one read.
   * The file's id is pushed to `written` as soon as its row exists, so the caller's cleanup finds it.
   */
  private async storePart(
    owner: FileOwner,
    uploadedBy: string | null,
    part: UploadPart,
    kind: FileKind,
    written: string[],
  ): Promise<void> {
    const name = sanitizeFileName(part.filename);
    const hash = createHash('sha256');
    let fileId: string | null = null;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;

    const flush = async (bytes: Buffer) => {
      await this.repo.insertChunk(fileId!, seq++, bytes);
    };
    const start = async (head: Buffer, whole: boolean) => {
      const mime = sniffFileType(head.subarray(0, SNIFF_BYTES), name, whole);
      if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.unsupported);
      fileId = await this.repo.insertFile(owner, { name, mime, kind, uploadedBy });
      written.push(fileId);
    };

    try {
      for await (const data of part.file) {
        const piece = Buffer.isBuffer(data) ? data : Buffer.from(data as string);
        size += piece.length;
        if (size > this.maxBytes) throw tooLarge();
        hash.update(piece);
        pending.push(piece);
        pendingBytes += piece.length;
        while (pendingBytes >= CHUNK_BYTES) {
          const all = Buffer.concat(pending, pendingBytes);
          const chunk = all.subarray(0, CHUNK_BYTES);
          if (fileId === null) await start(chunk, false);
          await flush(chunk);
          const rest = all.subarray(CHUNK_BYTES);
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
    } catch (error) {
      throw uploadFailure(error);
    }
    if (part.file.truncated) throw tooLarge();
    if (size === 0) throw noFile();
    const last = Buffer.concat(pending, pendingBytes);
    if (fileId === null) await start(last, true);
    if (last.length > 0) await flush(last);
    await this.repo.finishFile(fileId!, size, hash.digest('hex'));
  }

  /** The owner's complete files (of one kind), oldest first. */
  async list(owner: FileOwner, kind?: FileKind): Promise<WorkFile[]> {
    return (await this.repo.list(owner, kind ? { kind } : {})).map(toWorkFile);
  }

  /** The files of many meetings, by meeting id (a meeting without files is left out). */
  async ofMeetings(businessId: string, meetingIds: string[]): Promise<Map<string, WorkFile[]>> {
    const byMeeting = new Map<string, WorkFile[]>();
    for (const row of await this.repo.ofMeetings(businessId, meetingIds)) {
      const list = byMeeting.get(row.meetingId!) ?? [];
      list.push(toWorkFile(row));
      byMeeting.set(row.meetingId!, list);
    }
    return byMeeting;
  }

  /**
   * How many files each owner has (for list rows' attachmentCount); an owner without files is 0. `db`: the
   * caller's transaction (a project's duplicate asks which of its tasks have files to copy).
   */
  async counts(
    businessId: string,
    ownerIds: string[],
    ownerType: 'project' | 'task' | 'meeting',
    db?: Executor,
  ): Promise<Map<string, number>> {
    const found = await this.repo.counts(businessId, ownerIds, ownerType, db);
    return new Map(ownerIds.map((id) => [id, found.get(id) ?? 0]));
  }

  /**
   * One file and a stream of its bytes, read from the database one chunk at a time as the client takes them;
   * null when the owner has no such file. A file deleted while it is being read ends the stream with an error
   * (the answer is cut short, never padded or mixed).
   */
  async open(owner: FileOwner, fileId: string): Promise<{ file: WorkFile; stream: Readable } | null> {
    const row = await this.repo.find(owner, fileId);
    if (!row) return null;
    return { file: toWorkFile(row), stream: this.chunkStream(row.id, row.size) };
  }

  private chunkStream(fileId: string, size: number): Readable {
    let seq = 0;
    let sent = 0;
    const repo = this.repo;
    return new Readable({
      highWaterMark: CHUNK_BYTES,
      read() {
        repo.chunk(fileId, seq++).then(
          (bytes) => {
            if (bytes) {
              sent += bytes.length;
              this.push(bytes);
              if (sent >= size) this.push(null);
            } else if (sent === size) this.push(null);
            else this.destroy(new Error(`file ${fileId} ended after ${sent} of ${size} bytes`));
          },
          (error: Error) => this.destroy(error),
        );
      },
    });
  }

  /** Deletes one file of the owner (and its chunks); the file as it was, or null when there is none. */
  async remove(owner: FileOwner, fileId: string, db?: Executor): Promise<WorkFile | null> {
    const row = await this.repo.find(owner, fileId, db);
    if (!row) return null;
    return (await this.repo.delete(owner, fileId, db)) ? toWorkFile(row) : null;
  }

  /** Copies every file of `from` to `to` inside the caller's transaction (a duplicate); answers how many. */
  async copyAll(from: RecordOwner, to: RecordOwner, db: Executor): Promise<number> {
    return this.repo.copyAll(from, to, db);
  }
}

/** Reads a part to its end without keeping it (busboy only moves on to the next part once this one is read). */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  try {
    for await (const _ of stream) void _;
  } catch {
    // The part's own error is reported by the parts iterator.
  }
}
