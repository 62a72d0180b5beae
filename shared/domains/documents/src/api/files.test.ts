import type { ApiClient } from '@atrium/api-client';
import { filesApi } from './files';

describe('the file manager calls', () => {
  it('uploads with the folder in the query and the file in the multipart field "file"', async () => {
    const calls: { path: string; form: FormData; options: unknown }[] = [];
    const client = {
      upload: async (path: string, form: FormData, options: unknown) => {
        calls.push({ path, form, options });
        return { data: [{ _id: 'f1' }] };
      },
    } as unknown as ApiClient;
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await filesApi(client).upload(file, 'folder 1')).toEqual([{ _id: 'f1' }]);
    expect(calls[0]!.path).toBe('files');
    expect(calls[0]!.options).toEqual({ searchParams: { folderId: 'folder 1' } });
    expect((calls[0]!.form.get('file') as File).name).toBe('a.png');
    expect(calls[0]!.form.has('folderId')).toBe(false);
    await filesApi(client).upload(file, null);
    expect(calls[1]!.options).toEqual({ searchParams: { folderId: null } });
  });

  it('lists with only the params given', async () => {
    const seen: unknown[] = [];
    const client = {
      get: async (path: string, query: unknown) => {
        seen.push([path, query]);
        return { success: true, data: [], pagination: { total: 0, page: 1, limit: 20, totalPages: 0 } };
      },
    } as unknown as ApiClient;
    await filesApi(client).list({ folderId: 'root', search: '', origin: undefined, page: 2 });
    expect(seen).toEqual([['files', { folderId: 'root', page: '2' }]]);
  });
});
