import { ApiError, api } from '@atrium/api-client';
import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('work remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('work');
  });

  it('contributes nothing the user could open before its pages are built', () => {
    expect(remoteModule.routes).toEqual([]);
    expect(remoteModule.nav).toEqual([]);
    expect(remoteModule.newMenu).toEqual([]);
  });

  describe('global search provider', () => {
    afterEach(() => jest.restoreAllMocks());

    it('asks /projects and /tasks with the term side by side and links projects and tasks', async () => {
      const get = jest.spyOn(api, 'get').mockImplementation(async (path: string) =>
        path === 'projects'
          ? [
              { _id: 'p1', title: 'Smith wedding' },
              { id: 'p2', name: 'Kitchen' },
            ]
          : { success: true, data: { tasks: [{ _id: 't1', title: 'Call Smith' }, { _id: 't2' }] } },
      );
      const signal = new AbortController().signal;
      const groups = await remoteModule.search!({ term: 'smith', limit: 5, signal });
      expect(get.mock.calls).toEqual([
        ['projects', { search: 'smith', limit: 5 }, { signal }],
        ['tasks', { search: 'smith', limit: 5 }, { signal }],
      ]);
      expect(groups).toEqual([
        {
          key: 'projects',
          label: 'Projects',
          icon: 'projects',
          order: 10,
          items: [
            { id: 'p1', title: 'Smith wedding', href: '/projects/p1' },
            { id: 'p2', title: 'Kitchen', href: '/projects/p2' },
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

    it("reads the server's envelopes as they are today (empty lists)", async () => {
      jest
        .spyOn(api, 'get')
        .mockImplementation(async (path: string) =>
          path === 'projects'
            ? { success: true, data: [], pagination: { total: 0, page: 1, limit: 5, totalPages: 1 } }
            : { success: true, data: { tasks: [], pagination: { total: 0, page: 1, limit: 5, totalPages: 1 } } },
        );
      const groups = await remoteModule.search!({ term: 'x', limit: 5 });
      expect(groups.map((g) => g.items)).toEqual([[], []]);
    });

    it('rejects when either list fails', async () => {
      jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
        if (path === 'tasks') throw new ApiError(500, 'INTERNAL_ERROR', 'boom');
        return [];
      });
      await expect(remoteModule.search!({ term: 'x', limit: 5 })).rejects.toMatchObject({ status: 500 });
    });
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.work, remoteModule)).toEqual([]);
  });
});
