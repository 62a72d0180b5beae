import { API_ROOT } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';
import type { WorkFile } from '../schemas';

const enc = encodeURIComponent;

/**
 * The file calls of a record with attachments (/projects/{id}/attachments, /tasks/{id}/attachments): `base` is the
 * record's path under the API root.
 */
export function fileCalls(client: ApiClient, base: (id: string) => string) {
  return {
    /** Multipart upload of one or more files; `fields` (a project's `kind`) go before them. */
    uploadFiles: async (id: string, files: File[], fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const f of files) form.append('files', f, f.name);
      return (await client.upload<{ data: WorkFile[] }>(`${base(id)}/attachments`, form)).data;
    },
    /** Same-origin URL of a file (for <img src>, a PDF preview or a download link). */
    fileUrl: (id: string, fileId: string, download = false) =>
      `${API_ROOT}/${base(id)}/attachments/${enc(fileId)}${download ? '?download=1' : ''}`,
    removeFile: async (id: string, fileId: string) => {
      await client.delete(`${base(id)}/attachments/${enc(fileId)}`);
    },
  };
}
