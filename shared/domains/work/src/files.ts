import * as z from 'zod';

/** Files on a project or a task (docs/requirements.md §3 Task attachments: _id, name, url, type, size, uploadedBy, createdAt). */
export const FILE_KINDS = ['attachment', 'design', 'floorplan'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const fileKindSchema = z.enum(FILE_KINDS, { error: `Kind must be one of: ${FILE_KINDS.join(', ')}` });

/** One file is at most 25 MB; one upload call carries at most 10 files. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
export const FILES_PER_UPLOAD = 10;

/**
 * The types a file may have, sniffed from its bytes on the server (the name and the browser's type are not
 * trusted). Images and PDFs are previewed in the browser; the rest are downloaded.
 */
export const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/zip',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
] as const;

export const FILE_MESSAGES = {
  tooLarge: `A file can be at most ${FILE_MAX_BYTES / 1024 / 1024} MB`,
  tooMany: `Upload at most ${FILES_PER_UPLOAD} files at a time`,
  unsupported: 'This type of file is not supported',
  noFile: 'Choose a file to upload',
  notFound: 'Attachment not found',
} as const;

export const workFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Where the browser downloads it (same origin, with the session). */
  url: z.string(),
  /** The sniffed MIME type. */
  type: z.string(),
  size: z.number().int().nonnegative(),
  kind: fileKindSchema,
  uploadedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type WorkFile = z.infer<typeof workFileSchema>;

export const isPreviewable = (type: string) => type.startsWith('image/') || type === 'application/pdf';
