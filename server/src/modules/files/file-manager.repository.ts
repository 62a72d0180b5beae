import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FileOrigin, FileTypeGroup } from '@atrium/domain-documents/schemas';
import type { Database } from '../../db/client';
import { fileFolders, meetings, projects, tasks, users, workFiles } from '../../db/schema';

/** A file as the file manager lists it: its owner (if any) with the owner's title, its folder and uploader. */
export interface LibraryRow {
  id: string;
  name: string;
  mime: string;
  size: number;
  createdAt: Date;
  folderId: string | null;
  projectId: string | null;
  taskId: string | null;
  meetingId: string | null;
  ownerTitle: string | null;
  uploaderId: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
}

export interface FolderRow {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: Date;
}

export interface LibraryFilter {
  /** A folder's id, 'root' (in no folder), or undefined (everywhere). */
  folderId?: string;
  origin?: FileOrigin;
  type?: FileTypeGroup;
  search?: string;
}

const COLUMNS = {
  id: workFiles.id,
  name: workFiles.name,
  mime: workFiles.mime,
  size: workFiles.size,
  createdAt: workFiles.createdAt,
  folderId: workFiles.folderId,
  projectId: workFiles.projectId,
  taskId: workFiles.taskId,
  meetingId: workFiles.meetingId,
  ownerTitle: sql<string | null>`coalesce(${projects.title}, ${tasks.title}, ${meetings.title})`,
  uploaderId: users.id,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const originIs = (origin: FileOrigin): SQL => {
  switch (origin) {
    case 'project':
      return sql`${workFiles.projectId} IS NOT NULL`;
    case 'task':
      return sql`${workFiles.taskId} IS NOT NULL`;
    case 'meeting':
      return sql`${workFiles.meetingId} IS NOT NULL`;
    case 'upload':
      return and(isNull(workFiles.projectId), isNull(workFiles.taskId), isNull(workFiles.meetingId))!;
  }
};

const typeIs = (type: FileTypeGroup): SQL => {
  switch (type) {
    case 'image':
      return sql`${workFiles.mime} LIKE 'image/%'`;
    case 'pdf':
      return eq(workFiles.mime, 'application/pdf');
    case 'spreadsheet':
      return or(
        eq(workFiles.mime, 'text/csv'),
        eq(workFiles.mime, 'application/vnd.ms-excel'),
        sql`${workFiles.mime} LIKE '%spreadsheet%'`,
      )!;
    case 'text':
      return and(sql`${workFiles.mime} LIKE 'text/%'`, sql`${workFiles.mime} <> 'text/csv'`)!;
    case 'archive':
      return eq(workFiles.mime, 'application/zip');
    case 'document':
      return sql`${workFiles.mime} IN ('application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')`;
  }
};

/**
 * The file manager's SQL over `work_files` (every file of a business, whoever owns it) and `file_folders`. Every
 * query is scoped by the business.
 */
export class FileManagerRepository {
  constructor(private readonly db: Database) {}

  private where(businessId: string, filter: LibraryFilter): SQL {
    return and(
      eq(workFiles.businessId, businessId),
      eq(workFiles.complete, true),
      filter.folderId === 'root'
        ? isNull(workFiles.folderId)
        : filter.folderId
          ? eq(workFiles.folderId, filter.folderId)
          : undefined,
      filter.origin ? originIs(filter.origin) : undefined,
      filter.type ? typeIs(filter.type) : undefined,
      filter.search ? ilike(workFiles.name, `%${likeEscape(filter.search)}%`) : undefined,
    )!;
  }

  private select() {
    return this.db
      .select(COLUMNS)
      .from(workFiles)
      .leftJoin(users, eq(users.id, workFiles.uploadedBy))
      .leftJoin(projects, eq(projects.id, workFiles.projectId))
      .leftJoin(tasks, eq(tasks.id, workFiles.taskId))
      .leftJoin(meetings, eq(meetings.id, workFiles.meetingId));
  }

  /** One page, newest first, and how many match. */
  async list(
    businessId: string,
    filter: LibraryFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: LibraryRow[]; total: number }> {
    const where = this.where(businessId, filter);
    const [rows, [totals]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(desc(workFiles.createdAt), desc(workFiles.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(workFiles).where(where),
    ]);
    return { rows, total: Number(totals?.n ?? 0) };
  }

  async find(businessId: string, id: string): Promise<LibraryRow | null> {
    const [row] = await this.select().where(
      and(eq(workFiles.businessId, businessId), eq(workFiles.id, id), eq(workFiles.complete, true)),
    );
    return row ?? null;
  }

  async update(businessId: string, id: string, set: { name?: string; folderId?: string | null }): Promise<boolean> {
    const done = await this.db
      .update(workFiles)
      .set(set)
      .where(and(eq(workFiles.businessId, businessId), eq(workFiles.id, id), eq(workFiles.complete, true)))
      .returning({ id: workFiles.id });
    return done.length > 0;
  }

  /** Deletes a file whoever owns it (its chunks by the cascade). */
  async delete(businessId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(workFiles)
      .where(and(eq(workFiles.businessId, businessId), eq(workFiles.id, id), eq(workFiles.complete, true)))
      .returning({ id: workFiles.id });
    return gone.length > 0;
  }

  /** Bytes and files by origin (complete files only). */
  async usage(businessId: string): Promise<{ origin: FileOrigin; bytes: number; files: number }[]> {
    const origin = sql<FileOrigin>`CASE WHEN ${workFiles.projectId} IS NOT NULL THEN 'project'
      WHEN ${workFiles.taskId} IS NOT NULL THEN 'task'
      WHEN ${workFiles.meetingId} IS NOT NULL THEN 'meeting' ELSE 'upload' END`;
    const rows = await this.db
      .select({ origin, bytes: sql<string>`coalesce(sum(${workFiles.size}), 0)`, files: count() })
      .from(workFiles)
      .where(and(eq(workFiles.businessId, businessId), eq(workFiles.complete, true)))
      .groupBy(origin);
    return rows.map((r) => ({ origin: r.origin, bytes: Number(r.bytes), files: Number(r.files) }));
  }

  // ----- folders

  async folders(businessId: string): Promise<FolderRow[]> {
    return this.db
      .select({
        id: fileFolders.id,
        name: fileFolders.name,
        parentId: fileFolders.parentId,
        createdAt: fileFolders.createdAt,
      })
      .from(fileFolders)
      .where(eq(fileFolders.businessId, businessId))
      .orderBy(asc(sql`lower(${fileFolders.name})`), asc(fileFolders.id));
  }

  async folder(businessId: string, id: string): Promise<FolderRow | null> {
    const [row] = await this.db
      .select({
        id: fileFolders.id,
        name: fileFolders.name,
        parentId: fileFolders.parentId,
        createdAt: fileFolders.createdAt,
      })
      .from(fileFolders)
      .where(and(eq(fileFolders.businessId, businessId), eq(fileFolders.id, id)));
    return row ?? null;
  }

  async insertFolder(businessId: string, name: string, parentId: string | null): Promise<FolderRow> {
    const [row] = await this.db.insert(fileFolders).values({ businessId, name, parentId }).returning({
      id: fileFolders.id,
      name: fileFolders.name,
      parentId: fileFolders.parentId,
      createdAt: fileFolders.createdAt,
    });
    return row!;
  }

  async updateFolder(businessId: string, id: string, set: { name?: string; parentId?: string | null }): Promise<void> {
    await this.db
      .update(fileFolders)
      .set(set)
      .where(and(eq(fileFolders.businessId, businessId), eq(fileFolders.id, id)));
  }

  /** Deletes a folder only when it holds no file and no folder (one statement: nothing slips in between). */
  async deleteEmptyFolder(businessId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(fileFolders)
      .where(
        and(
          eq(fileFolders.businessId, businessId),
          eq(fileFolders.id, id),
          sql`NOT EXISTS (SELECT 1 FROM ${workFiles} WHERE ${workFiles.folderId} = ${id})`,
          sql`NOT EXISTS (SELECT 1 FROM ${fileFolders} child WHERE child.parent_id = ${id})`,
        ),
      )
      .returning({ id: fileFolders.id });
    return gone.length > 0;
  }
}
