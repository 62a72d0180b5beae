import { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_UPLOAD, FILE_TYPES } from '@atrium/domain-work';

/** What a tab shows for each kind of file, and the types it takes (designs and floor plans are pictures or PDFs). */
export const KIND_TEXTS = {
  attachment: { title: 'Attachments', noun: 'attachments', accept: undefined },
  design: { title: 'Designs', noun: 'designs', accept: 'image/*,application/pdf' },
  floorplan: { title: 'Floor plans', noun: 'floor plans', accept: 'image/*,application/pdf' },
} as const;

/**
 * The server's limits checked before anything is sent (FILE_MAX_BYTES a file, FILES_PER_UPLOAD a call): the
 * first broken rule's message, or null. The type is sniffed from the bytes on the server; here only a type the
 * browser names and the server never takes is refused early.
 */
export function checkFiles(files: File[]): string | null {
  if (files.length === 0) return FILE_MESSAGES.noFile;
  if (files.length > FILES_PER_UPLOAD) return FILE_MESSAGES.tooMany;
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return FILE_MESSAGES.tooLarge;
  if (files.some((f) => f.type && !(FILE_TYPES as readonly string[]).includes(f.type)))
    return FILE_MESSAGES.unsupported;
  return null;
}
