import { businessSchema } from '@atrium/contracts';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { slugify } from './businesses.service';

describe('businesses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test("GET /businesses lists the caller's businesses in the contracts shape", async () => {
    const { agent, body, signup } = await signedInAgent(t.app, { firstName: 'Mary', businessName: 'Jackson & Co.' });
    const res = await agent.get('/businesses');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(1);
    const business = businessSchema.strict().parse(data[0]);
    expect(business).toMatchObject({
      _id: body.user.businessId,
      id: body.user.businessId,
      name: 'Jackson & Co.',
      slug: 'jackson-co',
      logo: null,
      hasLogo: false,
      type: null,
      settings: {
        allowMemberInvites: true,
        defaultRole: 'member',
        features: { tasks: true, calendar: true, files: true, chat: true },
        notifications: { integrations: true },
      },
    });
    expect(business.members).toEqual([
      expect.objectContaining({
        businessId: business.id,
        userId: body.user.id,
        role: 'owner',
        user: { _id: body.user.id, email: signup.email, firstName: 'Mary', lastName: 'Lovelace' },
      }),
    ]);
  });

  test('another user sees only their own business', async () => {
    const a = await signedInAgent(t.app);
    const b = await signedInAgent(t.app);
    const list = (await b.agent.get('/businesses')).json().data as { id: string }[];
    expect(list.map((x) => x.id)).toEqual([b.body.user.businessId]);
    expect(list.map((x) => x.id)).not.toContain(a.body.user.businessId);
  });

  test('requires a session', async () => {
    const res = await (await new Agent(t.app).init()).get('/businesses');
    expect(res.statusCode).toBe(401);
  });

  test('slugify keeps slugs URL-safe', () => {
    expect(slugify("Grace's Business")).toBe('grace-s-business');
    expect(slugify('  Café Ünïcode!! ')).toBe('cafe-unicode');
    expect(slugify('***')).toBe('business');
    expect(slugify('x'.repeat(80))).toHaveLength(48);
  });
});
