import { and, count, eq } from 'drizzle-orm';
import {
  kanbanTotalsSchema,
  taskCommentSchema,
  taskDetailSchema,
  taskListAnswerSchema,
  taskSchema,
  workFileSchema,
  type Task,
  type TaskDetail,
} from '@atrium/domain-work/schemas';
import { projectActivities, taskHistory, tasks as tasksTable } from '../../db/schema';
import { signedInAgent, type Agent, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

describe('tasks', () => {
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

  const created = (res: { statusCode: number; body: string; json(): unknown }, status = 201) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: unknown }).data;
  };
  const newTask = async (body: Record<string, unknown> = {}, agent = a, url = '/tasks') =>
    taskSchema.strict().parse(created(await agent.post(url, { title: 'Call the florist', ...body })));
  const newProject = async (title = 'Kitchen remodel', agent = a) =>
    (created(await agent.post('/projects', { title, type: 'Remodel' })) as { _id: string })._id;
  const newContact = async (agent = a) =>
    (
      created(
        await agent.post('/contacts', {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
        }),
      ) as { _id: string }
    )._id;
  const detail = async (id: string, agent = a): Promise<TaskDetail> =>
    taskDetailSchema.strict().parse(created(await agent.get(`/tasks/${id}`), 200));
  const totals = async (agent = a) =>
    kanbanTotalsSchema.strict().parse(created(await agent.get('/tasks/kanban/totals'), 200));
  const feed = async (projectId: string) =>
    t.database.db
      .select({ type: projectActivities.type, message: projectActivities.message })
      .from(projectActivities)
      .where(eq(projectActivities.projectId, projectId))
      .orderBy(projectActivities.createdAt);
  const errorOf = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as { code: string; error: string; details?: { field: string; message: string }[] };
    return { status: res.statusCode, code: body.code, error: body.error, details: body.details };
  };

  describe('POST /tasks', () => {
    test('creates a task in the contract shape: todo and regular by default, last in its column, history "created"', async () => {
      const first = await newTask({ title: '  Order tiles  ', description: 'Blue ones' });
      expect(first).toMatchObject({
        title: 'Order tiles',
        description: 'Blue ones',
        status: 'todo',
        priority: 'regular',
        isAllDay: false,
        startDate: null,
        dueDate: null,
        projectId: null,
        project: null,
        userId: owner.body.user.id,
        contactIds: [],
        commentCount: 0,
        attachmentCount: 0,
      });
      const second = await newTask({ title: 'Second' });
      expect(second.sortOrder).toBeGreaterThan(first.sortOrder);
      const d = await detail(first._id);
      expect(d.history).toEqual([
        expect.objectContaining({ action: 'created', performedBy: { _id: owner.body.user.id, name: 'Ada Lovelace' } }),
      ]);
    });

    test('bad input → 400 with field messages in the error shape', async () => {
      expect(errorOf(await a.post('/tasks', { description: 'no title' }))).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        error: 'Invalid task data',
        details: [{ field: 'title', message: 'Title is required' }],
      });
      const status = errorOf(await a.post('/tasks', { title: 'x', status: 'done' }));
      expect(status).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(status.details).toEqual([
        { field: 'status', message: 'Status must be one of: todo, in_progress, blocked, completed' },
      ]);
      const priority = errorOf(await a.post('/tasks', { title: 'x', priority: 'urgent' }));
      expect(priority.details).toEqual([{ field: 'priority', message: 'Priority must be one of: low, regular, high' }]);
      const dates = errorOf(await a.post('/tasks', { title: 'x', startDate: '2026-05-02', dueDate: '2026-05-01' }));
      expect(dates.details).toEqual([{ field: 'startDate', message: 'Start date cannot be after due date' }]);
      const year = errorOf(await a.post('/tasks', { title: 'x', dueDate: '0001-01-01' }));
      expect(year).toMatchObject({ status: 400, details: [{ field: 'dueDate', message: 'Enter a valid date' }] });
      const theirs = await newContact(stranger.agent);
      const contact = errorOf(await a.post('/tasks', { title: 'x', contactIds: [theirs] }));
      expect(contact).toMatchObject({
        status: 400,
        details: [{ field: 'contactIds.0', message: 'Contact not found' }],
      });
    });

    test('with contacts of the business, dates and a project (?projectId= wins over the body)', async () => {
      const contact = await newContact();
      const projectId = await newProject('Bathroom');
      const other = await newProject('Garden');
      const task = await newTask(
        {
          contactIds: [contact, contact],
          startDate: '2026-05-01',
          dueDate: '2026-05-03T10:00:00Z',
          isAllDay: true,
          priority: 'high',
          projectId: other,
        },
        a,
        `/tasks?projectId=${projectId}`,
      );
      expect(task).toMatchObject({
        contactIds: [contact],
        startDate: '2026-05-01T00:00:00.000Z',
        dueDate: '2026-05-03T10:00:00.000Z',
        isAllDay: true,
        priority: 'high',
        projectId,
        project: { _id: projectId, title: 'Bathroom' },
      });
      expect(await feed(projectId)).toContainEqual({ type: 'task.created', message: 'Added task “Call the florist”' });
      const viaBody = await newTask({ projectId: other });
      expect(viaBody.project).toEqual({ _id: other, title: 'Garden' });
    });

    test("another business's project → 404 'Project not found: {id}'", async () => {
      const theirs = await newProject('Theirs', stranger.agent);
      expect(errorOf(await a.post(`/tasks?projectId=${theirs}`, { title: 'x' }))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        error: `Project not found: ${theirs}`,
      });
      expect(errorOf(await a.post('/tasks', { title: 'x', projectId: theirs }))).toMatchObject({ status: 404 });
    });
  });

  describe('GET /tasks', () => {
    let agent: Agent;
    let project: string;
    let contact: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      agent = (await signedInAgent(t.app)).agent;
      project = await newProject('Loft', agent);
      contact = await newContact(agent);
      ids.a = (await newTask({ title: 'Alpha paint walls', priority: 'high' }, agent))._id;
      ids.b = (await newTask({ title: 'Beta order 100% wool', status: 'blocked', contactIds: [contact] }, agent))._id;
      ids.c = (await newTask({ title: 'Gamma', projectId: project, dueDate: '2026-01-10' }, agent))._id;
      ids.d = (await newTask({ title: 'Delta', status: 'completed', priority: 'low' }, agent))._id;
    });

    const list = async (query = '') => {
      const res = await agent.get(`/tasks${query}`);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return taskListAnswerSchema.parse(res.json()).data;
    };
    const titles = (tasks: Task[]) => tasks.map((x) => x.title);

    test('answers data.tasks and pagination, newest first by default', async () => {
      const data = await list();
      expect(titles(data.tasks)).toEqual(['Delta', 'Gamma', 'Beta order 100% wool', 'Alpha paint walls']);
      expect(data.pagination).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1 });
      for (const task of data.tasks) taskSchema.strict().parse(task);
      expect(data.tasks.find((x) => x._id === ids.c)!.project).toEqual({ _id: project, title: 'Loft' });
    });

    test('filters by status, priority, project (none too), contact, search and filter groups', async () => {
      expect(titles((await list('?status=blocked')).tasks)).toEqual(['Beta order 100% wool']);
      expect((await list('?status=blocked')).pagination.total).toBe(1);
      expect(titles((await list('?priority=high')).tasks)).toEqual(['Alpha paint walls']);
      expect(titles((await list(`?projectId=${project}`)).tasks)).toEqual(['Gamma']);
      expect((await list('?projectId=none')).tasks).toHaveLength(3);
      expect(titles((await list(`?contactId=${contact}`)).tasks)).toEqual(['Beta order 100% wool']);
      expect(titles((await list('?search=PAINT')).tasks)).toEqual(['Alpha paint walls']);
      // LIKE wildcards are literal.
      expect(titles((await list(`?search=${encodeURIComponent('100%')}`)).tasks)).toEqual(['Beta order 100% wool']);
      expect((await list(`?search=${encodeURIComponent('%')}`)).tasks).toHaveLength(1);
      const filters = JSON.stringify([
        {
          combinator: 'OR',
          conditions: [
            { field: 'status', operator: 'eq', value: 'completed' },
            { field: 'dueDate', operator: 'eq', value: '2026-01-10' },
          ],
        },
      ]);
      const filtered = await list(`?filters=${encodeURIComponent(filters)}`);
      expect(titles(filtered.tasks).sort()).toEqual(['Delta', 'Gamma']);
      expect(filtered.pagination.total).toBe(2);
    });

    test('sorts (board: column then position; title; priority) and pages; export=true answers all', async () => {
      expect(titles((await list('?sortBy=title')).tasks)).toEqual([
        'Alpha paint walls',
        'Beta order 100% wool',
        'Delta',
        'Gamma',
      ]);
      expect(titles((await list('?sortBy=priority')).tasks)[0]).toBe('Alpha paint walls');
      const board = await list('?sortBy=board');
      expect(board.tasks.map((x) => x.status)).toEqual(['blocked', 'completed', 'todo', 'todo']);
      const page2 = await list('?limit=3&page=2');
      expect(page2.tasks).toHaveLength(1);
      expect(page2.pagination).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
      const all = await list('?export=true&limit=1');
      expect(all.tasks).toHaveLength(4);
      expect(all.pagination).toEqual({ total: 4, page: 1, limit: 4, totalPages: 1 });
    });

    test('bad parameters → 400 with field messages', async () => {
      expect(errorOf(await agent.get('/tasks?status=done'))).toMatchObject({
        status: 400,
        details: [{ field: 'status', message: 'Status must be one of: todo, in_progress, blocked, completed' }],
      });
      expect(errorOf(await agent.get('/tasks?priority=urgent')).status).toBe(400);
      expect(errorOf(await agent.get('/tasks?sortBy=color')).status).toBe(400);
      expect(errorOf(await agent.get('/tasks?limit=1000')).status).toBe(400);
      expect(errorOf(await agent.get('/tasks?filters=%5B%7B')).status).toBe(400);
      // A page far past the end is empty, never a database error.
      const far = await agent.get(`/tasks?page=${Number.MAX_SAFE_INTEGER}`);
      expect({ status: far.statusCode, tasks: far.json().data?.tasks }).toEqual({ status: 200, tasks: [] });
      expect(errorOf(await agent.get('/tasks?page=99999999999999999999')).status).toBe(400);
    });

    test("never shows another business's tasks", async () => {
      const theirs = (await stranger.agent.get('/tasks?limit=100')).body;
      for (const id of Object.values(ids)) expect(theirs).not.toContain(id);
      expect((await stranger.agent.get(`/tasks?projectId=${project}`)).json().data.tasks).toEqual([]);
    });
  });

  test('export=true answers every task of a large business, file counts merged across lookup batches', async () => {
    const signed = await signedInAgent(t.app);
    const projectId = await newProject('Many', signed.agent);
    const withFile = await newTask({ title: 'first', projectId }, signed.agent);
    const png = multipart('dot.png', TINY_PNG, 'image/png', 'files');
    created(await signed.agent.post(`/tasks/${withFile._id}/attachments`, png.payload, { headers: png.headers }));
    await t.database.db.insert(tasksTable).values(
      Array.from({ length: 5_200 }, (_, i) => ({
        id: `bulk-${signed.body.user.businessId}-${i}`,
        businessId: signed.body.user.businessId,
        title: `bulk ${i}`,
        sortOrder: i,
        createdAt: new Date(Date.UTC(2020, 0, 1) + i * 1000),
      })),
    );
    // The oldest task (the last of the export, in the second batch of lookups) gets a file too.
    const oldest = `bulk-${signed.body.user.businessId}-0`;
    created(await signed.agent.post(`/tasks/${oldest}/attachments`, png.payload, { headers: png.headers }));
    const res = await signed.agent.get('/tasks?export=true');
    expect(res.statusCode).toBe(200);
    const { tasks, pagination } = taskListAnswerSchema.parse(res.json()).data;
    expect(tasks).toHaveLength(5_201);
    expect(pagination.total).toBe(5_201);
    expect(tasks[0]).toMatchObject({
      _id: withFile._id,
      attachmentCount: 1,
      project: { _id: projectId, title: 'Many' },
    });
  });

  describe('GET, PATCH, DELETE /tasks/:id', () => {
    test('PATCH changes the fields given, writes one history entry of {field, from, to} and the feed', async () => {
      const projectId = await newProject('Porch');
      const contact = await newContact();
      const task = await newTask({ projectId, startDate: '2026-03-01', dueDate: '2026-03-10' });
      const res = await a.patch(`/tasks/${task._id}`, {
        title: 'Call the florist again',
        dueDate: '2026-03-12',
        priority: 'high',
        contactIds: [contact],
        description: undefined,
      });
      const updated = taskSchema.strict().parse(created(res, 200));
      expect(updated).toMatchObject({
        title: 'Call the florist again',
        dueDate: '2026-03-12T00:00:00.000Z',
        startDate: '2026-03-01T00:00:00.000Z',
        priority: 'high',
        contactIds: [contact],
        status: 'todo',
      });
      const { history } = await detail(task._id);
      expect(history[0]).toMatchObject({ action: 'updated', performedBy: { name: 'Ada Lovelace' } });
      expect(history[0]!.changes).toEqual([
        { field: 'title', from: 'Call the florist', to: 'Call the florist again' },
        { field: 'priority', from: 'regular', to: 'high' },
        { field: 'dueDate', from: '2026-03-10T00:00:00.000Z', to: '2026-03-12T00:00:00.000Z' },
        { field: 'contactIds', from: null, to: contact },
      ]);
      expect(history.map((h) => h.action)).toEqual(['updated', 'created']);
      expect(await feed(projectId)).toContainEqual({
        type: 'task.updated',
        message: 'Updated task “Call the florist again”: title, priority, due date, contacts',
      });

      // A date cleared is null in the history; nothing changed → no entry.
      await a.patch(`/tasks/${task._id}`, { startDate: null });
      expect((await detail(task._id)).history[0]!.changes).toEqual([
        { field: 'startDate', from: '2026-03-01T00:00:00.000Z', to: null },
      ]);
      await a.patch(`/tasks/${task._id}`, { title: 'Call the florist again' });
      expect((await detail(task._id)).history).toHaveLength(3);

      // Completed: task.completed in the feed, and last in the completed column.
      const done = await newTask({ status: 'completed' });
      const completed = taskSchema.parse(created(await a.patch(`/tasks/${task._id}`, { status: 'completed' }), 200));
      expect(completed.sortOrder).toBeGreaterThan(done.sortOrder);
      expect(await feed(projectId)).toContainEqual({
        type: 'task.completed',
        message: 'Completed task “Call the florist again”',
      });
    });

    test('start ≤ due is checked against the stored dates too; bad values → 400', async () => {
      const task = await newTask({ startDate: '2026-06-10' });
      expect(errorOf(await a.patch(`/tasks/${task._id}`, { dueDate: '2026-06-01' }))).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        error: 'Validation failed',
        details: [{ field: 'startDate', message: 'Start date cannot be after due date' }],
      });
      expect(errorOf(await a.patch(`/tasks/${task._id}`, { status: 'done' }))).toMatchObject({
        status: 400,
        error: 'Invalid task update data',
        details: [{ field: 'status', message: 'Status must be one of: todo, in_progress, blocked, completed' }],
      });
      expect(errorOf(await a.patch(`/tasks/${task._id}`, { title: ' ' })).details).toEqual([
        { field: 'title', message: 'Title is required' },
      ]);
      expect((await detail(task._id)).dueDate).toBeNull();
    });

    test("another business's task → 404 'Task not found' on every call", async () => {
      const task = await newTask();
      const s = stranger.agent;
      const notFound = { status: 404, code: 'NOT_FOUND', error: 'Task not found', details: undefined };
      expect(errorOf(await s.get(`/tasks/${task._id}`))).toEqual(notFound);
      expect(errorOf(await s.patch(`/tasks/${task._id}`, { title: 'Mine' }))).toEqual(notFound);
      expect(errorOf(await s.delete(`/tasks/${task._id}`))).toEqual(notFound);
      expect(errorOf(await s.patch(`/tasks/${task._id}/move`, { columnId: 'blocked' }))).toEqual(notFound);
      expect(errorOf(await s.post(`/tasks/${task._id}/move`, { projectId: null }))).toEqual(notFound);
      expect(errorOf(await s.post(`/tasks/${task._id}/duplicate`))).toEqual(notFound);
      expect(errorOf(await s.post(`/tasks/${task._id}/comments`, { content: 'hi' }))).toEqual(notFound);
      expect((await detail(task._id)).title).toBe('Call the florist');
    });

    test('DELETE removes it (and its history); the totals follow', async () => {
      const agent = (await signedInAgent(t.app)).agent;
      const x = await newTask({}, agent);
      await newTask({ status: 'blocked' }, agent);
      expect(await totals(agent)).toEqual({ todo: 1, in_progress: 0, blocked: 1, completed: 0, total: 2 });
      expect(created(await agent.delete(`/tasks/${x._id}`), 200)).toBeUndefined();
      expect((await agent.get(`/tasks/${x._id}`)).statusCode).toBe(404);
      expect(await totals(agent)).toEqual({ todo: 0, in_progress: 0, blocked: 1, completed: 0, total: 1 });
      const [left] = await t.database.db.select({ n: count() }).from(taskHistory).where(eq(taskHistory.taskId, x._id));
      expect(left!.n).toBe(0);
    });
  });

  describe('the kanban', () => {
    test('PATCH /tasks/:id/move places a card at a position, writes "moved" history; totals follow', async () => {
      const agent = (await signedInAgent(t.app)).agent;
      const [x, y, z] = [
        await newTask({ title: 'x' }, agent),
        await newTask({ title: 'y' }, agent),
        await newTask({ title: 'z' }, agent),
      ];
      const column = async (status: string) =>
        ((await agent.get(`/tasks?status=${status}&sortBy=board`)).json().data.tasks as Task[]).map((c) => c.title);
      expect(await column('todo')).toEqual(['x', 'y', 'z']);
      // Within the column: z to the top.
      taskSchema.parse(created(await agent.patch(`/tasks/${z._id}/move`, { columnId: 'todo', taskOrder: 0 }), 200));
      expect(await column('todo')).toEqual(['z', 'x', 'y']);
      expect((await detail(z._id, agent)).history.map((h) => h.action)).toEqual(['created']);
      // Across columns, to the end (order omitted) and then to a position.
      const moved = taskSchema.parse(created(await agent.patch(`/tasks/${x._id}/move`, { columnId: 'blocked' }), 200));
      expect(moved.status).toBe('blocked');
      // The answer is the task as stored.
      expect(moved).toEqual(taskSchema.parse(await detail(x._id, agent)));
      await agent.patch(`/tasks/${y._id}/move`, { columnId: 'blocked', taskOrder: 0 });
      expect(await column('blocked')).toEqual(['y', 'x']);
      expect(await column('todo')).toEqual(['z']);
      expect((await detail(x._id, agent)).history[0]).toMatchObject({
        action: 'moved',
        changes: [{ field: 'status', from: 'todo', to: 'blocked' }],
      });
      expect(await totals(agent)).toEqual({ todo: 1, in_progress: 0, blocked: 2, completed: 0, total: 3 });
      // Bad input.
      expect(errorOf(await agent.patch(`/tasks/${x._id}/move`, { columnId: 'done' }))).toMatchObject({
        status: 400,
        details: [{ field: 'columnId', message: 'Status must be one of: todo, in_progress, blocked, completed' }],
      });
      expect(errorOf(await agent.patch(`/tasks/${x._id}/move`, { columnId: 'todo', taskOrder: -1 })).status).toBe(400);
    });

    test('concurrent moves into one column: every card present once, positions unique, totals right', async () => {
      const agent = (await signedInAgent(t.app)).agent;
      const cards: Task[] = [];
      for (let i = 0; i < 8; i++)
        cards.push(await newTask({ title: `card ${i}`, status: i < 4 ? 'todo' : 'blocked' }, agent));
      const answers = await Promise.all(
        cards.map((c, i) => agent.patch(`/tasks/${c._id}/move`, { columnId: 'in_progress', taskOrder: i % 3 })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(cards.map(() => 200));
      const column = (await agent.get('/tasks?status=in_progress&sortBy=board')).json().data.tasks as Task[];
      expect(column.map((c) => c._id).sort()).toEqual(cards.map((c) => c._id).sort());
      const keys = column.map((c) => c.sortOrder);
      expect(new Set(keys).size).toBe(keys.length);
      expect([...keys].sort((p, q) => p - q)).toEqual(keys);
      expect(await totals(agent)).toEqual({ todo: 0, in_progress: 8, blocked: 0, completed: 0, total: 8 });
      // And again, within the column, all at once to the top.
      await Promise.all(
        cards.map((c) => agent.patch(`/tasks/${c._id}/move`, { columnId: 'in_progress', taskOrder: 0 })),
      );
      const again = (await agent.get('/tasks?status=in_progress&sortBy=board')).json().data.tasks as Task[];
      expect(again).toHaveLength(8);
      expect(new Set(again.map((c) => c.sortOrder)).size).toBe(8);
    });

    test('GET /tasks/kanban/totals counts the caller’s business only', async () => {
      const agent = (await signedInAgent(t.app)).agent;
      expect(await totals(agent)).toEqual({ todo: 0, in_progress: 0, blocked: 0, completed: 0, total: 0 });
      await newTask({ status: 'completed' }, agent);
      await newTask({ status: 'in_progress' }, agent);
      expect(await totals(agent)).toEqual({ todo: 0, in_progress: 1, blocked: 0, completed: 1, total: 2 });
    });
  });

  describe('POST /tasks/:id/move (between projects)', () => {
    test('into a project, into another, out of any: history and both feeds', async () => {
      const p1 = await newProject('One');
      const p2 = await newProject('Two');
      const task = await newTask({ title: 'Roam' });
      const into = taskSchema.parse(created(await a.post(`/tasks/${task._id}/move`, { projectId: p1 }), 200));
      expect(into.project).toEqual({ _id: p1, title: 'One' });
      await a.post(`/tasks/${task._id}/move`, { projectId: p2 });
      const out = taskSchema.parse(created(await a.post(`/tasks/${task._id}/move`, { projectId: null }), 200));
      expect(out).toMatchObject({ projectId: null, project: null });
      const history = (await detail(task._id)).history.filter((h) => h.action === 'moved').map((h) => h.changes[0]);
      expect(history).toEqual([
        { field: 'project', from: 'Two', to: null },
        { field: 'project', from: 'One', to: 'Two' },
        { field: 'project', from: null, to: 'One' },
      ]);
      expect(await feed(p1)).toEqual([
        { type: 'project.created', message: expect.any(String) },
        { type: 'task.moved', message: 'Added task “Roam”' },
        { type: 'task.moved', message: 'Moved task “Roam” to project “Two”' },
      ]);
      expect((await feed(p2)).slice(1)).toEqual([
        { type: 'task.moved', message: 'Moved task “Roam” here from project “One”' },
        { type: 'task.moved', message: 'Moved task “Roam” out of this project' },
      ]);
    });

    test("another business's project → 404; a bad body → 400", async () => {
      const theirs = await newProject('Theirs', stranger.agent);
      const task = await newTask();
      expect(errorOf(await a.post(`/tasks/${task._id}/move`, { projectId: theirs }))).toMatchObject({
        status: 404,
        error: `Project not found: ${theirs}`,
      });
      expect((await detail(task._id)).projectId).toBeNull();
      expect(errorOf(await a.post(`/tasks/${task._id}/move`, {})).status).toBe(400);
      expect(errorOf(await a.post(`/tasks/${task._id}/move`, { projectId: 5 })).status).toBe(400);
    });
  });

  describe('comments', () => {
    test('add (201, author), list oldest first, delete by the author; history and feed', async () => {
      const projectId = await newProject('Attic');
      const task = await newTask({ projectId });
      const c1 = taskCommentSchema
        .strict()
        .parse(created(await a.post(`/tasks/${task._id}/comments`, { content: ' First ' })));
      expect(c1).toMatchObject({ content: 'First', userId: owner.body.user.id, author: { name: 'Ada Lovelace' } });
      await a.post(`/tasks/${task._id}/comments`, { content: 'Second' });
      const d = await detail(task._id);
      expect(d.comments.map((c) => c.content)).toEqual(['First', 'Second']);
      expect(d.commentCount).toBe(2);
      expect(created(await a.delete(`/tasks/${task._id}/comments/${c1._id}`), 200)).toBeUndefined();
      const after = await detail(task._id);
      expect(after.comments.map((c) => c.content)).toEqual(['Second']);
      expect(after.history.map((h) => h.action).slice(0, 3)).toEqual(['comment_deleted', 'commented', 'commented']);
      expect(await feed(projectId)).toContainEqual({
        type: 'comment.added',
        message: 'Commented on task “Call the florist”',
      });
      expect(errorOf(await a.delete(`/tasks/${task._id}/comments/${c1._id}`))).toMatchObject({
        status: 404,
        error: 'Comment not found',
      });
      expect(errorOf(await a.post(`/tasks/${task._id}/comments`, { content: '   ' }))).toMatchObject({
        status: 400,
        details: [{ field: 'content', message: 'Write a comment first' }],
      });
    });

    test("someone else's comment: a member gets 403, an admin and the owner may delete it", async () => {
      const boss = await signedInAgent(t.app);
      const businessId = boss.body.user.businessId;
      const join = async (role: 'member' | 'admin') => {
        const m = await signedInAgent(t.app);
        const invite = await boss.agent.post(`/businesses/${businessId}/invites`, { email: m.signup.email, role });
        expect(invite.statusCode).toBe(201);
        const mail = [...t.mails].reverse().find((x) => x.to === m.signup.email && /accept-invite/.test(x.text))!;
        const token = decodeURIComponent(/accept-invite\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
        expect((await m.agent.post('/businesses/accept-invite', { token })).statusCode).toBe(200);
        expect((await m.agent.post(`/businesses/${businessId}/switch`)).statusCode).toBe(200);
        return m.agent;
      };
      const member = await join('member');
      const admin = await join('admin');
      const task = await newTask({}, boss.agent);
      const say = async (agent: Agent, content: string) =>
        (created(await agent.post(`/tasks/${task._id}/comments`, { content })) as { _id: string })._id;
      const byOwner = await say(boss.agent, 'by owner');
      const byMember = await say(member, 'by member');
      const byMember2 = await say(member, 'by member again');
      expect(errorOf(await member.delete(`/tasks/${task._id}/comments/${byOwner}`))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect((await member.delete(`/tasks/${task._id}/comments/${byMember}`)).statusCode).toBe(200);
      expect((await admin.delete(`/tasks/${task._id}/comments/${byMember2}`)).statusCode).toBe(200);
      const byAdmin = await say(admin, 'by admin');
      expect((await boss.agent.delete(`/tasks/${task._id}/comments/${byAdmin}`)).statusCode).toBe(200);
      expect((await detail(task._id, boss.agent)).comments.map((c) => c.content)).toEqual(['by owner']);
    });
  });

  describe('POST /tasks/:id/duplicate', () => {
    test('"<title> (copy)" with fields and contacts, last in its column, without comments or history', async () => {
      const contact = await newContact();
      const source = await newTask({
        title: 'Measure',
        priority: 'high',
        dueDate: '2026-02-02',
        contactIds: [contact],
      });
      await newTask({ title: 'After it' });
      await a.post(`/tasks/${source._id}/comments`, { content: 'Note' });
      const copy = taskSchema.strict().parse(created(await a.post(`/tasks/${source._id}/duplicate`)));
      expect(copy).toMatchObject({
        title: 'Measure (copy)',
        priority: 'high',
        status: 'todo',
        dueDate: '2026-02-02T00:00:00.000Z',
        contactIds: [contact],
        commentCount: 0,
      });
      const column = (await a.get('/tasks?status=todo&sortBy=board&export=true')).json().data.tasks as Task[];
      expect(column[column.length - 1]!._id).toBe(copy._id);
      expect((await detail(copy._id)).history.map((h) => h.action)).toEqual(['duplicated']);
      const long = await newTask({ title: 'L'.repeat(300) });
      const longCopy = taskSchema.parse(created(await a.post(`/tasks/${long._id}/duplicate`)));
      expect(longCopy.title).toHaveLength(300);
      expect(longCopy.title.endsWith(' (copy)')).toBe(true);
    });
  });

  describe('attachments', () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x20), Buffer.from('\n%%EOF\n')]);

    test('upload (201 WorkFile[]), read back byte for byte, download disposition, delete; history; duplicate copies them', async () => {
      const projectId = await newProject('Cellar');
      const task = await newTask({ projectId });
      const { payload, headers } = multipart('plan.pdf', pdf, 'application/pdf', 'files');
      const up = await a.post(`/tasks/${task._id}/attachments`, payload, { headers });
      const files = workFileSchema.array().parse(created(up));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({
        name: 'plan.pdf',
        type: 'application/pdf',
        size: pdf.length,
        kind: 'attachment',
      });
      expect(files[0]!.url).toBe(`/api/v1/tasks/${task._id}/attachments/${files[0]!._id}`);
      const d = await detail(task._id);
      expect(d.attachmentCount).toBe(1);
      expect(d.attachments.map((f) => f._id)).toEqual([files[0]!._id]);
      expect(d.history[0]).toMatchObject({
        action: 'attachment_added',
        changes: [{ field: 'attachment', from: null, to: 'plan.pdf' }],
      });
      expect(await feed(projectId)).toContainEqual({
        type: 'attachment.added',
        message: 'Attached “plan.pdf” to task “Call the florist”',
      });

      const got = await a.get(`/tasks/${task._id}/attachments/${files[0]!._id}`);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(pdf)).toBe(true);
      expect(got.headers['content-disposition']).toMatch(/^inline/);
      const download = await a.get(`/tasks/${task._id}/attachments/${files[0]!._id}?download=1`);
      expect(download.headers['content-disposition']).toMatch(/^attachment/);
      expect((await stranger.agent.get(`/tasks/${task._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);

      const copy = taskSchema.parse(created(await a.post(`/tasks/${task._id}/duplicate`)));
      expect(copy.attachmentCount).toBe(1);

      expect((await a.delete(`/tasks/${task._id}/attachments/${files[0]!._id}`)).statusCode).toBe(200);
      expect((await a.get(`/tasks/${task._id}/attachments/${files[0]!._id}`)).statusCode).toBe(404);
      const after = await detail(task._id);
      expect(after.attachments).toEqual([]);
      expect(after.history[0]).toMatchObject({
        action: 'attachment_deleted',
        changes: [{ field: 'attachment', from: 'plan.pdf', to: null }],
      });
      // The copy keeps its own.
      expect((await detail(copy._id)).attachments).toHaveLength(1);
      expect(errorOf(await a.delete(`/tasks/${task._id}/attachments/${files[0]!._id}`)).status).toBe(404);
    });

    test('a wrong type → 415 and a body that is not multipart → 400, nothing stored', async () => {
      const task = await newTask();
      const html = multipart('page.png', '<html><script>alert(1)</script></html>', 'image/png', 'files');
      expect(
        errorOf(await a.post(`/tasks/${task._id}/attachments`, html.payload, { headers: html.headers })).status,
      ).toBe(415);
      expect(errorOf(await a.post(`/tasks/${task._id}/attachments`, { files: [] })).status).toBe(400);
      const png = multipart('dot.png', TINY_PNG, 'image/png', 'files');
      const other = await stranger.agent.post(`/tasks/${task._id}/attachments`, png.payload, { headers: png.headers });
      expect(errorOf(other).status).toBe(404);
      expect((await detail(task._id)).attachments).toEqual([]);
    });
  });

  describe('/projects/:id/tasks', () => {
    test('POST adds to the project; PATCH and DELETE answer 404 for a task outside it', async () => {
      const projectId = await newProject('Shed');
      const other = await newProject('Barn');
      const task = await newTask({ title: 'Paint' }, a, `/projects/${projectId}/tasks`);
      expect(task.project).toEqual({ _id: projectId, title: 'Shed' });
      expect(errorOf(await a.post(`/projects/${projectId}/tasks`, { status: 'todo' }))).toMatchObject({
        status: 400,
        error: 'Invalid task data',
        details: [{ field: 'title', message: 'Title is required' }],
      });
      expect(errorOf(await a.patch(`/projects/${other}/tasks/${task._id}`, { title: 'x' }))).toMatchObject({
        status: 404,
        error: 'Task not found',
      });
      expect(errorOf(await a.delete(`/projects/${other}/tasks/${task._id}`)).status).toBe(404);
      const patched = taskSchema.parse(
        created(await a.patch(`/projects/${projectId}/tasks/${task._id}`, { status: 'blocked' }), 200),
      );
      expect(patched.status).toBe('blocked');
      expect((await a.delete(`/projects/${projectId}/tasks/${task._id}`)).statusCode).toBe(200);
      expect((await a.get(`/tasks/${task._id}`)).statusCode).toBe(404);
      const theirs = await newProject('Theirs', stranger.agent);
      expect(errorOf(await a.post(`/projects/${theirs}/tasks`, { title: 'x' }))).toMatchObject({
        status: 404,
        error: `Project not found: ${theirs}`,
      });
    });
  });

  describe('copyTasks (the project duplicate)', () => {
    test('copies every task of a project with statuses, orders and contacts, in a few statements', async () => {
      const agent = (await signedInAgent(t.app)).agent;
      const projectId = await newProject('Big job', agent);
      const contact = await newContact(agent);
      const one = await newTask({ title: 'one', status: 'blocked', contactIds: [contact], projectId }, agent);
      await newTask({ title: 'two', status: 'completed', projectId }, agent);
      await newTask({ title: 'elsewhere' }, agent);
      const copy = created(await agent.post(`/projects/${projectId}/duplicate`)) as { _id: string };
      const copied = (await agent.get(`/tasks?projectId=${copy._id}&sortBy=title`)).json().data.tasks as Task[];
      expect(copied.map((x) => [x.title, x.status])).toEqual([
        ['one', 'blocked'],
        ['two', 'completed'],
      ]);
      expect(copied[0]!.contactIds).toEqual([contact]);
      expect(copied[0]!.sortOrder).toBe(one.sortOrder);
      expect(copied[0]!._id).not.toBe(one._id);
      expect((await detail(copied[0]!._id, agent)).history.map((h) => h.action)).toEqual(['duplicated']);
      expect(await totals(agent)).toMatchObject({ blocked: 2, completed: 2, todo: 1, total: 5 });
      const [rows] = await t.database.db
        .select({ n: count() })
        .from(tasksTable)
        .where(and(eq(tasksTable.projectId, copy._id)));
      expect(rows!.n).toBe(2);
    });

    test('a project of 500 tasks (one with a file) is copied whole', async () => {
      const signed = await signedInAgent(t.app);
      const agent = signed.agent;
      const projectId = await newProject('Huge', agent);
      const withFile = await newTask({ title: 'has a file', projectId }, agent);
      const png = multipart('dot.png', TINY_PNG, 'image/png', 'files');
      created(await agent.post(`/tasks/${withFile._id}/attachments`, png.payload, { headers: png.headers }));
      await t.database.db.insert(tasksTable).values(
        Array.from({ length: 499 }, (_, i) => ({
          businessId: signed.body.user.businessId,
          projectId,
          title: `bulk ${i}`,
          status: (['todo', 'in_progress', 'blocked', 'completed'] as const)[i % 4],
          sortOrder: 5000 + i,
        })),
      );
      const copy = created(await agent.post(`/projects/${projectId}/duplicate`)) as { _id: string };
      const copied = (await agent.get(`/tasks?projectId=${copy._id}&export=true`)).json().data.tasks as Task[];
      expect(copied).toHaveLength(500);
      expect(copied.find((x) => x.title === 'has a file')!.attachmentCount).toBe(1);
      expect(await totals(agent)).toMatchObject({ total: 1000 });
    });
  });
});
