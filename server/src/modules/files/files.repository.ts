import { and, asc, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FileKind } from '@atrium/domain-work/schemas';
import { resultRows, type Database, type Executor } from '../../db/client';
import { fileFolders, meetings, projects, tasks, users, workFileChunks, workFiles } from '../../db/schema';

/**
 * Whose files: a project, a task or a meeting, always inside a business — or the business's file manager
 * (`library`: uploads with no owner, filed in `folderId` or in no folder).
 */
export type FileOwner = { businessId: string } & (
  | { projectId: string; taskId?: undefined; meetingId?: undefined; library?: undefined }
  | { taskId: string; projectId?: undefined; meetingId?: undefined; library?: undefined }
  | { meetingId: string; projectId?: undefined; taskId?: undefined; library?: undefined }
  | { library: true; folderId: string | null; projectId?: undefined; taskId?: undefined; meetingId?: undefined }
);
/** An owner that is a record (not the file manager). */
export type RecordOwner = Exclude<FileOwner, { library: true }>;

/** A complete file as the service maps it to the contract, with its uploader's name parts. */
export interface FileRow {
  id: string;
  projectId: string | null;
  taskId: string | null;
  meetingId: string | null;
  kind: FileKind;
  name: string;
  mime: string;
  size: number;
  createdAt: Date;
  uploaderId: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
}

export interface NewFile {
  name: string;
  mime: string;
  kind: FileKind;
  uploadedBy: string | null;
}

const FILE_COLUMNS = {
  id: workFiles.id,
  projectId: workFiles.projectId,
  taskId: workFiles.taskId,
  meetingId: workFiles.meetingId,
  kind: workFiles.kind,
  name: workFiles.name,
  mime: workFiles.mime,
  size: workFiles.size,
  createdAt: workFiles.createdAt,
  uploaderId: users.id,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

/** A PostgreSQL text[] literal ('{"a","b"}'), every element quoted and escaped. */
const textArrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** The owner's column and id (a file has at most one owner: work_files_one_owner_check). */
const ownerColumn = (owner: RecordOwner) =>
  owner.projectId !== undefined
    ? { column: workFiles.projectId, id: owner.projectId }
    : owner.taskId !== undefined
      ? { column: workFiles.taskId, id: owner.taskId }
      : { column: workFiles.meetingId, id: owner.meetingId };

/** The owner's files: the business AND the project (task, meeting) — another business's id matches nothing. */
const ownedBy = (owner: FileOwner): SQL => {
  if (owner.library) {
    // The file manager's uploads: files of the business with no owner.
    return and(
      eq(workFiles.businessId, owner.businessId),
      isNull(workFiles.projectId),
      isNull(workFiles.taskId),
      isNull(workFiles.meetingId),
    )!;
  }
  const { column, id } = ownerColumn(owner);
  return and(eq(workFiles.businessId, owner.businessId), eq(column, id))!;
};

/**
 * All the SQL of work files: `work_files` (metadata, one row per file) and `work_file_chunks` (the bytes, in
 * pieces of at most 256 KB, numbered from 0). A file being uploaded is `complete = false` and never read.
 */
export class FilesRepository {
  constructor(private readonly db: Database) {}

  /** Whether the project (task, meeting) exists in the owner's business. */
  async ownerExists(owner: FileOwner): Promise<boolean> {
    if (owner.library) {
      if (owner.folderId === null) return true;
      const [found] = await this.db
        .select({ id: fileFolders.id })
        .from(fileFolders)
        .where(and(eq(fileFolders.id, owner.folderId), eq(fileFolders.businessId, owner.businessId)));
      return found !== undefined;
    }
    const table = owner.projectId !== undefined ? projects : owner.taskId !== undefined ? tasks : meetings;
    const { id } = ownerColumn(owner);
    const result = await this.db.execute(
      sql`SELECT 1 AS found FROM ${table} WHERE ${table.id} = ${id} AND ${table.businessId} = ${owner.businessId}`,
    );
    return resultRows(result).length > 0;
  }

  /** A new file row, incomplete, with no bytes yet; answers its id. */
  async insertFile(owner: FileOwner, file: NewFile): Promise<string> {
    const [row] = await this.db
      .insert(workFiles)
      .values({
        businessId: owner.businessId,
        projectId: owner.projectId ?? null,
        taskId: owner.taskId ?? null,
        meetingId: owner.meetingId ?? null,
        folderId: owner.library ? owner.folderId : null,
        kind: file.kind,
        name: file.name,
        mime: file.mime,
        size: 0,
        sha256: '',
        complete: false,
        uploadedBy: file.uploadedBy,
      })
      .returning({ id: workFiles.id });
    return row!.id;
  }

  async insertChunk(fileId: string, seq: number, bytes: Buffer): Promise<void> {
    await this.db.insert(workFileChunks).values({ fileId, seq, bytes });
  }

  /** The size and digest of a file whose bytes are all written (still incomplete until completeFiles). */
  async finishFile(fileId: string, size: number, sha256: string): Promise<void> {
    await this.db.update(workFiles).set({ size, sha256 }).where(eq(workFiles.id, fileId));
  }

  /** Makes the files of one upload visible together, with the kind the upload named. */
  async completeFiles(owner: FileOwner, ids: string[], kind: FileKind): Promise<void> {
    await this.db
      .update(workFiles)
      .set({ complete: true, kind })
      .where(and(ownedBy(owner), inArray(workFiles.id, ids)));
  }

  /** Deletes files (and, by the cascade, their chunks) whatever their state: an upload's cleanup. */
  async deleteFiles(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(workFiles).where(inArray(workFiles.id, ids));
  }

  /**
   * Deletes the owner's uploads left incomplete for longer than `olderThanMs` (a process that stopped in the
   * middle of one could not clean up). Uses the owner's index; answers how many went.
   */
  async deleteStale(owner: FileOwner, olderThanMs: number): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanMs);
    const gone = await this.db
      .delete(workFiles)
      .where(and(ownedBy(owner), eq(workFiles.complete, false), lt(workFiles.createdAt, cutoff)))
      .returning({ id: workFiles.id });
    return gone.length;
  }

  /** The owner's complete files (of one kind, or of these ids), oldest first. */
  async list(owner: FileOwner, filter: { kind?: FileKind; ids?: string[] } = {}): Promise<FileRow[]> {
    return this.db
      .select(FILE_COLUMNS)
      .from(workFiles)
      .leftJoin(users, eq(users.id, workFiles.uploadedBy))
      .where(
        and(
          ownedBy(owner),
          eq(workFiles.complete, true),
          filter.kind ? eq(workFiles.kind, filter.kind) : undefined,
          filter.ids ? inArray(workFiles.id, filter.ids) : undefined,
        ),
      )
      .orderBy(asc(workFiles.createdAt), asc(workFiles.id));
  }

  /** The complete files of many meetings (a list of meetings shows each one's), oldest first. */
  async ofMeetings(businessId: string, meetingIds: string[]): Promise<FileRow[]> {
    if (meetingIds.length === 0) return [];
    return this.db
      .select(FILE_COLUMNS)
      .from(workFiles)
      .leftJoin(users, eq(users.id, workFiles.uploadedBy))
      .where(
        and(
          // One parameter however many meetings (a month of a busy calendar is hundreds): a text[] literal, which
          // both drivers pass as they pass any text.
          sql`${workFiles.meetingId} = ANY(${textArrayLiteral(meetingIds)}::text[])`,
          eq(workFiles.businessId, businessId),
          eq(workFiles.complete, true),
        ),
      )
      .orderBy(asc(workFiles.createdAt), asc(workFiles.id));
  }

  /** How many complete files each of the owners has (owners without files are left out). */
  async counts(
    businessId: string,
    ownerIds: string[],
    ownerType: 'project' | 'task' | 'meeting',
    db: Executor = this.db,
  ): Promise<Map<string, number>> {
    if (ownerIds.length === 0) return new Map();
    const column =
      ownerType === 'project' ? workFiles.projectId : ownerType === 'task' ? workFiles.taskId : workFiles.meetingId;
    const rows = await db
      .select({ ownerId: column, files: count() })
      .from(workFiles)
      .where(and(inArray(column, ownerIds), eq(workFiles.businessId, businessId), eq(workFiles.complete, true)))
      .groupBy(column);
    return new Map(rows.map((r) => [r.ownerId!, Number(r.files)]));
  }

  /** One complete file of the owner, or null. */
  async find(owner: FileOwner, fileId: string, db: Executor = this.db): Promise<FileRow | null> {
    const [row] = await db
      .select(FILE_COLUMNS)
      .from(workFiles)
      .leftJoin(users, eq(users.id, workFiles.uploadedBy))
      .where(and(ownedBy(owner), eq(workFiles.id, fileId), eq(workFiles.complete, true)));
    return row ?? null;
  }

  /** The bytes of one chunk, or null when there is no such chunk (the end, or the file is gone). */
  async chunk(fileId: string, seq: number): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ bytes: workFileChunks.bytes })
      .from(workFileChunks)
      .where(and(eq(workFileChunks.fileId, fileId), eq(workFileChunks.seq, seq)));
    return row?.bytes ?? null;
  }

  /** Deletes one complete file of the owner (its chunks by the cascade); false when there is none. */
  async delete(owner: FileOwner, fileId: string, db: Executor = this.db): Promise<boolean> {
    const gone = await db
      .delete(workFiles)
      .where(and(ownedBy(owner), eq(workFiles.id, fileId), eq(workFiles.complete, true)))
      .returning({ id: workFiles.id });
    return gone.length > 0;
  }

  /**
   * Copies every complete file of `from` to `to` (same name, kind, uploader and upload time; new ids) with their
   * chunks, in one statement run by PostgreSQL: no byte passes through the API process. Answers how many files.
   */
  async copyAll(from: RecordOwner, to: RecordOwner, db: Executor): Promise<number> {
    const { column, id } = ownerColumn(from);
    const source = sql`f.${sql.identifier(column.name)} = ${id}`;
    const result = await db.execute(sql`
      WITH src AS MATERIALIZED (
        SELECT f.id, gen_random_uuid()::text AS new_id
        FROM ${workFiles} f
        WHERE f.business_id = ${from.businessId} AND ${source} AND f.complete
      ), copied AS (
        INSERT INTO ${workFiles} (id, business_id, project_id, task_id, meeting_id, kind, name, mime, size, sha256,
                                  complete, uploaded_by, created_at)
        SELECT src.new_id, ${to.businessId}, ${to.projectId ?? null}::text, ${to.taskId ?? null}::text,
               ${to.meetingId ?? null}::text, f.kind, f.name, f.mime, f.size, f.sha256, true, f.uploaded_by,
               f.created_at
        FROM src JOIN ${workFiles} f ON f.id = src.id
        RETURNING id
      ), chunks AS (
        INSERT INTO ${workFileChunks} (file_id, seq, bytes)
        SELECT src.new_id, c.seq, c.bytes FROM src JOIN ${workFileChunks} c ON c.file_id = src.id
      )
      SELECT count(*)::int AS n FROM copied`);
    return Number(resultRows<{ n: number }>(result)[0]?.n ?? 0);
  }
}
