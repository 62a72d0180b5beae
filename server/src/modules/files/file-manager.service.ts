import type { Readable } from 'node:stream';
import {
  FILE_MANAGER_MESSAGES as M,
  FOLDER_MAX_DEPTH,
  type FileFolder,
  type FileListParamsData,
  type FileOrigin,
  type FileUsage,
  type LibraryFile,
} from '@atrium/domain-documents/schemas';
import type { WorkFile } from '@atrium/domain-work/schemas';
import { API_ROOT, type Pagination } from '@atrium/contracts';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../db/client';

const isUniqueViolation = (error: unknown) => pgErrorCode(error) === UNIQUE_VIOLATION;
import { sanitizeFileName } from '../../lib/file-sniff';
import type { UploadField, UploadPart } from '../../lib/file-upload';
import type { FileManagerRepository, FolderRow, LibraryRow } from './file-manager.repository';
import { fileUrl, type FilesService } from './files.service';

const fileNotFound = () => new AppError('NOT_FOUND', M.fileNotFound);
/** A folder that is not the caller's business's (named in the path, the query or the body): 404. */
const folderNotFound = () => new AppError('NOT_FOUND', M.folderNotFound);
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', 'Validation failed', [{ field, message }]);

export function originOf(row: Pick<LibraryRow, 'projectId' | 'taskId' | 'meetingId'>): FileOrigin {
  return row.projectId ? 'project' : row.taskId ? 'task' : row.meetingId ? 'meeting' : 'upload';
}

export function toLibraryFile(row: LibraryRow): LibraryFile {
  const origin = originOf(row);
  const ownerId = row.projectId ?? row.taskId ?? row.meetingId;
  return {
    _id: row.id,
    name: row.name,
    type: row.mime,
    size: row.size,
    origin,
    owner: origin === 'upload' || !ownerId ? null : { type: origin, _id: ownerId, title: row.ownerTitle ?? '' },
    folderId: row.folderId,
    uploadedBy: row.uploaderId
      ? { _id: row.uploaderId, name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim() }
      : null,
    createdAt: row.createdAt.toISOString(),
    // Every file (attachment or upload) is read through the file manager's route; the owner's own route works too.
    url: `${API_ROOT}/files/${encodeURIComponent(row.id)}/download`,
  };
}

const toFolder = (row: FolderRow): FileFolder => ({
  _id: row.id,
  name: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The file manager (/files/documents): every file of the caller's business — project, task and meeting
 * attachments and its own uploads — in the business's folders. Bytes are stored and streamed by FilesService
 * (same chunks, same size and type checks); everything here is scoped by the caller's business.
 */
export class FileManagerService {
  constructor(
    private readonly repo: FileManagerRepository,
    private readonly files: FilesService,
  ) {}

  async list(
    caller: BusinessCaller,
    params: FileListParamsData,
  ): Promise<{ data: LibraryFile[]; pagination: Pagination }> {
    if (
      params.folderId &&
      params.folderId !== 'root' &&
      !(await this.repo.folder(caller.businessId, params.folderId))
    ) {
      throw folderNotFound();
    }
    const { rows, total } = await this.repo.list(caller.businessId, params, {
      offset: (params.page - 1) * params.limit,
      limit: params.limit,
    });
    return {
      data: rows.map(toLibraryFile),
      pagination: { total, page: params.page, limit: params.limit, totalPages: Math.ceil(total / params.limit) },
    };
  }

  /** Stores an upload (one or more files) in a folder of the business, or in no folder. */
  async upload(
    caller: BusinessCaller,
    folderId: string | null,
    parts: () => AsyncIterable<UploadPart | UploadField>,
  ): Promise<LibraryFile[]> {
    if (folderId !== null && !(await this.repo.folder(caller.businessId, folderId))) throw folderNotFound();
    const saved: WorkFile[] = await this.files.saveUpload(
      { businessId: caller.businessId, library: true, folderId },
      caller.userId,
      parts(),
      { kinds: ['attachment'] },
    );
    const rows = await Promise.all(saved.map((f) => this.repo.find(caller.businessId, f._id)));
    return rows.filter((r): r is LibraryRow => r !== null).map(toLibraryFile);
  }

  async get(caller: BusinessCaller, id: string): Promise<LibraryFile> {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw fileNotFound();
    return toLibraryFile(row);
  }

  /** The bytes of any file of the business (through its owner's scope, so the same reader serves both). */
  async open(caller: BusinessCaller, id: string): Promise<{ file: WorkFile; stream: Readable }> {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw fileNotFound();
    const owner = row.projectId
      ? { businessId: caller.businessId, projectId: row.projectId }
      : row.taskId
        ? { businessId: caller.businessId, taskId: row.taskId }
        : row.meetingId
          ? { businessId: caller.businessId, meetingId: row.meetingId }
          : { businessId: caller.businessId, library: true as const, folderId: row.folderId };
    const opened = await this.files.open(owner, id);
    if (!opened) throw fileNotFound();
    return { file: { ...opened.file, url: fileUrl(row, row.id) }, stream: opened.stream };
  }

  /** Rename (the name is sanitised as an upload's is) and/or move to a folder (null: out of every folder). */
  async update(caller: BusinessCaller, id: string, input: { name?: string; folderId?: string | null }) {
    if (!(await this.repo.find(caller.businessId, id))) throw fileNotFound();
    if (input.folderId && !(await this.repo.folder(caller.businessId, input.folderId))) {
      throw folderNotFound();
    }
    const set: { name?: string; folderId?: string | null } = {};
    if (input.name !== undefined) set.name = sanitizeFileName(input.name);
    if (input.folderId !== undefined) set.folderId = input.folderId;
    if (!(await this.repo.update(caller.businessId, id, set))) throw fileNotFound();
    return this.get(caller, id);
  }

  /**
   * Deletes a file whoever owns it: an attachment deleted here is gone from its project, task or meeting too
   * (docs/requirements.md "Documents: the file manager").
   */
  async remove(caller: BusinessCaller, id: string): Promise<void> {
    const deleted = await this.repo.delete(caller.businessId, id).catch((err: unknown) => {
      // The only file a row keeps from deletion: a signed contract's sealed PDF (signature_workflows.signed_file_id).
      if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', M.sealedPdfKept);
      throw err;
    });
    if (!deleted) throw fileNotFound();
  }

  async usage(caller: BusinessCaller): Promise<FileUsage> {
    const byOrigin: FileUsage['byOrigin'] = {
      project: { bytes: 0, files: 0 },
      task: { bytes: 0, files: 0 },
      meeting: { bytes: 0, files: 0 },
      upload: { bytes: 0, files: 0 },
    };
    for (const row of await this.repo.usage(caller.businessId)) byOrigin[row.origin] = row;
    const all = Object.values(byOrigin);
    return {
      bytes: all.reduce((n, o) => n + o.bytes, 0),
      files: all.reduce((n, o) => n + o.files, 0),
      byOrigin,
      // The spec's constants (section 9) set no storage limit for a business.
      limitBytes: null,
    };
  }

  // ----- folders

  async folders(caller: BusinessCaller): Promise<FileFolder[]> {
    return (await this.repo.folders(caller.businessId)).map(toFolder);
  }

  /** How deep a folder is (a folder at the top: 1), walking up its parents. */
  private async depth(businessId: string, folderId: string | null): Promise<number> {
    let depth = 0;
    for (let at = folderId; at !== null && depth <= FOLDER_MAX_DEPTH + 1; depth++) {
      at = (await this.repo.folder(businessId, at))?.parentId ?? null;
    }
    return depth;
  }

  private async parentOk(businessId: string, parentId: string | null, movingId?: string): Promise<void> {
    if (parentId === null) return;
    if (!(await this.repo.folder(businessId, parentId))) throw folderNotFound();
    // The new parent's chain must not pass through the folder being moved.
    if (movingId) {
      for (let at: string | null = parentId; at !== null;) {
        if (at === movingId) throw fieldError('parentId', M.folderIntoItself);
        at = (await this.repo.folder(businessId, at))?.parentId ?? null;
      }
    }
  }

  private async subtreeHeight(businessId: string, folderId: string): Promise<number> {
    const all = await this.repo.folders(businessId);
    const children = (id: string) => all.filter((f) => f.parentId === id);
    const height = (id: string): number => 1 + Math.max(0, ...children(id).map((c) => height(c.id)));
    return height(folderId);
  }

  async createFolder(caller: BusinessCaller, input: { name: string; parentId?: string | null }): Promise<FileFolder> {
    const parentId = input.parentId ?? null;
    await this.parentOk(caller.businessId, parentId);
    if ((await this.depth(caller.businessId, parentId)) + 1 > FOLDER_MAX_DEPTH) {
      throw fieldError('parentId', M.folderTooDeep);
    }
    try {
      return toFolder(await this.repo.insertFolder(caller.businessId, input.name, parentId));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', M.folderExists);
      throw error;
    }
  }

  async updateFolder(
    caller: BusinessCaller,
    id: string,
    input: { name?: string; parentId?: string | null },
  ): Promise<FileFolder> {
    const folder = await this.repo.folder(caller.businessId, id);
    if (!folder) throw folderNotFound();
    if (input.parentId !== undefined) {
      await this.parentOk(caller.businessId, input.parentId, id);
      const height = await this.subtreeHeight(caller.businessId, id);
      if ((await this.depth(caller.businessId, input.parentId)) + height > FOLDER_MAX_DEPTH) {
        throw fieldError('parentId', M.folderTooDeep);
      }
    }
    try {
      await this.repo.updateFolder(caller.businessId, id, input);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', M.folderExists);
      throw error;
    }
    return toFolder((await this.repo.folder(caller.businessId, id))!);
  }

  /** Only an empty folder is deleted (409 otherwise): nothing is ever deleted by surprise. */
  async removeFolder(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.folder(caller.businessId, id))) throw folderNotFound();
    if (!(await this.repo.deleteEmptyFolder(caller.businessId, id))) throw new AppError('CONFLICT', M.folderNotEmpty);
  }
}
