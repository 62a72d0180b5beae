import { createApiClient } from '@atrium/api-client';
import { notesApi } from './notes-api';

interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** The real api client over a recording fetch: checks paths, methods, query and bodies on the wire. */
function setup(answer: unknown = { success: true, data: { _id: 'n/1' } }) {
  const calls: Call[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    calls.push({
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const api = notesApi(
    createApiClient({ baseUrl: 'http://api.test/api/v1', fetch: fetchFn as typeof fetch, readCookie: () => 'tok' }),
  );
  return { api, calls };
}

describe('notesApi', () => {
  it('lists with entity, paging, category and search; status filters go as a JSON filter group', async () => {
    const list = { success: true, data: [], meta: { total: 0, page: 2, limit: 10, totalPages: 0 } };
    const { api, calls } = setup(list);
    await expect(
      api.list({
        entityType: 'contact',
        entityId: 'c1',
        page: 2,
        limit: 10,
        category: 'call',
        search: 'ada',
        filters: [{ logic: 'AND', conditions: [{ field: 'status', operator: 'in', value: ['pinned', 'unpinned'] }] }],
      }),
    ).resolves.toEqual(list);
    const { method, url } = calls[0]!;
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/v1/notes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entityType: 'contact',
      entityId: 'c1',
      page: '2',
      limit: '10',
      category: 'call',
      search: 'ada',
      filters: JSON.stringify([
        { logic: 'AND', conditions: [{ field: 'status', operator: 'in', value: ['pinned', 'unpinned'] }] },
      ]),
    });
  });

  it('calls the spec paths for get, create, update, pin, delete and search', async () => {
    const { api, calls } = setup();
    await expect(api.get('n/1')).resolves.toEqual({ _id: 'n/1' });
    await api.create({ content: '<p>x</p>', entityType: 'contact', entityId: 'c1', category: 'general' });
    await api.update('n/1', { title: 'T', content: '<p>y</p>', category: 'email' });
    await expect(api.togglePin('n/1')).resolves.toEqual({ _id: 'n/1' });
    await expect(api.remove('n/1')).resolves.toBeUndefined();
    await api.search({ entityType: 'contact', entityId: 'c1', search: 'zed' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'GET /api/v1/notes/n%2F1',
      'POST /api/v1/notes',
      'PUT /api/v1/notes/n%2F1',
      'PATCH /api/v1/notes/n%2F1/pin',
      'DELETE /api/v1/notes/n%2F1',
      'GET /api/v1/notes/search?entityType=contact&entityId=c1&search=zed',
    ]);
    expect(calls[1]!.body).toEqual({ content: '<p>x</p>', entityType: 'contact', entityId: 'c1', category: 'general' });
    expect(calls[2]!.body).toEqual({ title: 'T', content: '<p>y</p>', category: 'email' });
    expect(calls[3]!.headers.get('x-xsrf-token')).toBe('tok');
  });
});
