import { createApiClient } from '@atrium/api-client';
import { contactsApi } from './contacts';
import { startServer, type TestServer } from '@atrium/api-client/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const api = () => contactsApi(createApiClient({ baseUrl: server.url, readCookie: () => 'tok' }));

describe('contacts calls', () => {
  it('lists with the query as search params, leaving out empty values', async () => {
    server.on('GET', 'contacts', {
      body: { success: true, data: [], pagination: { total: 0, page: 2, limit: 20, totalPages: 1 } },
    });
    const res = await api().list({ page: 2, limit: 20, search: 'ada', status: undefined });
    expect(res.pagination.page).toBe(2);
    expect(new URLSearchParams(server.calls('GET', 'contacts')[0]!.query).toString()).toBe(
      'page=2&limit=20&search=ada',
    );
  });

  it('creates, updates and deletes at the spec paths with the CSRF header', async () => {
    const contact = { _id: 'c/1', firstName: 'Ada' };
    server.on('POST', 'contacts', { status: 201, body: { success: true, data: contact } });
    server.on('PUT', 'contacts/c%2F1', { body: { success: true, data: { ...contact, firstName: 'Grace' } } });
    server.on('DELETE', 'contacts/c%2F1', { body: { success: true } });
    const c = api();
    await expect(c.create({ firstName: 'Ada', email: 'ada@example.com' })).resolves.toEqual(contact);
    await expect(c.update('c/1', { firstName: 'Grace', email: 'ada@example.com' })).resolves.toMatchObject({
      firstName: 'Grace',
    });
    await expect(c.remove('c/1')).resolves.toBeUndefined();
    const put = server.calls('PUT', 'contacts/c%2F1')[0]!;
    expect(JSON.parse(put.body)).toEqual({ firstName: 'Grace', email: 'ada@example.com' });
    expect(put.headers['x-xsrf-token']).toBe('tok');
    expect(server.calls('DELETE', 'contacts/c%2F1')).toHaveLength(1);
  });

  it('rethrows a failed create with the server message and field details', async () => {
    server.on('POST', 'contacts', {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Validation failed',
        details: [{ field: 'email', message: 'Email address is required' }],
      },
    });
    await expect(api().create({ firstName: 'Ada', email: '' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      data: [{ field: 'email', message: 'Email address is required' }],
    });
  });
});
