import type { ApiClient } from '@atrium/api-client';
import type { ContactImportJob, ContactImportMapping, ContactUploadResult, ContactValidateResult } from '../schemas';

const enc = encodeURIComponent;

/** A 10 MB file on a slow line takes longer than the API's usual 10 s. */
export const CONTACT_UPLOAD_TIMEOUT_MS = 120_000;
/** Checking 100,000 rows takes seconds. */
export const CONTACT_VALIDATE_TIMEOUT_MS = 60_000;

/** A column → field mapping as sent: unmapped columns may be null. */
export type ContactImportMappingInput = ContactImportMapping | Record<string, string | null>;

/** Typed calls for CSV contact import (docs/requirements.md §7 "Contacts": upload, validate, import). */
export function contactImportApi(client: ApiClient) {
  return {
    /** POST /contacts/upload (multipart field `file`): columns, row count, preview, suggested mapping. */
    upload: async (file: Blob, fileName?: string) => {
      const form = new FormData();
      form.append('file', file, fileName ?? (file as Partial<File>).name ?? 'contacts.csv');
      return (
        await client.upload<{ data: ContactUploadResult }>('contacts/upload', form, {
          timeout: CONTACT_UPLOAD_TIMEOUT_MS,
        })
      ).data;
    },
    /** POST /contacts/validate: counts, duplicates, the first row errors and the error file. */
    validate: async (uploadId: string, mapping: ContactImportMappingInput) =>
      (
        await client.post<{ data: ContactValidateResult }>(
          'contacts/validate',
          { uploadId, mapping },
          { timeout: CONTACT_VALIDATE_TIMEOUT_MS },
        )
      ).data,
    /** POST /contacts/import (202): starts the background job and answers its id. */
    start: async (uploadId: string, mapping: ContactImportMappingInput) =>
      (await client.post<{ data: { jobId: string } }>('contacts/import', { uploadId, mapping })).data.jobId,
    /** GET /contacts/import/:jobId: progress, counts and the first row errors. */
    status: async (jobId: string) =>
      (await client.get<{ data: ContactImportJob }>(`contacts/import/${enc(jobId)}`)).data,
  };
}

export type ContactImportApi = ReturnType<typeof contactImportApi>;
