import type { ApiClient } from '@atrium/api-client';
import type {
  FileFolder,
  FileListAnswer,
  FileListParams,
  FileUpdate,
  FileUsage,
  FolderInput,
  FolderUpdate,
  LibraryFile,
} from '../files';

const enc = encodeURIComponent;

function query(params: FileListParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** Typed calls for the file manager (/files/documents). */
export function filesApi(client: ApiClient) {
  return {
    /** GET /files: one page of the business's files (success, data, pagination). */
    list: (params: FileListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<FileListAnswer>('files', query(params), options),
    /**
     * POST /files?folderId= (multipart field `file`): the folder goes in the query, so the server checks it before
     * reading any byte. Answers the stored files.
     */
    upload: async (file: File, folderId: string | null) => {
      const form = new FormData();
      form.append('file', file);
      return (await client.upload<{ data: LibraryFile[] }>('files', form, { searchParams: { folderId } })).data;
    },
    update: async (id: string, input: FileUpdate) =>
      (await client.put<{ data: LibraryFile }>(`files/${enc(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`files/${enc(id)}`);
    },
    usage: async () => (await client.get<{ data: FileUsage }>('files/usage')).data,
    folders: async () => (await client.get<{ data: FileFolder[] }>('files/folders')).data,
    createFolder: async (input: FolderInput) => (await client.post<{ data: FileFolder }>('files/folders', input)).data,
    updateFolder: async (id: string, input: FolderUpdate) =>
      (await client.put<{ data: FileFolder }>(`files/folders/${enc(id)}`, input)).data,
    removeFolder: async (id: string) => {
      await client.delete(`files/folders/${enc(id)}`);
    },
  };
}
export type FilesApi = ReturnType<typeof filesApi>;
