import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { FILE_MESSAGES, FILES_PER_UPLOAD, type FileKind, type WorkFile } from '@atrium/domain-work/schemas';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../../test/helpers';
import { businesses, projects, tasks, users } from '../../db/schema';
import { errorHandler } from '../../lib/errors';
import { sendStoredFile } from '../../lib/file-reply';
import { registerSecurityHeaders } from '../../lib/security-headers';
import { FILE_MULTIPART_LIMITS, uploadParts } from '../../lib/file-upload';
import { FilesRepository } from './files.repository';
import { CHUNK_BYTES, FilesService, type FileOwner } from './files.service';

/**
 * The files service on a real (migrated PGlite) database, through a test-only HTTP route that does what the
 * projects and tasks routes do: @fastify/multipart with FILE_MULTIPART_LIMITS, saveUpload on the request's
 * parts, sendStoredFile for a GET. The owner comes from the path and the x-business header.
 */
interface Harness {
  http: FastifyInstance;
  files: FilesService;
  repo: FilesRepository;
}

async function harness(
  t: TestDatabase,
  userId: string,
  options: { maxBytes?: number; limits?: Partial<typeof FILE_MULTIPART_LIMITS>; kinds?: FileKind[] } = {},
): Promise<Harness> {
  const repo = new FilesRepository(t.handle.db);
  const files = new FilesService(repo, { maxBytes: options.maxBytes });
  const http = Fastify({ logger: false });
  await http.register(multipart, { limits: { ...FILE_MULTIPART_LIMITS, ...options.limits } });
  http.setErrorHandler(errorHandler);
  // The app's own page headers (app.ts) are on every answer: a file's headers must replace them, not add to them.
  registerSecurityHeaders(http, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
  });
  const ownerOf = (request: { params: unknown; headers: Record<string, unknown> }): FileOwner => {
    const { type, id } = request.params as { type: string; id: string };
    const businessId = String(request.headers['x-business']);
    return type === 'projects' ? { businessId, projectId: id } : { businessId, taskId: id };
  };
  http.post('/:type/:id/attachments', async (request) => {
    const data = await files.saveUpload(
      ownerOf(request),
      userId,
      uploadParts(request),
      options.kinds ? { kinds: options.kinds } : {},
    );
    return { success: true, data };
  });
  http.get('/:type/:id/attachments/:fileId', async (request, reply) => {
    const { fileId } = request.params as { fileId: string };
    const opened = await files.open(ownerOf(request), fileId);
    if (!opened) return reply.status(404).send({ success: false });
    return sendStoredFile(reply, opened.file, opened.stream, (request.query as { download?: string }).download === '1');
  });
  await http.ready();
  return { http, files, repo };
}

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body: parts with a filename are files, the others text fields. */
function form(parts: Part[]) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename !== undefined
        ? `form-data; name="${p.field ?? 'files'}"; filename="${p.filename}"`
        : `form-data; name="${p.field ?? 'kind'}"`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content, 'utf8') : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG, randomBytes(size - PNG.length)]);
const pdf = (text = 'plan') => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

describe('files module (work attachments in database chunks)', () => {
  let t: TestDatabase;
  let userId: string;
  let businessId: string;
  let otherBusinessId: string;
  let projectId: string;
  let secondProjectId: string;
  let taskId: string;
  let h: Harness;

  const countRows = async () => {
    const [files] = await sqlRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM work_files`);
    const [chunks] = await sqlRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM work_file_chunks`);
    return { files: files!.n, chunks: chunks!.n };
  };
  const upload = (target: Harness, path: string, parts: Part[], business = businessId) => {
    const body = form(parts);
    return target.http.inject({
      method: 'POST',
      url: `${path}/attachments`,
      payload: body.payload,
      headers: { ...body.headers, 'x-business': business },
    });
  };
  const download = (target: Harness, path: string, fileId: string, query = '', business = businessId) =>
    target.http.inject({
      method: 'GET',
      url: `${path}/attachments/${fileId}${query}`,
      headers: { 'x-business': business },
    });

  beforeAll(async () => {
    // Users and businesses as rows: this module needs nothing else of the app (its routes live in projects/tasks).
    t = await createTestDatabase();
    const [me] = await t.handle.db
      .insert(users)
      .values({ email: `grace.${randomBytes(4).toString('hex')}@example.com`, firstName: 'Grace', lastName: 'Hopper' })
      .returning({ id: users.id });
    userId = me!.id;
    const made0 = await t.handle.db
      .insert(businesses)
      .values(
        ['a', 'b'].map((k) => ({
          name: `Studio ${k}`,
          slug: `studio-${k}-${randomBytes(4).toString('hex')}`,
          settings: {} as never,
          typography: {} as never,
          colors: {} as never,
          createdBy: userId,
        })),
      )
      .returning({ id: businesses.id });
    businessId = made0[0]!.id;
    otherBusinessId = made0[1]!.id;
    const made = await t.handle.db
      .insert(projects)
      .values([
        { businessId, title: 'Loft', type: 'Renovation' },
        { businessId, title: 'Loft (copy)', type: 'Renovation' },
      ])
      .returning({ id: projects.id });
    projectId = made[0]!.id;
    secondProjectId = made[1]!.id;
    const [task] = await t.handle.db
      .insert(tasks)
      .values({ businessId, projectId, title: 'Measure' })
      .returning({ id: tasks.id });
    taskId = task!.id;
    h = await harness(t, userId, { maxBytes: 2 * 1024 * 1024 });
  }, 60_000);

  afterAll(async () => {
    await h?.http.close();
    await t?.drop();
  });

  afterEach(async () => {
    await t.handle.db.execute(sql`DELETE FROM work_files`);
  });

  it('stores a 1 MB+ file across chunks and streams it back byte for byte', async () => {
    const bytes = png(1_300_000);
    const insertChunk = jest.spyOn(h.repo, 'insertChunk');
    const res = await upload(h, `/projects/${projectId}`, [
      { filename: 'site photo.png', type: 'image/png', content: bytes },
    ]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().data as WorkFile[];
    expect(file).toEqual({
      _id: expect.any(String),
      name: 'site photo.png',
      url: `/api/v1/projects/${projectId}/attachments/${file!._id}`,
      type: 'image/png',
      size: bytes.length,
      kind: 'attachment',
      uploadedBy: { _id: userId, name: 'Grace Hopper' },
      createdAt: expect.any(String),
    });
    // 256 KB pieces, the last one shorter; the digest of the whole
    const sizes = insertChunk.mock.calls.map(([, , chunk]) => chunk.length);
    insertChunk.mockRestore();
    expect(sizes).toEqual([...Array(4).fill(CHUNK_BYTES), bytes.length - 4 * CHUNK_BYTES]);
    const [stored] = await sqlRows<{ sha256: string; complete: boolean; chunks: number }>(
      t.handle.db,
      sql`SELECT sha256, complete, (SELECT count(*)::int FROM work_file_chunks WHERE file_id = f.id) AS chunks
          FROM work_files f WHERE id = ${file!._id}`,
    );
    expect(stored).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      complete: true,
      chunks: 5,
    });

    const got = await download(h, `/projects/${projectId}`, file!._id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="site photo.png"; filename*=UTF-8''site%20photo.png`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    );
    expect(got.headers['cache-control']).toBe('private, max-age=300');

    const asDownload = await download(h, `/projects/${projectId}`, file!._id, '?download=1');
    expect(asDownload.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('reads one chunk from the database at a time, as the client takes them', async () => {
    const bytes = png(3 * CHUNK_BYTES + 10);
    const res = await upload(h, `/projects/${projectId}`, [{ filename: 'big.png', content: bytes }]);
    const [file] = res.json().data as WorkFile[];
    const chunk = jest.spyOn(h.repo, 'chunk');
    const opened = (await h.files.open({ businessId, projectId }, file!._id))!;
    expect(chunk).not.toHaveBeenCalled();
    const first = await new Promise<Buffer>((resolve) => opened.stream.once('data', resolve));
    opened.stream.pause();
    expect(first.length).toBe(CHUNK_BYTES);
    expect(chunk.mock.calls.length).toBeLessThanOrEqual(2);
    const rest: Buffer[] = [first];
    opened.stream.on('data', (b: Buffer) => rest.push(b));
    opened.stream.resume();
    await new Promise((resolve) => opened.stream.once('end', resolve));
    expect(Buffer.concat(rest).equals(bytes)).toBe(true);
    expect(chunk).toHaveBeenCalledTimes(4);
    chunk.mockRestore();
  });

  it('answers 413 over the size limit and keeps nothing, also of the files before it', async () => {
    const before = await countRows();
    const res = await upload(h, `/projects/${projectId}`, [
      { filename: 'fine.pdf', content: pdf() },
      { filename: 'huge.png', content: png(2 * 1024 * 1024 + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', error: FILE_MESSAGES.tooLarge });
    expect(await countRows()).toEqual(before);
    expect(await h.files.list({ businessId, projectId })).toEqual([]);
  });

  it('answers 413 when the multipart limit cuts a file short (the route limit is one byte above the rule)', async () => {
    const small = await harness(t, userId, { limits: { fileSize: 300 * 1024 + 1 }, maxBytes: 300 * 1024 });
    try {
      const exactly = await upload(small, `/projects/${projectId}`, [
        { filename: 'edge.png', content: png(300 * 1024) },
      ]);
      expect(exactly.statusCode).toBe(200);
      await t.handle.db.execute(sql`DELETE FROM work_files`);
      const res = await upload(small, `/projects/${projectId}`, [{ filename: 'big.png', content: png(400 * 1024) }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(FILE_MESSAGES.tooLarge);
      expect(await countRows()).toEqual({ files: 0, chunks: 0 });
    } finally {
      await small.http.close();
    }
  });

  it.each([
    [
      'a Windows executable named .png',
      'photo.png',
      Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(500)]),
    ],
    [
      'a 1 MB executable named .png (refused from its first chunk, the rest never stored)',
      'setup.png',
      Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(1024 * 1024)]),
    ],
    ['HTML named .png', 'photo.png', Buffer.from('<!DOCTYPE html><script>fetch("/api/v1/users/me")</script>')],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['HTML named .txt', 'notes.txt', Buffer.from('<html><body>hi</body></html>')],
  ])('answers 415 for %s and keeps nothing', async (_label, filename, content) => {
    const res = await upload(h, `/projects/${projectId}`, [
      { filename: 'fine.pdf', content: pdf() },
      { filename, type: 'image/png', content },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: FILE_MESSAGES.unsupported });
    expect(await countRows()).toEqual({ files: 0, chunks: 0 });
  });

  it('sanitises the name: no path, no control characters', async () => {
    const res = await upload(h, `/projects/${projectId}`, [{ filename: '../../etc/passwd\u0001.pdf', content: pdf() }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].name).toBe('passwd.pdf');
    const direct = await h.files.saveUpload(
      { businessId, projectId },
      userId,
      parts([{ name: '../../etc/passwd\u0000.pdf', content: pdf() }]),
    );
    expect(direct[0]!.name).toBe('passwd.pdf');
    expect(direct[0]!.type).toBe('application/pdf');
  });

  it('serves a PDF inline in a frame of the app, and text as UTF-8 for download', async () => {
    const saved = await h.files.saveUpload(
      { businessId, projectId },
      userId,
      parts([
        { name: 'Plan – Küche.pdf', content: pdf() },
        { name: 'notes.txt', content: 'Grüße' },
        { name: 'list.csv', content: 'a,b\n1,2\n' },
      ]),
    );
    expect(saved.map((f) => f.type)).toEqual(['application/pdf', 'text/plain', 'text/csv']);
    const shown = await download(h, `/projects/${projectId}`, saved[0]!._id);
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="Plan _ Kuche.pdf"; filename*=UTF-8''Plan%20%E2%80%93%20K%C3%BCche.pdf`,
    );
    expect(shown.headers['content-security-policy']).not.toContain('sandbox');
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['x-frame-options']).toBe('SAMEORIGIN');
    const text = await download(h, `/projects/${projectId}`, saved[1]!._id);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-disposition']).toMatch(/^attachment; /);
    expect(text.headers['content-security-policy']).toContain('sandbox');
    expect(text.body).toBe('Grüße');
  });

  it('answers 400, never 500, for a body that is not valid multipart, and keeps nothing', async () => {
    const post = (payload: Buffer | string, contentType: string) =>
      h.http.inject({
        method: 'POST',
        url: `/projects/${projectId}/attachments`,
        payload,
        headers: { 'content-type': contentType, 'x-business': businessId },
      });
    const noBoundary = await post('whatever', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    const whole = form([{ filename: 'cut.png', content: png(600 * 1024) }]);
    // the body ends in the middle of the file: no closing boundary
    const cut = await post(whole.payload.subarray(0, 400 * 1024), whole.headers['content-type']);
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: FILE_MESSAGES.noFile });
    const garbage = await post(randomBytes(2000), whole.headers['content-type']);
    expect(garbage.statusCode).toBe(400);
    expect(await countRows()).toEqual({ files: 0, chunks: 0 });
  });

  it('answers 400 for no file, for a request that is not multipart and for too many files', async () => {
    const none = await upload(h, `/projects/${projectId}`, [{ field: 'kind', content: 'attachment' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(FILE_MESSAGES.noFile);
    const emptyInput = await upload(h, `/projects/${projectId}`, [{ filename: '', content: '' }]);
    expect(emptyInput.statusCode).toBe(400);
    expect(emptyInput.json().error).toBe(FILE_MESSAGES.noFile);
    const json = await h.http.inject({
      method: 'POST',
      url: `/projects/${projectId}/attachments`,
      payload: { files: 'x' },
      headers: { 'x-business': businessId },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(FILE_MESSAGES.noFile);
    const many = Array.from({ length: FILES_PER_UPLOAD + 1 }, (_, i) => ({
      filename: `n${i}.txt`,
      content: `note ${i}`,
    }));
    const tooMany = await upload(h, `/projects/${projectId}`, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(FILE_MESSAGES.tooMany);
    const wayTooMany = await upload(h, `/projects/${projectId}`, [...many, ...many]);
    expect(wayTooMany.statusCode).toBe(400);
    expect(wayTooMany.json().error).toBe(FILE_MESSAGES.tooMany);
    expect(await countRows()).toEqual({ files: 0, chunks: 0 });
    const exactly = await upload(h, `/projects/${projectId}`, many.slice(1));
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().data).toHaveLength(FILES_PER_UPLOAD);
  });

  it('stores the kind the upload names, lists by kind, and refuses a kind the route does not take', async () => {
    const res = await upload(h, `/projects/${projectId}`, [
      { field: 'kind', content: 'design' },
      { filename: 'render.png', content: png(2000) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].kind).toBe('design');
    await upload(h, `/projects/${projectId}`, [{ filename: 'contract.pdf', content: pdf() }]);
    const owner = { businessId, projectId };
    expect((await h.files.list(owner, 'design')).map((f) => f.name)).toEqual(['render.png']);
    expect((await h.files.list(owner, 'attachment')).map((f) => f.name)).toEqual(['contract.pdf']);
    expect((await h.files.list(owner)).map((f) => f.name)).toEqual(['render.png', 'contract.pdf']);

    const unknown = await upload(h, `/projects/${projectId}`, [
      { field: 'kind', content: 'poster' },
      { filename: 'a.pdf', content: pdf() },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'kind', message: expect.stringContaining('attachment') }]);
    const taskOnly = await harness(t, userId, { kinds: ['attachment'] });
    try {
      const refused = await upload(taskOnly, `/tasks/${taskId}`, [
        { filename: 'a.pdf', content: pdf() },
        { field: 'kind', content: 'floorplan' },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].field).toBe('kind');
      expect(await h.files.list({ businessId, taskId })).toEqual([]);
    } finally {
      await taskOnly.http.close();
    }
    expect(await countRows()).toMatchObject({ files: 2 });
  });

  it("finds nothing through another business's owner id", async () => {
    const [file] = await h.files.saveUpload(
      { businessId, projectId },
      userId,
      parts([{ name: 'a.pdf', content: pdf() }]),
    );
    const foreign = { businessId: otherBusinessId, projectId };
    expect(await h.files.list(foreign)).toEqual([]);
    expect(await h.files.open(foreign, file!._id)).toBeNull();
    expect(await h.files.remove(foreign, file!._id)).toBeNull();
    expect((await h.files.counts(otherBusinessId, [projectId], 'project')).get(projectId)).toBe(0);
    expect((await download(h, `/projects/${projectId}`, file!._id, '', otherBusinessId)).statusCode).toBe(404);
    const intoForeign = await upload(
      h,
      `/projects/${projectId}`,
      [{ filename: 'b.pdf', content: pdf() }],
      otherBusinessId,
    );
    expect(intoForeign.statusCode).toBe(404);
    // the right business, the wrong owner: a file of the project is not the task's
    expect(await h.files.open({ businessId, taskId }, file!._id)).toBeNull();
    expect(await countRows()).toMatchObject({ files: 1 });
  });

  it('keeps task files under the task, with their own url, and counts files per owner', async () => {
    const saved = await h.files.saveUpload(
      { businessId, taskId },
      userId,
      parts([
        { name: 'a.pdf', content: pdf() },
        { name: 'b.pdf', content: pdf() },
      ]),
    );
    expect(saved[0]!.url).toBe(`/api/v1/tasks/${taskId}/attachments/${saved[0]!._id}`);
    await h.files.saveUpload({ businessId, projectId }, userId, parts([{ name: 'c.pdf', content: pdf() }]));
    const byTask = await h.files.counts(businessId, [taskId, 'no-such-task'], 'task');
    expect([...byTask]).toEqual([
      [taskId, 2],
      ['no-such-task', 0],
    ]);
    expect((await h.files.counts(businessId, [projectId, secondProjectId], 'project')).get(projectId)).toBe(1);
    expect((await h.files.counts(businessId, [], 'project')).size).toBe(0);
  });

  it('never lists or serves an upload that is still incomplete', async () => {
    const id = await h.repo.insertFile(
      { businessId, projectId },
      { name: 'half.pdf', mime: 'application/pdf', kind: 'attachment', uploadedBy: userId },
    );
    await h.repo.insertChunk(id, 0, pdf());
    expect(await h.files.list({ businessId, projectId })).toEqual([]);
    expect(await h.files.open({ businessId, projectId }, id)).toBeNull();
    expect((await h.files.counts(businessId, [projectId], 'project')).get(projectId)).toBe(0);
    // a day later the owner's next upload removes it
    await t.handle.db.execute(sql`UPDATE work_files SET created_at = now() - interval '2 days' WHERE id = ${id}`);
    await h.files.saveUpload({ businessId, projectId }, userId, parts([{ name: 'next.pdf', content: pdf() }]));
    expect(await countRows()).toEqual({ files: 1, chunks: 1 });
  });

  it('remove deletes the file and its chunks', async () => {
    const [kept, gone] = await h.files.saveUpload(
      { businessId, projectId },
      userId,
      parts([
        { name: 'kept.png', content: png(CHUNK_BYTES + 1) },
        { name: 'gone.png', content: png(2 * CHUNK_BYTES + 1) },
      ]),
    );
    expect(await countRows()).toEqual({ files: 2, chunks: 5 });
    const removed = await t.handle.db.transaction((tx) => h.files.remove({ businessId, projectId }, gone!._id, tx));
    expect(removed).toMatchObject({ _id: gone!._id, name: 'gone.png' });
    expect(await countRows()).toEqual({ files: 1, chunks: 2 });
    expect((await h.files.list({ businessId, projectId })).map((f) => f._id)).toEqual([kept!._id]);
    expect((await download(h, `/projects/${projectId}`, gone!._id)).statusCode).toBe(404);
    expect(await h.files.remove({ businessId, projectId }, gone!._id)).toBeNull();
  });

  it('copyAll copies every file with its bytes inside the caller’s transaction', async () => {
    const big = png(CHUNK_BYTES * 2 + 7);
    const originals = await h.files.saveUpload(
      { businessId, projectId },
      userId,
      parts([
        { name: 'one.png', content: big },
        { name: 'two.pdf', content: pdf('two') },
      ]),
    );
    await h.files.saveUpload({ businessId, taskId }, userId, parts([{ name: 'task.pdf', content: pdf() }]));
    const copied = await t.handle.db.transaction((tx) =>
      h.files.copyAll({ businessId, projectId }, { businessId, projectId: secondProjectId }, tx),
    );
    expect(copied).toBe(2);
    const copies = await h.files.list({ businessId, projectId: secondProjectId });
    expect(copies.map((f) => [f.name, f.type, f.size, f.kind, f.uploadedBy?.name])).toEqual(
      originals.map((f) => [f.name, f.type, f.size, f.kind, f.uploadedBy?.name]),
    );
    expect(copies.map((f) => f._id)).not.toEqual(originals.map((f) => f._id));
    expect(copies[0]!.url).toBe(`/api/v1/projects/${secondProjectId}/attachments/${copies[0]!._id}`);
    const got = await download(h, `/projects/${secondProjectId}`, copies[0]!._id);
    expect(got.rawPayload.equals(big)).toBe(true);
    expect(await countRows()).toEqual({ files: 5, chunks: 3 + 1 + 1 + 3 + 1 });
    // a rolled-back copy leaves nothing
    await expect(
      t.handle.db.transaction(async (tx) => {
        await h.files.copyAll({ businessId, projectId }, { businessId, taskId }, tx);
        throw new Error('duplicate failed later');
      }),
    ).rejects.toThrow('duplicate failed later');
    expect(await h.files.list({ businessId, taskId })).toHaveLength(1);
    // another business's owner id copies nothing
    const foreign = { businessId: otherBusinessId, projectId };
    expect(await h.files.copyAll(foreign, { businessId, taskId }, t.handle.db)).toBe(0);
    expect(await h.files.list({ businessId, taskId })).toHaveLength(1);
  });
});

/** Upload parts as a route hands them over, for calling the service directly (each file one stream). */
async function* parts(files: { name: string; content: Buffer | string }[]) {
  const { Readable } = await import('node:stream');
  for (const f of files) {
    yield {
      fieldname: 'files',
      filename: f.name,
      mimetype: 'application/octet-stream',
      file: Readable.from([Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content, 'utf8')]),
    };
  }
}
