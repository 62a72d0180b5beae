import { userSchema } from '@atrium/contracts';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';

describe('users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('GET /users/me answers the signed-in user in the contracts shape', async () => {
    const { agent, body, signup } = await signedInAgent(t.app, { firstName: 'Hedy', lastName: 'Lamarr' });
    const res = await agent.get('/users/me');
    expect(res.statusCode).toBe(200);
    const user = userSchema.strict().parse(res.json().user);
    expect(user).toEqual(body.user);
    expect(user).toMatchObject({ email: signup.email, firstName: 'Hedy', lastName: 'Lamarr', role: 'owner' });
  });

  test('GET /users/me without a session is 401', async () => {
    const res = await (await new Agent(t.app).init()).get('/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
  });
});
