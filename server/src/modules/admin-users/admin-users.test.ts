import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminUserDetailSchema, adminUserSummarySchema } from '@atrium/domain-admin/schemas';
import { users } from '../../db/schema';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';

const tag = () => randomBytes(4).toString('hex');

describe('admin users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL_DOMAIN: 'atrium.app' });
  });
  afterAll(async () => {
    await t.close();
  });

  const staff = () => signedInAgent(t.app, { email: `staff.${tag()}@atrium.app`, firstName: 'Staff' });

  test('not signed in: 401 on both routes', async () => {
    const anon = await new Agent(t.app).init();
    expect((await anon.get('/admin/users')).statusCode).toBe(401);
    expect((await anon.get('/admin/users/some-id')).statusCode).toBe(401);
  });

  test('a user outside the company domain gets 403 FORBIDDEN, even with a bad query or an unknown id', async () => {
    const { agent } = await signedInAgent(t.app, { email: `eve.${tag()}@atrium.app.evil.com` });
    for (const url of ['/admin/users', '/admin/users?page=0', '/admin/users/unknown']) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const lookalike = await signedInAgent(t.app, { email: `eve.${tag()}@notatrium.app` });
    expect((await lookalike.agent.get('/admin/users')).statusCode).toBe(403);
  });

  test('lists every user with businesses count, verified flag and createdAt; search by name and e-mail; paging', async () => {
    const { agent } = await staff();
    const word = `zq${tag()}`;
    const a = await signedInAgent(t.app, { firstName: 'Alma', lastName: `Reyes${word}`, businessName: 'One' });
    const b = await signedInAgent(t.app, { firstName: 'Bert', email: `bert.${word}@example.com` });
    const c = await signedInAgent(t.app, { firstName: 'Cleo', email: `cleo.${word}@example.com` });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, b.body.user.id));
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, c.body.user.id));

    const res = await agent.get(`/admin/users${qs({ search: word.toUpperCase(), limit: 2 })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(body.data).toHaveLength(2);
    for (const row of body.data) adminUserSummarySchema.strict().parse(row);
    // Newest first.
    expect(body.data.map((u: { id: string }) => u.id)).toEqual([c.body.user.id, b.body.user.id]);
    expect(body.data[0]).toMatchObject({ verified: false, businessCount: 1, email: c.signup.email });
    expect(body.data[1]).toMatchObject({ verified: true, businessCount: 1, email: b.signup.email });
    expect(new Date(body.data[0].createdAt).toString()).not.toBe('Invalid Date');

    const page2 = (await agent.get(`/admin/users${qs({ search: word, limit: 2, page: 2 })}`)).json();
    expect(page2.data.map((u: { id: string }) => u.id)).toEqual([a.body.user.id]);

    const byFullName = (await agent.get(`/admin/users${qs({ search: `alma reyes${word}` })}`)).json();
    expect(byFullName.data.map((u: { id: string }) => u.id)).toEqual([a.body.user.id]);

    // LIKE wildcards are plain characters.
    const wild = (await agent.get(`/admin/users${qs({ search: '%_%' })}`)).json();
    expect(wild.pagination.total).toBe(0);

    const all = (await agent.get('/admin/users')).json();
    expect(all.pagination.total).toBeGreaterThanOrEqual(4);
    expect(all.pagination.limit).toBe(20);
  });

  test('rejects a bad page query with 400', async () => {
    const { agent } = await staff();
    const res = await agent.get('/admin/users?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  test('details: the user, memberships with business names and roles, active session count', async () => {
    const { agent } = await staff();
    const target = await signedInAgent(t.app, { firstName: 'Tess', businessName: `Tess Co ${tag()}` });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, target.body.user.id));
    // A second session for the same user.
    const again = await new Agent(t.app).init();
    const login = await again.post('/auth/login', { email: target.signup.email, password: target.signup.password });
    expect(login.statusCode).toBe(200);

    const res = await agent.get(`/admin/users/${target.body.user.id}`);
    expect(res.statusCode).toBe(200);
    const data = adminUserDetailSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      id: target.body.user.id,
      email: target.signup.email,
      firstName: 'Tess',
      verified: true,
      businessCount: 1,
      hasGoogle: false,
      activeSessions: 2,
    });
    expect(data.memberships).toEqual([
      expect.objectContaining({ businessId: target.body.user.businessId, role: 'owner' }),
    ]);
    expect(data.memberships[0]!.businessName).toMatch(/^Tess Co /);

    await again.post('/auth/logout');
    const after = (await agent.get(`/admin/users/${target.body.user.id}`)).json();
    expect(after.data.activeSessions).toBe(1);
  });

  test('details of an unknown user: 404', async () => {
    const { agent } = await staff();
    const res = await agent.get('/admin/users/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'User not found' });
  });

  test('with no ADMIN_EMAIL_DOMAIN (the default) no one is staff, whatever their domain', async () => {
    const unset = await t.sibling({ ADMIN_EMAIL_DOMAIN: '' });
    const atrium = await signedInAgent(unset, { email: `staff.${tag()}@atrium.app` });
    const res = await atrium.agent.get('/admin/users');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const manifest = await unset.inject({ method: 'GET', url: '/remotes.json' });
    expect(manifest.json()).not.toHaveProperty('companyDomain');
  });

  test('ADMIN_EMAIL_DOMAIN decides who is staff', async () => {
    const other = await t.sibling({ ADMIN_EMAIL_DOMAIN: 'example.org' });
    const mine = await signedInAgent(other, { email: `boss.${tag()}@example.org` });
    const atrium = await signedInAgent(other, { email: `staff.${tag()}@atrium.app` });
    expect((await mine.agent.get('/admin/users')).statusCode).toBe(200);
    expect((await atrium.agent.get('/admin/users')).statusCode).toBe(403);
  });
});
