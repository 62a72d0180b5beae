import { jwtVerify } from 'jose';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';

const SECRET = 'intercom-test-secret-0123456789';

describe('GET /intercom/jwt with INTERCOM_SECRET', () => {
  let t: TestApp;
  let user: SignedUp;
  beforeAll(async () => {
    t = await createTestApp({ INTERCOM_SECRET: SECRET, INTERCOM_TOKEN_TTL_SECONDS: '600' });
    user = await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  test('a token signed with the secret for the caller, its lifetime, reused while fresh; signed-out 401', async () => {
    const res = await user.agent.get('/intercom/jwt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { intercom_user_jwt: token, expires_in: expiresIn } = res.json();
    expect(expiresIn).toBeGreaterThan(595);
    expect(expiresIn).toBeLessThanOrEqual(600);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ user_id: user.user.id, email: user.signup.email });
    expect((await user.agent.get('/intercom/jwt')).json().intercom_user_jwt).toBe(token);
    await expect(jwtVerify(token, new TextEncoder().encode('another-secret-0123456789'))).rejects.toThrow();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/intercom/jwt' })).statusCode).toBe(401);
  });
});
