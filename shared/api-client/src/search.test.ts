import { createApiClient } from './client';
import { searchApi } from './search';
import { startServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
const search = () => searchApi(createApiClient({ baseUrl: server.url, readCookie: () => null }));

describe('global search calls', () => {
  it('asks the three lists in parallel and tags every result with its type', async () => {
    server.on('GET', 'projects', { body: [{ _id: 'p1', title: 'Smith wedding' }] });
    server.on('GET', 'contacts', {
      body: { success: true, data: [{ _id: 'c1', firstName: 'Ann', lastName: 'Smith' }] },
    });
    server.on('GET', 'tasks', { body: { success: true, data: { tasks: [{ _id: 't1', title: 'Call Smith' }] } } });
    await expect(search().all('smith')).resolves.toEqual([
      { type: 'project', id: 'p1', title: 'Smith wedding' },
      { type: 'contact', id: 'c1', title: 'Ann Smith' },
      { type: 'task', id: 't1', title: 'Call Smith' },
    ]);
    for (const path of ['projects', 'contacts', 'tasks']) {
      expect(new URLSearchParams(server.calls('GET', path)[0]!.query).get('search')).toBe('smith');
    }
  });

  it('rejects when any of the three fails', async () => {
    server.on('GET', 'tasks', { status: 500, body: { success: false, code: 'INTERNAL_ERROR', error: 'boom' } });
    await expect(search().all('x')).rejects.toMatchObject({ status: 500 });
  });
});
