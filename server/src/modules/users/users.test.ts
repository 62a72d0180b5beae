import { userSchema } from '@atrium/contracts';
import { IDENTITY_MESSAGES, publicProfileSchema, sessionInfoSchema } from '@atrium/domain-identity/schemas';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';

describe('users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A second sign-in of the same user (another browser). */
  const secondSession = async (signup: { email: string; password: string }, userAgent = 'Other browser') => {
    const agent = await new Agent(t.app).init();
    const res = await agent.post('/auth/login', signup, { headers: { 'user-agent': userAgent } });
    expect(res.statusCode).toBe(200);
    return agent;
  };

  test('GET /users/me answers the signed-in user in the contracts shape', async () => {
    const { agent, body, signup } = await signedInAgent(t.app, { firstName: 'Hedy', lastName: 'Lamarr' });
    const res = await agent.get('/users/me');
    expect(res.statusCode).toBe(200);
    const user = userSchema.strict().parse(res.json().user);
    expect(user).toEqual(body.user);
    expect(user).toMatchObject({ email: signup.email, firstName: 'Hedy', lastName: 'Lamarr', role: 'owner' });
  });

  test('every /users route needs a session', async () => {
    const agent = await new Agent(t.app).init();
    const { body } = await signedInAgent(t.app);
    for (const res of [
      await agent.get('/users/me'),
      await agent.patch('/users/me', { firstName: 'X' }),
      await agent.post('/users/me/password', { currentPassword: 'a', newPassword: 'abcdefg1' }),
      await agent.get('/users/me/sessions'),
      await agent.post('/users/me/sessions/revoke-others'),
      await agent.delete('/users/me/sessions/some-id'),
      await agent.get(`/users/${body.user.id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
    }
  });

  describe('PATCH /users/me', () => {
    test('changes the given fields, trims, clears with an empty string and answers the user', async () => {
      const { agent } = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
      const res = await agent.patch('/users/me', {
        firstName: '  Augusta ',
        phoneNumber: '+44 20 7946 0000',
        city: 'London',
        country: 'United Kingdom',
        industry: 'Mathematics',
      });
      expect(res.statusCode).toBe(200);
      const user = userSchema.strict().parse(res.json().user);
      expect(user).toMatchObject({
        firstName: 'Augusta',
        lastName: 'Lovelace',
        phoneNumber: '+44 20 7946 0000',
        city: 'London',
        state: null,
        country: 'United Kingdom',
        industry: 'Mathematics',
      });

      const cleared = await agent.patch('/users/me', { city: '', phoneNumber: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().user).toMatchObject({ firstName: 'Augusta', city: null, phoneNumber: null });
      expect((await agent.get('/users/me')).json().user).toEqual(cleared.json().user);
    });

    test('invalid fields are a 400 with field messages and change nothing', async () => {
      const { agent } = await signedInAgent(t.app, { firstName: 'Ada' });
      const res = await agent.patch('/users/me', { firstName: '   ', city: 'x'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: 'First name is required' },
          { field: 'city', message: 'Must be at most 100 characters' },
        ]),
      );
      expect((await agent.get('/users/me')).json().user.firstName).toBe('Ada');
    });
  });

  describe('POST /users/me/password', () => {
    test('a wrong current password is a 400 on currentPassword', async () => {
      const { agent, signup } = await signedInAgent(t.app);
      const res = await agent.post('/users/me/password', {
        currentPassword: 'not-the-password1',
        newPassword: 'brand-new-pass1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: IDENTITY_MESSAGES.currentPasswordWrong,
        details: [{ field: 'currentPassword', message: IDENTITY_MESSAGES.currentPasswordWrong }],
      });
      expect((await agent.post('/auth/login', signup)).statusCode).toBe(200);
    });

    test('changes the password and signs out every other session, keeping this one', async () => {
      const { agent, signup } = await signedInAgent(t.app);
      const other = await secondSession(signup);
      const res = await agent.post('/users/me/password', {
        currentPassword: signup.password,
        newPassword: 'brand-new-pass1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.passwordChanged, revoked: 1 });

      expect((await agent.get('/users/me')).statusCode).toBe(200);
      expect((await agent.post('/auth/refresh')).statusCode).toBe(200);
      expect((await other.get('/users/me')).statusCode).toBe(401);
      expect((await other.post('/auth/refresh')).statusCode).toBe(401);

      const fresh = await new Agent(t.app).init();
      expect((await fresh.post('/auth/login', signup)).statusCode).toBe(401);
      expect((await fresh.post('/auth/login', { ...signup, password: 'brand-new-pass1' })).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    test('lists the live sessions with the current one flagged; revoking one signs it out', async () => {
      const { agent, signup } = await signedInAgent(t.app);
      const other = await secondSession(signup, 'Firefox on Linux');
      const loggedOut = await secondSession(signup);
      expect((await loggedOut.post('/auth/logout')).statusCode).toBe(200);

      const res = await agent.get('/users/me/sessions');
      expect(res.statusCode).toBe(200);
      const list = res.json().data.map((s: unknown) => sessionInfoSchema.strict().parse(s));
      expect(list).toHaveLength(2);
      expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      const otherInfo = list.find((s: { current: boolean }) => !s.current)!;
      expect(otherInfo).toMatchObject({ userAgent: 'Firefox on Linux', ip: '127.0.0.1' });

      const revoked = await agent.delete(`/users/me/sessions/${otherInfo.id}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toEqual({ success: true });
      expect((await other.get('/users/me')).statusCode).toBe(401);
      expect((await other.post('/auth/refresh')).statusCode).toBe(401);
      expect((await agent.get('/users/me/sessions')).json().data).toHaveLength(1);

      // Already revoked: nothing to find.
      expect((await agent.delete(`/users/me/sessions/${otherInfo.id}`)).statusCode).toBe(404);
    });

    test("another user's session is a 404 and stays alive", async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      const bSession = (await b.agent.get('/users/me/sessions')).json().data[0].id as string;
      const res = await a.agent.delete(`/users/me/sessions/${bSession}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await b.agent.get('/users/me')).statusCode).toBe(200);
      expect((await a.agent.delete('/users/me/sessions/no-such-session')).statusCode).toBe(404);
    });

    test('revoke-others signs out every other session only', async () => {
      const { agent, signup } = await signedInAgent(t.app);
      const others = [await secondSession(signup), await secondSession(signup)];
      const res = await agent.post('/users/me/sessions/revoke-others');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, revoked: 2 });
      for (const other of others) expect((await other.get('/users/me')).statusCode).toBe(401);
      expect((await agent.get('/users/me')).statusCode).toBe(200);
      const list = (await agent.get('/users/me/sessions')).json().data;
      expect(list).toEqual([expect.objectContaining({ current: true })]);
    });
  });

  describe('GET /users/{id}', () => {
    test('any signed-in user sees the public profile, without private fields', async () => {
      const target = await signedInAgent(t.app, { firstName: 'Marie', lastName: 'Curie' });
      await target.agent.patch('/users/me', { city: 'Paris', country: 'France', phoneNumber: '+33 1 23 45 67 89' });
      const viewer = await signedInAgent(t.app);
      const res = await viewer.agent.get(`/users/${target.body.user.id}`);
      expect(res.statusCode).toBe(200);
      const profile = publicProfileSchema.strict().parse(res.json().data);
      expect(profile).toEqual({
        _id: target.body.user.id,
        id: target.body.user.id,
        firstName: 'Marie',
        lastName: 'Curie',
        industry: null,
        city: 'Paris',
        country: 'France',
        hasPicture: false,
        createdAt: expect.any(String),
      });
      expect(res.body).not.toContain(target.signup.email);
      expect(res.body).not.toContain('+33');
    });

    test('an unknown id is a 404', async () => {
      const { agent } = await signedInAgent(t.app);
      const res = await agent.get('/users/00000000-0000-0000-0000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'User not found' });
    });
  });
});
