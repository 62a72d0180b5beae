import * as z from 'zod';
import { booleanParamSchema, pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';

/*
 * The file manager (/files/documents): every file the business keeps — project, task and meeting attachments and
 * the files uploaded here — in folders of the business's own. docs/requirements.md "Documents: the file manager".
 */

/** Where a file came from: an attachment of a project, task or meeting, or an upload to the file manager. */
export const FILE_ORIGINS = ['project', 'task', 'meeting', 'upload'] as const;
export type FileOrigin = (typeof FILE_ORIGINS)[number];

/** The type groups the list filters by (and the list's icons). */
export const FILE_TYPE_GROUPS = ['image', 'pdf', 'document', 'spreadsheet', 'text', 'archive'] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

/** The group of a stored file's type (its sniffed MIME type). */
export function fileTypeGroup(type: string): FileTypeGroup {
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/csv' || type.includes('spreadsheet') || type === 'application/vnd.ms-excel') return 'spreadsheet';
  if (type.startsWith('text/')) return 'text';
  if (type === 'application/zip') return 'archive';
  return 'document';
}

/** A folder name is at most this many characters. */
export const FOLDER_NAME_MAX = 100;
/** Folders nest at most this deep (a folder at the top is depth 1). */
export const FOLDER_MAX_DEPTH = 5;

export const FILE_MANAGER_MESSAGES = {
  fileNotFound: 'File not found',
  folderNotFound: 'Folder not found',
  /** The sealed PDF of a signed contract (signature workflows): evidence, kept. */
  sealedPdfKept: 'This is the sealed PDF of a signed contract: it is kept as evidence and cannot be deleted',
  folderNotEmpty: 'Only an empty folder can be deleted: move or delete its files and folders first',
  folderExists: 'A folder with this name already exists here',
  folderTooDeep: `Folders nest at most ${FOLDER_MAX_DEPTH} levels deep`,
  folderIntoItself: 'A folder cannot move into itself or one of its folders',
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  nothingToChange: 'Nothing to change',
  deleted: 'File deleted',
  uploaded: 'File uploaded',
} as const;
const M = FILE_MANAGER_MESSAGES;

const id = z.string().min(1).max(100);
/** A name as typed: trimmed, not empty, no path separators (a folder or file name, never a path). */
const nameSchema = (max: number) =>
  z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(max, M.nameTooLong)
    .refine((v) => !/[/\\]/.test(v), 'A name cannot hold / or \\');

export const fileFolderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
});
export type FileFolder = z.infer<typeof fileFolderSchema>;

export const folderInputSchema = z.object({
  name: nameSchema(FOLDER_NAME_MAX),
  parentId: id.nullable().optional(),
});
export type FolderInput = z.input<typeof folderInputSchema>;

export const folderUpdateSchema = z
  .object({ name: nameSchema(FOLDER_NAME_MAX).optional(), parentId: id.nullable().optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, M.nothingToChange);
export type FolderUpdate = z.input<typeof folderUpdateSchema>;

/** The record a file is attached to (its link in the app), or null for an upload. */
export const fileOwnerRefSchema = z.object({
  type: z.enum(['project', 'task', 'meeting']),
  _id: z.string(),
  title: z.string(),
});
export type FileOwnerRef = z.infer<typeof fileOwnerRefSchema>;

export const libraryFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The sniffed MIME type. */
  type: z.string(),
  size: z.number().int().nonnegative(),
  origin: z.enum(FILE_ORIGINS),
  owner: fileOwnerRefSchema.nullable(),
  folderId: z.string().nullable(),
  uploadedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The bytes (same origin, with the session): inline for images and PDFs; add ?download=true to download. */
  url: z.string(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

/** `folderId`: a folder's id, `root` for the files in no folder; without it every folder (a search). */
export const fileListParamsSchema = pageQuerySchema.extend({
  folderId: id.optional(),
  origin: z.enum(FILE_ORIGINS, { error: `Origin must be one of: ${FILE_ORIGINS.join(', ')}` }).optional(),
  type: z.enum(FILE_TYPE_GROUPS, { error: `Type must be one of: ${FILE_TYPE_GROUPS.join(', ')}` }).optional(),
});
export type FileListParamsData = z.output<typeof fileListParamsSchema>;
export interface FileListParams {
  page?: number;
  limit?: number;
  search?: string;
  folderId?: string;
  origin?: FileOrigin;
  type?: FileTypeGroup;
}

export const fileListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(libraryFileSchema),
  pagination: paginationSchema,
});
export interface FileListAnswer {
  success: true;
  data: LibraryFile[];
  pagination: Pagination;
}

/** PUT /files/{id}: rename and/or move (folderId null: out of every folder). */
export const fileUpdateSchema = z
  .object({ name: nameSchema(200).optional(), folderId: id.nullable().optional() })
  .refine((v) => v.name !== undefined || v.folderId !== undefined, M.nothingToChange);
export type FileUpdate = z.input<typeof fileUpdateSchema>;

/** GET /files/{id}/download: inline for images and PDFs (a preview) unless download=true. */
export const fileDownloadQuerySchema = z.object({ download: booleanParamSchema.optional() });

const usageSlice = z.object({ bytes: z.number().int().nonnegative(), files: z.number().int().nonnegative() });
export const fileUsageSchema = z.object({
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  byOrigin: z.object({ project: usageSlice, task: usageSlice, meeting: usageSlice, upload: usageSlice }),
  /** The business's storage limit in bytes; null: none (the spec sets no storage limit). */
  limitBytes: z.number().int().positive().nullable(),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;

/** '1.5 MB' — bytes for people (base 1024, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
