import { count, eq } from 'drizzle-orm';
import {
  FILE_MANAGER_MESSAGES as M,
  fileFolderSchema,
  fileListAnswerSchema,
  fileUsageSchema,
  libraryFileSchema,
  type FileFolder,
  type FileListAnswer,
  type LibraryFile,
} from '@atrium/domain-documents/schemas';
import { FILE_MESSAGES } from '@atrium/domain-work/schemas';
import { workFiles } from '../../db/schema';
import { createTestApp, signedInAgent, type Agent, type TestApp, dataOf as ok, errorOf } from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** The file manager through the real app and database: GET/POST /files, folders, usage, rename, move, delete. */
describe('file manager (/files)', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let stranger: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    a = owner.agent;
    stranger = await signedInAgent(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (name: string, content: Buffer | string, folderId?: string, agent = a) => {
    const parts = multipart(name, content, 'application/octet-stream');
    const res = await agent.post(`/files${folderId ? `?folderId=${folderId}` : ''}`, parts.payload, {
      headers: parts.headers,
    });
    return (ok(res, 201) as LibraryFile[]).map((f) => libraryFileSchema.strict().parse(f));
  };
  const list = async (query = '', agent = a): Promise<FileListAnswer> =>
    fileListAnswerSchema.parse((await agent.get(`/files${query}`)).json()) as FileListAnswer;
  const folder = async (name: string, parentId?: string | null, agent = a): Promise<FileFolder> =>
    fileFolderSchema.parse(ok(await agent.post('/files/folders', { name, parentId }), 201));
  const stored = async (businessId: string) =>
    Number(
      (await t.database.db.select({ n: count() }).from(workFiles).where(eq(workFiles.businessId, businessId)))[0]!.n,
    );

  it('lists uploads and project attachments with their origin and owner, searches and filters them', async () => {
    const project = ok(await a.post('/projects', { title: 'Kitchen remodel', type: 'Renovation' }), 201) as {
      _id: string;
    };
    const parts = multipart('floor-plan.pdf', PDF, 'application/pdf', 'files');
    ok(await a.post(`/projects/${project._id}/attachments`, parts.payload, { headers: parts.headers }), 201);
    const [png] = await upload('Logo draft.png', TINY_PNG);
    expect(png).toMatchObject({
      name: 'Logo draft.png',
      type: 'image/png',
      size: TINY_PNG.length,
      origin: 'upload',
      owner: null,
      folderId: null,
      uploadedBy: { name: 'Ada Lovelace' },
    });

    const all = await list();
    expect(all.pagination).toMatchObject({ total: 2, page: 1 });
    const attachment = all.data.find((f) => f.name === 'floor-plan.pdf')!;
    expect(attachment).toMatchObject({
      origin: 'project',
      type: 'application/pdf',
      owner: { type: 'project', _id: project._id, title: 'Kitchen remodel' },
    });
    expect((await list('?search=logo')).data.map((f) => f.name)).toEqual(['Logo draft.png']);
    expect((await list('?search=%25')).data).toEqual([]); // a typed % matches itself, not everything
    expect((await list('?origin=project')).data.map((f) => f.name)).toEqual(['floor-plan.pdf']);
    expect((await list('?type=image')).data.map((f) => f.name)).toEqual(['Logo draft.png']);
    expect((await list('?limit=1&page=2')).data).toHaveLength(1);
    expect(errorOf(await a.get('/files?origin=elsewhere'))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });

    // The attachment is read through the file manager too: inline (a preview) or as a download.
    const inline = await a.get(`/files/${attachment._id}/download`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    const download = await a.get(`/files/${png!._id}/download?download=true`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);

    // Another business sees none of it.
    expect((await list('', stranger.agent)).data).toEqual([]);
    for (const res of [
      await stranger.agent.get(`/files/${png!._id}/download`),
      await stranger.agent.put(`/files/${png!._id}`, { name: 'mine.png' }),
      await stranger.agent.delete(`/files/${png!._id}`),
    ]) {
      expect(errorOf(res)).toMatchObject({ status: 404, error: M.fileNotFound });
    }
  });

  it('refuses a wrong type and a missing file with nothing stored', async () => {
    const before = await stored(owner.body.user.businessId);
    const exe = multipart('setup.png', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'image/png');
    expect(errorOf(await a.post('/files', exe.payload, { headers: exe.headers }))).toMatchObject({
      status: 415,
      error: FILE_MESSAGES.unsupported,
    });
    const html = multipart('page.txt', '<html><script>alert(1)</script></html>', 'text/plain');
    expect(errorOf(await a.post('/files', html.payload, { headers: html.headers })).status).toBe(415);
    expect(errorOf(await a.post('/files', { not: 'multipart' }))).toMatchObject({
      status: 400,
      error: FILE_MESSAGES.noFile,
    });
    expect(await stored(owner.body.user.businessId)).toBe(before);
  });

  it('keeps folders nested, unique among siblings, and deletes only an empty one', async () => {
    const clients = await folder('Clients');
    const smith = await folder('Smith', clients._id);
    expect(smith.parentId).toBe(clients._id);
    expect(errorOf(await a.post('/files/folders', { name: 'clients' }))).toMatchObject({
      status: 400,
      details: [{ field: 'name', message: M.folderExists }],
    });
    expect(errorOf(await a.post('/files/folders', { name: '  ' }))).toMatchObject({
      status: 400,
      details: [{ field: 'name', message: M.nameRequired }],
    });
    // The same name under another parent is fine.
    await folder('Smith');
    // At most FOLDER_MAX_DEPTH (5) levels.
    let parent = smith._id;
    for (const name of ['3', '4', '5']) parent = (await folder(name, parent))._id;
    expect(errorOf(await a.post('/files/folders', { name: '6', parentId: parent }))).toMatchObject({
      status: 400,
      details: [{ field: 'parentId', message: M.folderTooDeep }],
    });
    // A folder cannot move into its own subtree.
    expect(errorOf(await a.put(`/files/folders/${clients._id}`, { parentId: smith._id }))).toMatchObject({
      status: 400,
      details: [{ field: 'parentId', message: M.folderIntoItself }],
    });
    const renamed = fileFolderSchema.parse(ok(await a.put(`/files/folders/${smith._id}`, { name: 'Smith & Co' })));
    expect(renamed.name).toBe('Smith & Co');

    // Upload into a folder; list by folder; root lists the files in no folder.
    const [contract] = await upload('contract.pdf', PDF, smith._id);
    expect(contract!.folderId).toBe(smith._id);
    expect((await list(`?folderId=${smith._id}`)).data.map((f) => f.name)).toEqual(['contract.pdf']);
    expect((await list('?folderId=root')).data.some((f) => f._id === contract!._id)).toBe(false);
    expect(errorOf(await a.get('/files?folderId=nope'))).toMatchObject({ status: 404, error: M.folderNotFound });

    // Not empty → 409, nothing deleted.
    expect(errorOf(await a.delete(`/files/folders/${smith._id}`))).toMatchObject({
      status: 409,
      error: M.folderNotEmpty,
    });
    // Move the file out, rename it (sanitised), then the leaf folders go.
    const moved = libraryFileSchema.parse(
      ok(await a.put(`/files/${contract!._id}`, { folderId: null, name: ' signed\u202E contract.pdf ' })),
    );
    expect(moved).toMatchObject({ folderId: null, name: 'signed contract.pdf' });
    expect(errorOf(await a.put(`/files/${contract!._id}`, { name: '../x.pdf' })).status).toBe(400);
    expect(errorOf(await a.put(`/files/${contract!._id}`, { folderId: 'nope' }))).toMatchObject({
      status: 404,
      error: M.folderNotFound,
    });
    expect(errorOf(await a.put(`/files/${contract!._id}`, {})).status).toBe(400);
    const folders = (ok(await a.get('/files/folders')) as FileFolder[]).map((f) => f.name);
    expect(folders).toEqual(expect.arrayContaining(['Clients', 'Smith & Co', 'Smith', '3', '4', '5']));
    // Another business cannot see, rename or delete them.
    expect(ok(await stranger.agent.get('/files/folders'))).toEqual([]);
    expect(errorOf(await stranger.agent.delete(`/files/folders/${clients._id}`)).status).toBe(404);
    expect(errorOf(await stranger.agent.post('/files/folders', { name: 'x', parentId: clients._id })).status).toBe(404);
    const leaf = (ok(await a.get('/files/folders')) as FileFolder[]).find((f) => f.name === '5')!;
    expect(ok(await a.delete(`/files/folders/${leaf._id}`))).toBeUndefined();
  });

  it('sums the storage used by origin, and a file deleted here is gone from its project too', async () => {
    const usage = fileUsageSchema.parse(ok(await a.get('/files/usage')));
    const files = await list('?limit=100');
    expect(usage.files).toBe(files.pagination.total);
    expect(usage.bytes).toBe(files.data.reduce((n, f) => n + f.size, 0));
    expect(usage.byOrigin.project).toEqual({ files: 1, bytes: PDF.length });
    expect(usage.byOrigin.upload.files).toBe(files.pagination.total - 1);
    expect(usage.limitBytes).toBeNull();
    expect(fileUsageSchema.parse(ok(await stranger.agent.get('/files/usage'))).bytes).toBe(0);

    const attachment = files.data.find((f) => f.origin === 'project')!;
    expect(ok(await a.delete(`/files/${attachment._id}`))).toBeUndefined();
    const project = ok(await a.get(`/projects/${attachment.owner!._id}`)) as { attachments: unknown[] };
    expect(project.attachments).toEqual([]);
    expect(errorOf(await a.get(`/files/${attachment._id}/download`)).status).toBe(404);
    const after = fileUsageSchema.parse(ok(await a.get('/files/usage')));
    expect(after.byOrigin.project).toEqual({ files: 0, bytes: 0 });
    expect(after.bytes).toBe(usage.bytes - PDF.length);
  });
});
