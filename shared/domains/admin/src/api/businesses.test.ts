import { bus } from '@atrium/event-bus';
import { createApiClient, sessionView } from '@atrium/api-client';
import { clearTestSession, setTestSession } from '@atrium/api-client/testing';
import { businessesApi } from './businesses';
import { adminUsersApi } from './admin-users';
import { installLocalStorage, sampleUser, startServer, type TestServer } from '@atrium/api-client/test-server';

let server: TestServer;
beforeAll(async () => {
  installLocalStorage();
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  clearTestSession();
});

const client = () => createApiClient({ baseUrl: server.url, readCookie: () => 'tok' });
const api = () => businessesApi(client());
const biz = { _id: 'b/1', id: 'b/1', name: 'Acme' };

describe('business calls', () => {
  it('lists, creates, updates and deletes at the spec paths', async () => {
    server.on('GET', 'businesses', { body: { success: true, data: [biz] } });
    server.on('POST', 'businesses', { status: 201, body: { success: true, data: biz } });
    server.on('PUT', 'businesses/b%2F1', { body: { success: true, data: { ...biz, name: 'Acme 2' } } });
    server.on('DELETE', 'businesses/b%2F1', { body: { success: true, user: sampleUser } });
    server.on('GET', 'businesses/b%2F1', { body: { success: true, data: biz } });
    const c = api();
    await expect(c.list()).resolves.toEqual([biz]);
    await expect(c.get('b/1')).resolves.toEqual(biz);
    await expect(c.create({ name: 'Acme' })).resolves.toEqual(biz);
    await expect(c.update('b/1', { name: 'Acme 2' })).resolves.toMatchObject({ name: 'Acme 2' });
    await expect(c.remove('b/1')).resolves.toBeUndefined();
    expect(JSON.parse(server.calls('POST', 'businesses')[0]!.body)).toEqual({ name: 'Acme' });
    const put = server.calls('PUT', 'businesses/b%2F1')[0]!;
    expect(JSON.parse(put.body)).toEqual({ name: 'Acme 2' });
    expect(put.headers['x-xsrf-token']).toBe('tok');
    expect(server.calls('DELETE', 'businesses/b%2F1')).toHaveLength(1);
  });

  it('invites, lists and revokes invites, changes a role and removes a member', async () => {
    const invite = { id: 'i1', businessId: 'b1', email: 'bo@example.com', role: 'admin' };
    server.on('POST', 'businesses/b1/invites', { status: 201, body: { success: true, data: invite } });
    server.on('GET', 'businesses/b1/invites', { body: { success: true, data: [invite] } });
    server.on('DELETE', 'businesses/b1/invites/i1', { body: { success: true } });
    server.on('PUT', 'businesses/b1/members/u2', { body: { success: true, data: { userId: 'u2', role: 'admin' } } });
    server.on('DELETE', 'businesses/b1/members/u2', { body: { success: true } });
    const c = api();
    await expect(c.invite('b1', { email: 'bo@example.com', role: 'admin' })).resolves.toEqual(invite);
    await expect(c.listInvites('b1')).resolves.toEqual([invite]);
    await c.revokeInvite('b1', 'i1');
    await expect(c.updateMemberRole('b1', 'u2', 'admin')).resolves.toMatchObject({ role: 'admin' });
    await c.removeMember('b1', 'u2');
    expect(JSON.parse(server.calls('POST', 'businesses/b1/invites')[0]!.body)).toEqual({
      email: 'bo@example.com',
      role: 'admin',
    });
    expect(JSON.parse(server.calls('PUT', 'businesses/b1/members/u2')[0]!.body)).toEqual({ role: 'admin' });
    expect(server.calls('DELETE', 'businesses/b1/invites/i1')).toHaveLength(1);
    expect(server.calls('DELETE', 'businesses/b1/members/u2')).toHaveLength(1);
  });

  it('rethrows the server message, e.g. the last owner rule', async () => {
    server.on('PUT', 'businesses/b1/members/u1', {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'A business must keep at least one owner' },
    });
    await expect(api().updateMemberRole('b1', 'u1', 'member')).rejects.toMatchObject({
      status: 400,
      message: 'A business must keep at least one owner',
    });
  });

  it('deleting the current business or leaving one moves the session store to the answered business', async () => {
    const moved = { ...sampleUser, businessId: 'b2', businessName: 'Other' };
    server.on('DELETE', 'businesses/b1', { body: { success: true, user: moved } });
    server.on('DELETE', 'businesses/b2/members/u1', { body: { success: true, user: { ...moved, businessId: 'b3' } } });
    const seen: unknown[] = [];
    const sub = bus.on('entity:changed').subscribe((e) => seen.push(e));
    await api().remove('b1');
    expect(sessionView.user?.businessId).toBe('b2');
    await api().removeMember('b2', 'u1');
    expect(sessionView.user?.businessId).toBe('b3');
    sub.unsubscribe();
    expect(seen).toEqual([
      { entity: 'business', id: 'b2' },
      { entity: 'business', id: 'b3' },
    ]);
  });

  it('accepts an invite with its token', async () => {
    server.on('POST', 'businesses/accept-invite', { body: { success: true, data: biz } });
    await expect(api().acceptInvite('t'.repeat(32))).resolves.toEqual(biz);
    expect(JSON.parse(server.calls('POST', 'businesses/accept-invite')[0]!.body)).toEqual({ token: 't'.repeat(32) });
  });

  it('switches business: the session store takes the answered user and the change is announced', async () => {
    const user = { ...sampleUser, businessId: 'b2', businessName: 'Other', role: 'member' as const };
    server.on('POST', 'businesses/b2/switch', { body: { success: true, user } });
    const seen: unknown[] = [];
    const sub = bus.on('entity:changed').subscribe((e) => seen.push(e));
    await expect(api().switchTo('b2')).resolves.toEqual(user);
    sub.unsubscribe();
    expect(sessionView.status).toBe('authenticated');
    expect(sessionView.user).toEqual(user);
    expect(seen).toEqual([{ entity: 'business', id: 'b2' }]);
    expect(server.calls('POST', 'businesses/b2/switch')[0]!.headers['x-xsrf-token']).toBe('tok');
  });

  it('a renamed current business is copied into the session user (header, user menu); another business is not', async () => {
    setTestSession({ status: 'authenticated', user: { ...sampleUser, businessId: 'b1', businessName: 'Old' } });
    server.on('PUT', 'businesses/b1', {
      body: { success: true, data: { ...biz, id: 'b1', name: 'New', type: 'shop' } },
    });
    server.on('PUT', 'businesses/b2', { body: { success: true, data: { ...biz, id: 'b2', name: 'Other' } } });
    await api().update('b2', { name: 'Other' });
    expect(sessionView.user).toMatchObject({ businessName: 'Old' });
    await api().update('b1', { name: 'New' });
    expect(sessionView.user).toMatchObject({ businessName: 'New', businessType: 'shop' });
  });

  it('leaves the session alone when a switch is refused', async () => {
    server.on('POST', 'businesses/b9/switch', {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', error: 'Business not found' },
    });
    await expect(api().switchTo('b9')).rejects.toMatchObject({ status: 404 });
    expect(sessionView.user).toBeNull();
  });

  it('uploads the logo as multipart field "logo", deletes it and builds its URL', async () => {
    server.on('POST', 'businesses/b1/logo', { body: { success: true, data: { ...biz, hasLogo: true } } });
    server.on('DELETE', 'businesses/b1/logo', { body: { success: true } });
    const c = api();
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(c.uploadLogo('b1', file, 'logo.png')).resolves.toMatchObject({ hasLogo: true });
    await c.deleteLogo('b1');
    const up = server.calls('POST', 'businesses/b1/logo')[0]!;
    expect(up.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(up.body).toContain('name="logo"; filename="logo.png"');
    expect(up.body).toContain('Content-Type: image/png');
    expect(server.calls('DELETE', 'businesses/b1/logo')).toHaveLength(1);
    expect(c.logoUrl('b1')).toBe('/api/v1/businesses/b1/logo');
    expect(c.logoUrl('b1', 3)).toBe('/api/v1/businesses/b1/logo?v=3');
  });
});

describe('admin users calls', () => {
  it('lists with search and paging, leaving out an empty search, and reads one user', async () => {
    server.on('GET', 'admin/users', {
      body: { success: true, data: [], pagination: { total: 0, page: 2, limit: 10, totalPages: 1 } },
    });
    server.on('GET', 'admin/users/u%2F1', { body: { success: true, data: { id: 'u/1', memberships: [] } } });
    const c = adminUsersApi(client());
    await expect(c.list({ search: ' ada ', page: 2, limit: 10 })).resolves.toMatchObject({
      pagination: { page: 2 },
    });
    await c.list({ search: '  ' });
    await expect(c.get('u/1')).resolves.toEqual({ id: 'u/1', memberships: [] });
    const [first, second] = server.calls('GET', 'admin/users');
    expect(new URLSearchParams(first!.query).toString()).toBe('search=ada&page=2&limit=10');
    expect(second!.query).toBe('');
  });
});
