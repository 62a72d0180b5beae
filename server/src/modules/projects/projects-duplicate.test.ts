import { sql } from 'drizzle-orm';
import { createTestApp, signedInAgent, sqlRows, type TestApp } from '../../../test/helpers';
import type { Executor } from '../../db/client';
import type { ProjectTaskCopier } from '../../lib/activity';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService, type ProjectFiles } from './projects.service';

/** The project's tasks copied set-based (as the tasks module does), then a failure, when `fail` says so. */
function copier(fail: 'before' | 'after' | 'never'): ProjectTaskCopier & { copied: number } {
  const c = {
    copied: 0,
    async copyTasks(businessId: string, from: string, to: string, _actor: string, tx: Executor) {
      if (fail === 'before') throw new Error('copier failed');
      const result = (await tx.execute(sql`
        INSERT INTO tasks (id, business_id, project_id, title, status, sort_order)
        SELECT gen_random_uuid()::text, business_id, ${to}, title, status, sort_order FROM tasks
        WHERE project_id = ${from} AND business_id = ${businessId} RETURNING id`)) as unknown as { rows: unknown[] };
      c.copied = result.rows.length;
      if (fail === 'after') throw new Error('copier failed after copying');
      return c.copied;
    },
  };
  return c;
}

const noFiles: ProjectFiles = {
  saveUpload: async () => [],
  list: async () => [],
  counts: async () => new Map(),
  open: async () => null,
  remove: async () => null,
  copyAll: async () => 0,
};

describe('duplicating a project is all or nothing', () => {
  let t: TestApp;
  let caller: { userId: string; businessId: string };
  let sourceId: string;

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await sqlRows<{ n: number }>(t.database.db, query))[0]!.n);
  const projectsNamed = (title: string) =>
    count(sql`SELECT count(*) AS n FROM projects WHERE business_id = ${caller.businessId} AND title = ${title}`);
  const allTasks = () => count(sql`SELECT count(*) AS n FROM tasks WHERE business_id = ${caller.businessId}`);
  const service = (tasks: ProjectTaskCopier, files: ProjectFiles = noFiles) =>
    new ProjectsService(new ProjectsRepository(t.database.db), {
      files,
      tasks,
      contacts: { existingIds: async (_b, ids) => [...ids] },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const { agent, body } = await signedInAgent(t.app);
    caller = { userId: body.user.id, businessId: body.user.businessId };
    sourceId = (await agent.post('/projects', { title: 'Big job', type: 'Build' })).json().data._id;
    await t.database.db.execute(sql`
      INSERT INTO tasks (id, business_id, project_id, title, status, sort_order)
      SELECT gen_random_uuid()::text, ${caller.businessId}, ${sourceId}, 'Task ' || g, 'todo', g
      FROM generate_series(1, 500) AS g`);
  });
  afterAll(async () => {
    await t.close();
  });

  test('with 500 tasks: a copier failing after writing its copies leaves no project and no task behind', async () => {
    const failing = copier('after');
    await expect(service(failing).duplicate(caller, sourceId)).rejects.toThrow('copier failed after copying');
    expect(failing.copied).toBe(500);
    expect(await projectsNamed('Big job (copy)')).toBe(0);
    expect(await allTasks()).toBe(500);
  });

  test('a failure of the files copy rolls the tasks back too', async () => {
    const files: ProjectFiles = {
      ...noFiles,
      copyAll: async () => {
        throw new Error('files failed');
      },
    };
    await expect(service(copier('never'), files).duplicate(caller, sourceId)).rejects.toThrow('files failed');
    expect(await projectsNamed('Big job (copy)')).toBe(0);
    expect(await allTasks()).toBe(500);
    await expect(service(copier('before')).duplicate(caller, sourceId)).rejects.toThrow('copier failed');
    expect(await projectsNamed('Big job (copy)')).toBe(0);
  });

  test('and with a working copier the copy has all 500 tasks', async () => {
    const copy = await service(copier('never')).duplicate(caller, sourceId);
    expect(copy).toMatchObject({ title: 'Big job (copy)', taskCount: 500 });
    expect(await allTasks()).toBe(1000);
    const feed = await count(
      sql`SELECT count(*) AS n FROM project_activities WHERE project_id = ${copy._id} AND type = 'project.created'`,
    );
    expect(feed).toBe(1);
  });
});
