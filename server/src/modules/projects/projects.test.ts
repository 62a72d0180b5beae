import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  activitySchema,
  projectDetailSchema,
  projectSchema,
  projectTypeSchema,
  workFileSchema,
  type Project,
} from '@atrium/domain-work/schemas';
import { Agent, createTestApp, qs, signedInAgent, sqlRows, type TestApp } from '../../../test/helpers';
import { TINY_PNG } from '../../../test/security-helpers';

/** A multipart body of files (name, bytes, declared type) and text fields. */
function multipartBody(files: [string, Buffer | string, string][], fields: Record<string, string> = {}) {
  const boundary = `----atrium${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, content, type] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('projects', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerName: string;
  let ownerId: string;
  let businessId: string;
  let other: Agent;

  const create = async (body: Record<string, unknown>, agent = owner): Promise<Project> => {
    const res = await agent.post('/projects', { type: 'Kitchen', ...body });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return projectSchema.parse(res.json().data);
  };
  const contact = async (agent = owner) =>
    (await agent.post('/contacts', { firstName: 'Client', email: `c.${randomUUID()}@example.com` })).json().data
      ._id as string;
  /** The stage column's ids, top to bottom. */
  const column = async (stage: string) =>
    ((await owner.get(`/projects${qs({ stage, sortBy: 'board', export: 'true' })}`)).json().data as Project[]).map(
      (p) => p._id,
    );
  const feed = async (id: string, query = '') => (await owner.get(`/projects/${id}/feed${query}`)).json();
  /** Tasks written straight into the table (the tasks module's own API is tested beside it). */
  const insertTasks = async (projectId: string, n: number) => {
    await t.database.db.execute(sql`
      INSERT INTO tasks (id, business_id, project_id, title, status, sort_order)
      SELECT gen_random_uuid()::text, ${businessId}, ${projectId}, 'Task ' || g, 'todo', g * 1024
      FROM generate_series(1, ${n}) AS g`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    owner = signed.agent;
    ownerName = 'Grace Hopper';
    ownerId = signed.body.user.id;
    businessId = signed.body.user.businessId;
    other = (await signedInAgent(t.app)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  test('need a session', async () => {
    const anonymous = await new Agent(t.app).init();
    expect((await anonymous.get('/projects')).statusCode).toBe(401);
    expect((await anonymous.post('/projects', { title: 'x', type: 'y' })).statusCode).toBe(401);
  });

  describe('create', () => {
    test('201 with the defaults: planning, last in its column, no tasks or files, the creator; the type is saved', async () => {
      const first = await create({ title: 'Villa', type: 'Renovation' });
      const second = await create({ title: 'Loft', type: 'renovation' });
      expect(first).toMatchObject({
        title: 'Villa',
        stage: 'planning',
        type: 'Renovation',
        description: null,
        startDate: null,
        dueDate: null,
        isAllDay: true,
        address: null,
        contacts: [],
        taskCount: 0,
        attachmentCount: 0,
        createdBy: { _id: ownerId, name: ownerName },
      });
      expect(second.boardOrder).toBeGreaterThan(first.boardOrder);
      const types = (await owner.get('/projects/types')).json().data;
      // One type whatever its case: the first spelling stays; both projects count.
      expect(types.map((x: unknown) => projectTypeSchema.parse(x))).toContainEqual({
        name: 'Renovation',
        projectCount: 2,
      });
      const entries = (await feed(first._id)).data;
      expect(entries).toHaveLength(1);
      expect(activitySchema.parse(entries[0])).toMatchObject({
        type: 'project.created',
        subject: { type: 'project', id: first._id, title: 'Villa' },
        actor: { _id: ownerId, name: ownerName },
      });
    });

    test('keeps every field and the business’s contacts', async () => {
      const c1 = await contact();
      const c2 = await contact();
      const project = await create({
        title: '  Beach house ',
        description: 'Two floors',
        stage: 'review',
        startDate: '2026-03-01',
        dueDate: '2026-04-01T12:00:00.000Z',
        isAllDay: false,
        location: 'Lisbon',
        address: { line1: 'Rua 1', city: 'Lisbon', country: 'PT' },
        contacts: [c1, c2, c1],
      });
      expect(project).toMatchObject({
        title: 'Beach house',
        description: 'Two floors',
        stage: 'review',
        startDate: '2026-03-01T00:00:00.000Z',
        dueDate: '2026-04-01T12:00:00.000Z',
        isAllDay: false,
        location: 'Lisbon',
        address: { line1: 'Rua 1', line2: null, city: 'Lisbon', country: 'PT', state: null, zip: null },
        contacts: [c1, c2],
      });
    });

    test('bad input: 400 with the spec’s text and field messages', async () => {
      const missing = await owner.post('/projects', { description: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'Invalid project data' });
      expect(missing.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Title is required' },
          { field: 'type', message: 'Project type is required' },
        ]),
      );
      const blank = await owner.post('/projects', { title: '  ', type: 'x' });
      expect(blank.json().details).toContainEqual({ field: 'title', message: 'Title is required' });
      const stage = await owner.post('/projects', { title: 'x', type: 'y', stage: 'done' });
      expect(stage.statusCode).toBe(400);
      expect(stage.json().details).toContainEqual({
        field: 'stage',
        message: 'Stage must be one of: planning, in_progress, review, completed',
      });
      const dates = await owner.post('/projects', {
        title: 'x',
        type: 'y',
        startDate: '2026-05-02',
        dueDate: '2026-05-01',
      });
      expect(dates.statusCode).toBe(400);
      expect(dates.json().details).toContainEqual({
        field: 'startDate',
        message: 'Start date cannot be after due date',
      });
      const year = await owner.post('/projects', { title: 'x', type: 'y', dueDate: '0099-01-01' });
      expect(year.statusCode).toBe(400);
      expect(year.json().details).toContainEqual({ field: 'dueDate', message: 'Enter a valid date' });
      const theirs = await contact(other);
      for (const ids of [['nope'], [theirs]]) {
        const res = await owner.post('/projects', { title: 'x', type: 'y', contacts: ids });
        expect(res.statusCode).toBe(400);
        expect(res.json().details).toEqual([{ field: 'contacts', message: `Contact not found: ${ids[0]}` }]);
      }
      const malformed = await owner.post('/projects', '{"title":', { headers: { 'content-type': 'application/json' } });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('list', () => {
    let ids: Record<string, string>;
    let listOwner: Agent;
    let ownerContact: string;

    beforeAll(async () => {
      listOwner = (await signedInAgent(t.app)).agent;
      ownerContact = await contact(listOwner);
      const mk = async (body: Record<string, unknown>) => (await create(body, listOwner))._id;
      ids = {
        alpha: await mk({
          title: 'Alpha kitchen',
          type: 'Kitchen',
          stage: 'planning',
          startDate: '2026-01-10',
          dueDate: '2026-02-01',
        }),
        beta: await mk({
          title: 'Beta bath',
          type: 'Bathroom',
          stage: 'review',
          startDate: '2026-03-01',
          dueDate: '2026-03-20',
          contacts: [ownerContact],
        }),
        gamma: await mk({ title: 'Gamma_50%', type: 'KITCHEN', stage: 'review', location: 'Porto' }),
        delta: await mk({ title: 'Delta', type: 'Garden', stage: 'completed', dueDate: '2026-12-31' }),
      };
      await create({ title: 'Alpha elsewhere', type: 'Kitchen' }, other);
    });
    const list = async (params: Record<string, unknown>) => {
      const res = await listOwner.get(`/projects${qs(params)}`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        data: Project[];
        pagination: { total: number; page: number; limit: number; totalPages: number };
      };
    };
    const names = (r: { data: Project[] }) => r.data.map((p) => p.title);

    test('newest first, only the business’s, in the envelope', async () => {
      const res = await list({});
      expect(names(res)).toEqual(['Delta', 'Gamma_50%', 'Beta bath', 'Alpha kitchen']);
      expect(res.pagination).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1 });
      for (const p of res.data) projectSchema.parse(p);
    });

    test('search (literal % and _), stage, type in any case, dates, contact', async () => {
      // Title, type and location are searched, in any case.
      expect(names(await list({ search: 'KITCH' }))).toEqual(['Gamma_50%', 'Alpha kitchen']);
      expect(names(await list({ search: 'ALPHA K' }))).toEqual(['Alpha kitchen']);
      expect(names(await list({ search: 'porto' }))).toEqual(['Gamma_50%']);
      expect(names(await list({ search: '_50%' }))).toEqual(['Gamma_50%']);
      expect(names(await list({ search: 'a_k' }))).toEqual([]);
      expect(names(await list({ search: 'ma%5' }))).toEqual([]);
      expect(names(await list({ stage: 'review' }))).toEqual(['Gamma_50%', 'Beta bath']);
      expect(names(await list({ type: 'kitchen' }))).toEqual(['Gamma_50%', 'Alpha kitchen']);
      expect(names(await list({ startDate: '2026-02-01' }))).toEqual(['Beta bath']);
      expect(names(await list({ dueDate: '2026-03-20' }))).toEqual(['Beta bath', 'Alpha kitchen']);
      expect(names(await list({ contactId: ownerContact }))).toEqual(['Beta bath']);
      const filters = [{ combinator: 'AND', conditions: [{ field: 'title', operator: 'startsWith', value: 'al' }] }];
      expect(names(await list({ filters: JSON.stringify(filters) }))).toEqual(['Alpha kitchen']);
    });

    test('sorts, pages and exports', async () => {
      expect(names(await list({ sortBy: 'title' }))).toEqual(['Alpha kitchen', 'Beta bath', 'Delta', 'Gamma_50%']);
      expect(names(await list({ sortBy: 'dueDate', sortOrder: 'asc' }))).toEqual([
        'Alpha kitchen',
        'Beta bath',
        'Delta',
        'Gamma_50%',
      ]);
      expect(names(await list({ sortBy: 'board' }))).toEqual(['Alpha kitchen', 'Beta bath', 'Gamma_50%', 'Delta']);
      const page2 = await list({ limit: 3, page: 2 });
      expect(names(page2)).toEqual(['Alpha kitchen']);
      expect(page2.pagination).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
      // A search counts its matches (in the page's scan, or past the end by a count).
      for (const page of [1, 2, 5]) {
        const searched = await list({ search: 'kitch', limit: 1, page });
        expect(searched.pagination).toEqual({ total: 2, page, limit: 1, totalPages: 2 });
        expect(searched.data).toHaveLength(page <= 2 ? 1 : 0);
      }
      const all = await list({ export: 'true', limit: 1 });
      expect(all.data).toHaveLength(4);
      expect(all.pagination).toEqual({ total: 4, page: 1, limit: 4, totalPages: 1 });
    });

    test('rows carry their counts', async () => {
      await t.database.db.execute(sql`
        INSERT INTO tasks (id, business_id, project_id, title) VALUES (gen_random_uuid()::text,
        (SELECT business_id FROM projects WHERE id = ${ids.beta!}), ${ids.beta!}, 'Paint')`);
      const beta = (await list({ search: 'beta' })).data[0]!;
      expect(beta.taskCount).toBe(1);
      expect(beta.contacts).toEqual([ownerContact]);
    });

    test('bad parameters: 400 with field messages', async () => {
      for (const [params, field] of [
        [{ stage: 'nope' }, 'stage'],
        [{ sortBy: 'nope' }, 'sortBy'],
        [{ startDate: 'yesterday' }, 'startDate'],
        [
          { filters: '[{"combinator":"AND","conditions":[{"field":"secret","operator":"eq","value":"x"}]}]' },
          'filters',
        ],
        [{ limit: 1000 }, 'limit'],
      ] as const) {
        const res = await listOwner.get(`/projects${qs(params)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().details.map((d: { field: string }) => d.field.split('.')[0])).toContain(field);
      }
    });
  });

  describe('one project', () => {
    test('GET: the project with its files; another business’s or an unknown id is 404 with the spec’s message', async () => {
      const project = await create({ title: 'Detail' });
      const res = await owner.get(`/projects/${project._id}`);
      expect(res.statusCode).toBe(200);
      expect(projectDetailSchema.parse(res.json().data)).toMatchObject({ _id: project._id, attachments: [] });
      for (const agent of [other]) {
        const theirs = await agent.get(`/projects/${project._id}`);
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json()).toEqual({
          success: false,
          code: 'NOT_FOUND',
          error: `Project not found: ${project._id}`,
        });
      }
      expect((await owner.get('/projects/missing')).json().error).toBe('Project not found: missing');
    });

    test('PATCH changes the given fields only; dates are checked against the stored ones', async () => {
      const c = await contact();
      const project = await create({
        title: 'Patch me',
        description: 'keep',
        startDate: '2026-06-01',
        dueDate: '2026-06-30',
      });
      const res = await owner.patch(`/projects/${project._id}`, { title: 'Patched', contacts: [c], location: 'Oslo' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        title: 'Patched',
        description: 'keep',
        location: 'Oslo',
        contacts: [c],
        startDate: '2026-06-01T00:00:00.000Z',
      });
      const cleared = await owner.patch(`/projects/${project._id}`, { description: null, location: '' });
      expect(cleared.json().data).toMatchObject({ description: null, location: null, title: 'Patched' });
      const late = await owner.patch(`/projects/${project._id}`, { startDate: '2026-07-15' });
      expect(late.statusCode).toBe(400);
      expect(late.json().details).toEqual([{ field: 'startDate', message: 'Start date cannot be after due date' }]);
      const early = await owner.patch(`/projects/${project._id}`, { dueDate: '2026-05-01' });
      expect(early.statusCode).toBe(400);
      const both = await owner.patch(`/projects/${project._id}`, { startDate: '2026-07-15', dueDate: '2026-08-01' });
      expect(both.statusCode).toBe(200);
      const bad = await owner.patch(`/projects/${project._id}`, { title: '', stage: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Invalid project update data' });
      expect(bad.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Title is required' },
          { field: 'stage', message: 'Stage must be one of: planning, in_progress, review, completed' },
        ]),
      );
      const unknownContact = await owner.patch(`/projects/${project._id}`, { contacts: ['nope'] });
      expect(unknownContact.statusCode).toBe(400);
      expect(unknownContact.json().details).toEqual([{ field: 'contacts', message: 'Contact not found: nope' }]);
      expect((await other.patch(`/projects/${project._id}`, { title: 'Mine' })).statusCode).toBe(404);
      expect((await owner.get(`/projects/${project._id}`)).json().data.title).toBe('Patched');
      const entries = (await feed(project._id)).data as { type: string; message: string }[];
      expect(entries.map((e) => e.type)).toContain('project.updated');
      expect(entries.find((e) => e.type === 'project.updated')!.message).toBe('Changed the start date, due date');
    });

    test('a stage change through PATCH puts the card last in the new column and says so in the feed', async () => {
      const a = await create({ title: 'Col A', stage: 'completed' });
      const moving = await create({ title: 'Mover' });
      const res = await owner.patch(`/projects/${moving._id}`, { stage: 'completed' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.stage).toBe('completed');
      const col = await column('completed');
      expect(col.indexOf(moving._id)).toBe(col.length - 1);
      expect(col).toContain(a._id);
      const top = (await feed(moving._id)).data[0];
      expect(top).toMatchObject({ type: 'project.stage_changed', message: 'Moved from Planning to Completed' });
    });

    test('DELETE takes its tasks, files, feed and notes with it', async () => {
      const project = await create({ title: 'Doomed' });
      await insertTasks(project._id, 3);
      const note = await owner.post('/notes', { content: '<p>x</p>', entityType: 'project', entityId: project._id });
      expect(note.statusCode).toBe(201);
      expect((await other.delete(`/projects/${project._id}`)).statusCode).toBe(404);
      const res = await owner.delete(`/projects/${project._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await owner.get(`/projects/${project._id}`)).statusCode).toBe(404);
      expect((await owner.delete(`/projects/${project._id}`)).statusCode).toBe(404);
      // The list's total (the counters) follows creates, moves and deletes.
      const listed = (await owner.get('/projects?export=true')).json().data.length;
      expect((await owner.get('/projects?limit=1')).json().pagination.total).toBe(listed);
      const left = await sqlRows<{ n: number }>(
        t.database.db,
        sql`SELECT (SELECT count(*) FROM tasks WHERE project_id = ${project._id})
          + (SELECT count(*) FROM project_activities WHERE project_id = ${project._id})
          + (SELECT count(*) FROM notes WHERE entity_id = ${project._id}) AS n`,
      );
      expect(Number(left[0]!.n)).toBe(0);
    });
  });

  describe('the stage board', () => {
    let boardOwner: Agent;
    const boardColumn = async (stage: string) =>
      (await boardOwner.get(`/projects${qs({ stage, sortBy: 'board', export: 'true' })}`)).json().data as Project[];

    beforeAll(async () => {
      boardOwner = (await signedInAgent(t.app)).agent;
    });

    test('moves to a position within and across columns; the order survives a reload', async () => {
      const made: Project[] = [];
      for (const title of ['A', 'B', 'C', 'D']) made.push(await create({ title, stage: 'in_progress' }, boardOwner));
      const [a, b, c, d] = made as [Project, Project, Project, Project];
      const move = (p: Project, stage: string, order?: number) =>
        boardOwner.patch(`/projects/${p._id}/stage`, order === undefined ? { stage } : { stage, order });
      const top = await move(d, 'in_progress', 0);
      expect(top.statusCode).toBe(200);
      expect(projectSchema.parse(top.json().data).stage).toBe('in_progress');
      expect((await boardColumn('in_progress')).map((p) => p.title)).toEqual(['D', 'A', 'B', 'C']);
      await move(a, 'in_progress', 2);
      expect((await boardColumn('in_progress')).map((p) => p.title)).toEqual(['D', 'B', 'A', 'C']);
      await move(b, 'review', 0);
      await move(c, 'review');
      expect((await boardColumn('in_progress')).map((p) => p.title)).toEqual(['D', 'A']);
      expect((await boardColumn('review')).map((p) => p.title)).toEqual(['B', 'C']);
      await move(d, 'review', 1);
      expect((await boardColumn('review')).map((p) => p.title)).toEqual(['B', 'D', 'C']);
      // Past the end: last.
      await move(b, 'review', 99);
      expect((await boardColumn('review')).map((p) => p.title)).toEqual(['D', 'C', 'B']);
      const entries = (await boardOwner.get(`/projects/${b._id}/feed`)).json().data as {
        type: string;
        message: string;
      }[];
      // One entry for the change of stage; moves within a column write none.
      expect(entries.filter((e) => e.type === 'project.stage_changed').map((e) => e.message)).toEqual([
        'Moved from In progress to Review',
      ]);
    });

    test('bad moves: unknown stage or order → 400 with field messages; another business’s project → 404', async () => {
      const p = await create({ title: 'Stay' }, boardOwner);
      const stage = await boardOwner.patch(`/projects/${p._id}/stage`, { stage: 'archived' });
      expect(stage.statusCode).toBe(400);
      expect(stage.json().details).toEqual([
        { field: 'stage', message: 'Stage must be one of: planning, in_progress, review, completed' },
      ]);
      const order = await boardOwner.patch(`/projects/${p._id}/stage`, { stage: 'review', order: -1 });
      expect(order.statusCode).toBe(400);
      expect(order.json().details).toEqual([{ field: 'order', message: 'Order must be a whole number of at least 0' }]);
      const theirs = await other.patch(`/projects/${p._id}/stage`, { stage: 'review', order: 0 });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error).toBe(`Project not found: ${p._id}`);
      expect((await boardColumn('planning')).map((x) => x._id)).toEqual([p._id]);
    });

    test('concurrent moves into one column: no card lost, none sharing a place', async () => {
      const cards: Project[] = [];
      for (let i = 0; i < 8; i++) cards.push(await create({ title: `Card ${i}`, stage: 'completed' }, boardOwner));
      const incoming: Project[] = [];
      for (let i = 0; i < 6; i++) incoming.push(await create({ title: `In ${i}`, stage: 'planning' }, boardOwner));
      const moves = await Promise.all([
        ...incoming.map((p, i) => boardOwner.patch(`/projects/${p._id}/stage`, { stage: 'completed', order: i % 3 })),
        ...cards.slice(0, 4).map((p) => boardOwner.patch(`/projects/${p._id}/stage`, { stage: 'completed', order: 1 })),
      ]);
      expect(moves.map((m) => m.statusCode)).toEqual(moves.map(() => 200));
      const col = await boardColumn('completed');
      const expected = [...cards, ...incoming].map((p) => p._id).sort();
      expect(col.map((p) => p._id).sort()).toEqual(expected);
      expect(new Set(col.map((p) => p.boardOrder)).size).toBe(col.length);
      // The column's total (the stage's counter) agrees.
      const counted = (await boardOwner.get(`/projects${qs({ stage: 'completed', limit: 1 })}`)).json().pagination;
      expect(counted.total).toBe(col.length);
      const rows = await sqlRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM projects WHERE id IN (${sql.join(
          expected.map((id) => sql`${id}`),
          sql`, `,
        )}) AND stage = 'completed'`,
      );
      expect(rows[0]!.n).toBe(expected.length);
    });
  });

  describe('types', () => {
    test('bulk update: only the caller’s projects count; the types join the list', async () => {
      const typesOwner = (await signedInAgent(t.app)).agent;
      const mine = [
        await create({ title: 'T1', type: 'Old' }, typesOwner),
        await create({ title: 'T2', type: 'Old' }, typesOwner),
      ];
      const theirs = await create({ title: 'Theirs', type: 'Keep' }, other);
      const res = await typesOwner.patch('/projects/bulk-update-types', {
        updates: [
          { id: mine[0]!._id, type: 'Deck' },
          { id: mine[1]!._id, type: 'deck' },
          { id: theirs._id, type: 'Deck' },
          { id: 'missing', type: 'Deck' },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { totalModified: 2 } });
      expect((await other.get(`/projects/${theirs._id}`)).json().data.type).toBe('Keep');
      expect((await typesOwner.get(`/projects/${mine[1]!._id}`)).json().data.type).toBe('deck');
      const types = (await typesOwner.get('/projects/types')).json().data;
      expect(types).toEqual([
        { name: 'Deck', projectCount: 2 },
        { name: 'Old', projectCount: 0 },
      ]);
      // A type sent only for another business's project does not join the caller's list.
      await typesOwner.patch('/projects/bulk-update-types', { updates: [{ id: theirs._id, type: 'Sneaky' }] });
      expect(((await typesOwner.get('/projects/types')).json().data as { name: string }[]).map((x) => x.name)).toEqual([
        'Deck',
        'Old',
      ]);
      const empty = await typesOwner.patch('/projects/bulk-update-types', { updates: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ field: 'updates', message: 'Choose at least one project' }]);
      const noType = await typesOwner.patch('/projects/bulk-update-types', {
        updates: [{ id: mine[0]!._id, type: '' }],
      });
      expect(noType.json().details).toEqual([{ field: 'updates.0.type', message: 'Project type is required' }]);
    });
  });

  describe('duplicate', () => {
    test('copies the fields, contacts, tasks and files, last in its stage; 404 for another business', async () => {
      const c = await contact();
      const source = await create({
        title: 'Original',
        stage: 'review',
        description: 'd',
        startDate: '2026-01-01',
        location: 'Here',
        contacts: [c],
      });
      await insertTasks(source._id, 500);
      const upload = multipartBody([['plan.png', TINY_PNG, 'image/png']], { kind: 'floorplan' });
      expect(
        (await owner.post(`/projects/${source._id}/attachments`, upload.payload, { headers: upload.headers }))
          .statusCode,
      ).toBe(201);
      const res = await owner.post(`/projects/${source._id}/duplicate`);
      expect(res.statusCode).toBe(201);
      const copy = projectSchema.parse(res.json().data);
      expect(copy).toMatchObject({
        title: 'Original (copy)',
        stage: 'review',
        description: 'd',
        startDate: '2026-01-01T00:00:00.000Z',
        location: 'Here',
        contacts: [c],
        taskCount: 500,
        attachmentCount: 1,
      });
      expect(copy._id).not.toBe(source._id);
      const col = await column('review');
      expect(col[col.length - 1]).toBe(copy._id);
      const files = (await owner.get(`/projects/${copy._id}/attachments?kind=floorplan`)).json().data;
      expect(files).toHaveLength(1);
      const bytes = await owner.get(`/projects/${copy._id}/attachments/${files[0]._id}`);
      expect(bytes.rawPayload.equals(TINY_PNG)).toBe(true);
      expect((await other.post(`/projects/${source._id}/duplicate`)).statusCode).toBe(404);
    });
  });

  describe('the feed', () => {
    test('custom entries, newest first, paged back by timestamp', async () => {
      const project = await create({ title: 'Feed' });
      for (let i = 1; i <= 5; i++) {
        const res = await owner.post(`/projects/${project._id}/activities`, { message: `Call ${i}` });
        expect(res.statusCode).toBe(201);
        expect(activitySchema.parse(res.json().data)).toMatchObject({
          type: 'custom',
          message: `Call ${i}`,
          subject: null,
          actor: { _id: ownerId, name: ownerName },
        });
      }
      const first = await feed(project._id, '?limit=3');
      expect(first.data.map((e: { message: string }) => e.message)).toEqual(['Call 5', 'Call 4', 'Call 3']);
      expect(first.hasMore).toBe(true);
      const before = first.data[2].timestamp as string;
      const second = await feed(project._id, `?limit=3&before=${encodeURIComponent(before)}`);
      expect(second.data.map((e: { message: string }) => e.message)).toEqual([
        'Call 2',
        'Call 1',
        expect.stringContaining('Created'),
      ]);
      expect(second.hasMore).toBe(false);
      const blank = await owner.post(`/projects/${project._id}/activities`, { message: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().details).toEqual([{ field: 'message', message: 'Write what happened' }]);
      expect((await owner.get(`/projects/${project._id}/feed?before=yesterday`)).statusCode).toBe(400);
      expect((await other.post(`/projects/${project._id}/activities`, { message: 'x' })).statusCode).toBe(404);
      expect((await other.get(`/projects/${project._id}/feed`)).statusCode).toBe(404);
    });

    test('entries of one millisecond are never split across pages', async () => {
      const project = await create({ title: 'Same ms' });
      await t.database.db.execute(sql`
        INSERT INTO project_activities (id, business_id, project_id, type, message, created_at)
        SELECT gen_random_uuid()::text, ${businessId}, ${project._id}, 'custom', 'Same ' || g,
               '2030-01-01T00:00:00.000Z'::timestamptz + (g * interval '1 microsecond')
        FROM generate_series(1, 4) AS g`);
      const page = await feed(project._id, '?limit=2');
      expect(page.data).toHaveLength(4);
      expect(page.hasMore).toBe(true);
      const rest = await feed(project._id, `?limit=2&before=${encodeURIComponent(page.data[3].timestamp)}`);
      expect(rest.data.map((e: { type: string }) => e.type)).toEqual(['project.created']);
    });

    test('a note on the project is accepted and shows in the feed; another business’s project is 404', async () => {
      const project = await create({ title: 'Noted' });
      const res = await owner.post('/notes', {
        title: 'Site visit',
        content: '<p>Measured</p>',
        entityType: 'project',
        entityId: project._id,
      });
      expect(res.statusCode).toBe(201);
      const top = (await feed(project._id)).data[0];
      expect(top).toMatchObject({
        type: 'note.added',
        message: 'Added the note “Site visit”',
        subject: { type: 'note', id: res.json().data._id, title: 'Site visit' },
      });
      const list = await owner.get(`/notes${qs({ entityType: 'project', entityId: project._id })}`);
      expect(list.json().data).toHaveLength(1);
      for (const r of [
        await other.post('/notes', { content: 'x', entityType: 'project', entityId: project._id }),
        await other.get(`/notes${qs({ entityType: 'project', entityId: project._id })}`),
      ]) {
        expect(r.statusCode).toBe(404);
        expect(r.json().error).toBe(`Project not found: ${project._id}`);
      }
      const task = await owner.post('/notes', { content: 'x', entityType: 'task', entityId: 'missing' });
      expect(task.statusCode).toBe(404);
      expect(task.json().error).toBe('Task not found');
    });
  });

  describe('contacts', () => {
    test('POST /projects/{id}/contacts/add links the business’s contacts (already linked is fine)', async () => {
      const c1 = await contact();
      const c2 = await contact();
      const project = await create({ title: 'Linked', contacts: [c1] });
      const res = await owner.post(`/projects/${project._id}/contacts/add`, { contactIds: [c1, c2] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.contacts).toEqual([c1, c2]);
      const bad = await owner.post(`/projects/${project._id}/contacts/add`, { contactIds: [await contact(other)] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('contactIds');
      const none = await owner.post(`/projects/${project._id}/contacts/add`, { contactIds: [] });
      expect(none.json().details).toEqual([{ field: 'contactIds', message: 'Choose at least one contact' }]);
      expect((await other.post(`/projects/${project._id}/contacts/add`, { contactIds: [] })).statusCode).toBe(400);
      const theirContact = await contact(other);
      expect(
        (await other.post(`/projects/${project._id}/contacts/add`, { contactIds: [theirContact] })).statusCode,
      ).toBe(404);
    });

    test('/contacts/{id}/projects: list, link, unlink; 404 for another business’s contact or project', async () => {
      const c = await contact();
      const p1 = await create({ title: 'P1' });
      const p2 = await create({ title: 'P2', contacts: [c] });
      const link = await owner.post(`/contacts/${c}/projects`, { projectId: p1._id });
      expect(link.statusCode).toBe(201);
      expect(link.json()).toEqual({ success: true });
      const list = await owner.get(`/contacts/${c}/projects`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((p: Project) => p.title)).toEqual(['P2', 'P1']);
      const unlink = await owner.delete(`/contacts/${c}/projects/${p2._id}`);
      expect(unlink.json()).toEqual({ success: true });
      expect((await owner.get(`/contacts/${c}/projects`)).json().data.map((p: Project) => p.title)).toEqual(['P1']);
      const theirProject = await create({ title: 'Theirs' }, other);
      const theirContact = await contact(other);
      expect((await owner.post(`/contacts/${c}/projects`, { projectId: theirProject._id })).statusCode).toBe(404);
      expect((await owner.post(`/contacts/${theirContact}/projects`, { projectId: p1._id })).statusCode).toBe(404);
      expect((await owner.get(`/contacts/${theirContact}/projects`)).statusCode).toBe(404);
      expect((await owner.delete(`/contacts/${theirContact}/projects/${p1._id}`)).statusCode).toBe(404);
      expect((await owner.delete(`/contacts/${c}/projects/${theirProject._id}`)).statusCode).toBe(404);
      expect((await owner.post(`/contacts/${c}/projects`, {})).statusCode).toBe(400);
    });
  });

  describe('attachments', () => {
    test('upload with a kind, list, read inline or as a download, delete; the feed says so', async () => {
      const project = await create({ title: 'Files' });
      const upload = multipartBody(
        [
          ['design.png', TINY_PNG, 'image/png'],
          ['notes.txt', 'hello', 'text/plain'],
        ],
        { kind: 'design' },
      );
      const res = await owner.post(`/projects/${project._id}/attachments`, upload.payload, { headers: upload.headers });
      expect(res.statusCode).toBe(201);
      const files = (res.json().data as unknown[]).map((f) => workFileSchema.parse(f));
      expect(files.map((f) => [f.name, f.kind, f.type])).toEqual([
        ['design.png', 'design', 'image/png'],
        ['notes.txt', 'design', 'text/plain'],
      ]);
      expect(files[0]!.url).toBe(`/api/v1/projects/${project._id}/attachments/${files[0]!._id}`);
      expect((await owner.get(`/projects/${project._id}/attachments?kind=design`)).json().data).toHaveLength(2);
      expect((await owner.get(`/projects/${project._id}/attachments?kind=floorplan`)).json().data).toHaveLength(0);
      expect((await owner.get(`/projects/${project._id}/attachments?kind=nope`)).statusCode).toBe(400);
      const detail = (await owner.get(`/projects/${project._id}`)).json().data;
      expect(detail.attachments).toHaveLength(2);
      expect(detail.attachmentCount).toBe(2);
      const inline = await owner.get(`/projects/${project._id}/attachments/${files[0]!._id}`);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-type']).toBe('image/png');
      expect(String(inline.headers['content-disposition'])).toMatch(/^inline/);
      expect(inline.rawPayload.equals(TINY_PNG)).toBe(true);
      const download = await owner.get(`/projects/${project._id}/attachments/${files[0]!._id}?download=1`);
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment/);
      expect((await other.get(`/projects/${project._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);
      expect((await other.delete(`/projects/${project._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);
      const del = await owner.delete(`/projects/${project._id}/attachments/${files[0]!._id}`);
      expect(del.json()).toEqual({ success: true });
      expect((await owner.get(`/projects/${project._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);
      expect((await owner.delete(`/projects/${project._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);
      const types = ((await feed(project._id)).data as { type: string }[]).map((e) => e.type);
      expect(types.slice(0, 3)).toEqual(['attachment.deleted', 'attachment.added', 'attachment.added']);
    });

    test('refusals: not the caller’s project 404, a disguised type 415, no file 400, nothing stored', async () => {
      const project = await create({ title: 'Refusals' });
      const good = multipartBody([['a.png', TINY_PNG, 'image/png']]);
      expect(
        (await other.post(`/projects/${project._id}/attachments`, good.payload, { headers: good.headers })).statusCode,
      ).toBe(404);
      const html = multipartBody([['a.png', '<html><script>alert(1)</script></html>', 'image/png']]);
      expect(
        (await owner.post(`/projects/${project._id}/attachments`, html.payload, { headers: html.headers })).statusCode,
      ).toBe(415);
      const kind = multipartBody([['a.png', TINY_PNG, 'image/png']], { kind: 'poster' });
      expect(
        (await owner.post(`/projects/${project._id}/attachments`, kind.payload, { headers: kind.headers })).statusCode,
      ).toBe(400);
      expect((await owner.post(`/projects/${project._id}/attachments`, { files: [] })).statusCode).toBe(400);
      expect((await owner.get(`/projects/${project._id}/attachments`)).json().data).toEqual([]);
    });
  });
});
