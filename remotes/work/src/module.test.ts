import { ApiError } from '@atrium/api-client';
import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import { projects, tasks } from '@atrium/domain-work';
import remoteModule from './module';
import { envelope, makeProject, makeTask, taskAnswer } from './test-utils';

describe('work remote module', () => {
  afterEach(() => jest.restoreAllMocks());

  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('work');
  });

  it('serves the projects, tasks and calendar pages, their sidebar entries, the three modals and the three home widgets', async () => {
    expect(remoteModule.routes.map((r) => r.path)).toEqual([
      '/projects',
      '/projects/:projectId',
      '/projects/:projectId/:tab',
      '/tasks',
      '/calendar',
      '/calendar/meetings/:meetingId',
      '/calendar/tasks/:taskId',
      '/calendar/projects/:projectId',
    ]);
    expect(remoteModule.nav).toEqual([
      { key: 'projects', label: 'Projects', path: '/projects', icon: 'projects' },
      { key: 'tasks', label: 'Tasks', path: '/tasks', icon: 'tasks' },
      { key: 'calendar', label: 'Calendar', path: '/calendar', icon: 'calendar' },
    ]);
    expect(remoteModule.newMenu).toEqual([
      { key: 'task', label: 'Task', order: 2, action: { type: 'modal', id: 'task' } },
      { key: 'project', label: 'Project', order: 3, action: { type: 'modal', id: 'project' } },
      { key: 'meeting', label: 'Meeting', order: 4, action: { type: 'modal', id: 'meeting' } },
    ]);
    expect(remoteModule.modals?.map((m) => m.id)).toEqual(['task', 'project', 'meeting']);
    expect(remoteModule.widgets.map((w) => [w.key, w.title, w.order])).toEqual([
      ['tasks', 'Tasks', 10],
      ['calendar', 'Calendar', 30],
      ['projects', 'Projects', 70],
    ]);
    for (const r of remoteModule.routes) expect(typeof (await r.load()).default).toBe('function');
    for (const m of remoteModule.modals ?? []) expect(typeof (await m.load()).default).toBe('function');
    for (const w of remoteModule.widgets) expect(typeof (await w.load()).default).toBe('function');
  });

  describe('global search provider', () => {
    it('asks projects and tasks with the term side by side and links projects and tasks', async () => {
      const listProjects = jest
        .spyOn(projects, 'list')
        .mockResolvedValue(envelope([makeProject(1, { title: 'Smith wedding' }), makeProject(2, { title: '' })]));
      const listTasks = jest
        .spyOn(tasks, 'list')
        .mockResolvedValue(taskAnswer([makeTask(1, { title: 'Call Smith' }), makeTask(2, { title: ' ' })]));
      const signal = new AbortController().signal;
      const groups = await remoteModule.search!({ term: 'smith', limit: 5, signal });
      expect(listProjects).toHaveBeenCalledWith({ search: 'smith', limit: 5 }, { signal });
      expect(listTasks).toHaveBeenCalledWith({ search: 'smith', limit: 5 }, { signal });
      expect(groups).toEqual([
        {
          key: 'projects',
          label: 'Projects',
          icon: 'projects',
          order: 10,
          items: [
            { id: 'p1', title: 'Smith wedding', href: '/projects/p1' },
            { id: 'p2', title: 'Untitled', href: '/projects/p2' },
          ],
        },
        {
          key: 'tasks',
          label: 'Tasks',
          icon: 'tasks',
          order: 30,
          items: [
            { id: 't1', title: 'Call Smith', href: '/tasks', state: { taskId: 't1' } },
            { id: 't2', title: 'Untitled', href: '/tasks', state: { taskId: 't2' } },
          ],
        },
      ]);
    });

    it('answers empty groups for empty lists', async () => {
      jest.spyOn(projects, 'list').mockResolvedValue(envelope([]));
      jest.spyOn(tasks, 'list').mockResolvedValue(taskAnswer([]));
      const groups = await remoteModule.search!({ term: 'x', limit: 5 });
      expect(groups.map((g) => g.items)).toEqual([[], []]);
    });

    it('rejects when either list fails', async () => {
      jest.spyOn(projects, 'list').mockResolvedValue(envelope([]));
      jest.spyOn(tasks, 'list').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
      await expect(remoteModule.search!({ term: 'x', limit: 5 })).rejects.toMatchObject({ status: 500 });
    });
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.work, remoteModule)).toEqual([]);
  });
});
