import { toast } from '@atrium/event-bus';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_UPLOAD } from '@atrium/domain-work';

/** Files picked before creating: the slice's limits, checked before anything is sent. */
export function checkPickedFiles(files: File[]): string | null {
  if (files.length > FILES_PER_UPLOAD) return FILE_MESSAGES.tooMany;
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return FILE_MESSAGES.tooLarge;
  return null;
}

/** The toasts of a record created with files picked before creating (spec §8: the task ones, mirrored by meetings). */
export interface CreateWithFilesMessages {
  created: string;
  uploading: (n: number) => string;
  uploaded: (n: number) => string;
  partlyUploaded: (ok: number, failed: number) => string;
  uploadFailed: (n: number) => string;
}

/**
 * Creates the record, then uploads the files picked with it, one call per file (so a partial failure can be
 * counted), with the spec's toasts: 'X created successfully'; with files 'X created! Uploading N attachment(s)...',
 * then 'X created with N attachment(s)!' or one of the two warnings. A failed create rethrows (the form shows the
 * field messages and its own failure toast); a failed upload never undoes the record.
 */
export async function createWithFiles<T extends { _id: string }>(
  create: () => Promise<T>,
  files: File[],
  upload: (id: string, file: File) => Promise<unknown>,
  messages: CreateWithFilesMessages,
  /** Called once the record exists (before the uploads finish): the modal closes and the page moves on. */
  onCreated?: (record: T) => void,
): Promise<{ record: T; uploaded: number; failed: number }> {
  const record = await create();
  if (files.length === 0) {
    toast.success(messages.created);
    onCreated?.(record);
    return { record, uploaded: 0, failed: 0 };
  }
  toast.info(messages.uploading(files.length));
  onCreated?.(record);
  const results = await Promise.allSettled(files.map((f) => upload(record._id, f)));
  const uploaded = results.filter((r) => r.status === 'fulfilled').length;
  const failed = files.length - uploaded;
  if (failed === 0) toast.success(messages.uploaded(uploaded));
  else if (uploaded > 0) toast.warning(messages.partlyUploaded(uploaded, failed));
  else toast.warning(messages.uploadFailed(failed));
  return { record, uploaded, failed };
}
