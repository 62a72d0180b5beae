import { sql } from 'drizzle-orm';
import { ACCESS_COOKIE, REFRESH_COOKIE, XSRF_COOKIE, XSRF_HEADER, userSchema } from '@atrium/contracts';
import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import { TOKEN_BODY_HEADER } from '../../lib/session-cookies';
import { TokenService } from '../../lib/tokens';
import { MAILS_PER_ADDRESS_PER_HOUR } from './auth.service';
import {
  Agent,
  createTestApp,
  newSignup,
  setCookieLines,
  signedInAgent,
  verificationCode,
  type TestApp,
} from '../../../test/helpers';

describe('auth', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Moves every refresh-token rotation out of the reuse grace window, as if time had passed. */
  const ageRotations = () =>
    t.database.db.execute(
      sql`UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL`,
    );

  const countUsers = async (email: string) => {
    const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${email}`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  describe('register', () => {
    test('creates an unverified user with business and membership, mails a code, opens no session', async () => {
      const agent = await new Agent(t.app).init();
      const signup = newSignup({ firstName: 'Grace', lastName: 'Hopper' });
      const res = await agent.post('/auth/register', { ...signup, email: `  ${signup.email.toUpperCase()} ` });

      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, requiresVerification: true, email: signup.email });
      const lines = setCookieLines(res);
      expect(lines.has(ACCESS_COOKIE)).toBe(false);
      expect(lines.has(REFRESH_COOKIE)).toBe(false);
      expect(agent.cookie(ACCESS_COOKIE)).toBeUndefined();

      const mail = t.mails.filter((m) => m.to === signup.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Your Atrium verification code');
      expect(mail[0]!.text).toMatch(/^Hello Grace,/);
      expect(mail[0]!.text).toMatch(/Your verification code is \d{6}\n/);
      expect(mail[0]!.html).toContain(verificationCode(signup.email, t.mails));

      const stored = await t.database.db.execute(
        sql`SELECT u.email_verified_at, count(m.id)::int AS memberships FROM users u JOIN business_members m ON m.user_id = u.id WHERE lower(u.email) = ${signup.email} AND m.role = 'owner' GROUP BY u.id`,
      );
      const row = (stored as unknown as { rows: { email_verified_at: unknown; memberships: number }[] }).rows[0]!;
      expect(row.email_verified_at).toBeNull();
      expect(row.memberships).toBe(1);
      // Only the hash of the code is stored.
      const tokens = await t.database.db.execute(
        sql`SELECT token_hash FROM email_tokens t JOIN users u ON u.id = t.user_id WHERE lower(u.email) = ${signup.email}`,
      );
      const hashes = (tokens as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
      expect(hashes).toHaveLength(1);
      expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(hashes[0]).not.toContain(verificationCode(signup.email, t.mails));

      // Not verified yet: the right password is 403 EMAIL_NOT_VERIFIED, a wrong one still 401.
      const early = await agent.post('/auth/login', { email: signup.email, password: signup.password });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({
        success: false,
        code: 'EMAIL_NOT_VERIFIED',
        error: IDENTITY_MESSAGES.emailNotVerified,
      });
      expect(setCookieLines(early).has(ACCESS_COOKIE)).toBe(false);
      const wrong = await agent.post('/auth/login', { email: signup.email, password: 'not-the-password1' });
      expect(wrong.statusCode).toBe(401);

      const verified = await agent.post('/auth/verify-email', {
        email: signup.email.toUpperCase(),
        code: verificationCode(signup.email, t.mails),
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ success: true });
      expect(setCookieLines(verified).has(ACCESS_COOKIE)).toBe(false);

      const anonymousXsrf = agent.cookie(XSRF_COOKIE);
      const login = await agent.post('/auth/login', { email: signup.email, password: signup.password });
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body.success).toBe(true);
      // The browser gets its tokens in HttpOnly cookies only, never in the body.
      expect(Object.keys(body).sort()).toEqual(['success', 'user']);
      const user = userSchema.strict().parse(body.user);
      expect(user).toMatchObject({
        email: signup.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'owner',
        businessName: "Grace's Business",
        businessType: null,
        accountType: 'business',
        profilePicture: null,
        phoneNumber: null,
      });
      expect(user._id).toBe(user.id);
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);

      const cookies = setCookieLines(login);
      expect(cookies.get(ACCESS_COOKIE)).toMatch(/HttpOnly/);
      expect(cookies.get(ACCESS_COOKIE)).toMatch(/SameSite=Lax/);
      expect(cookies.get(ACCESS_COOKIE)).toMatch(/Path=\/(;|$)/);
      expect(cookies.get(REFRESH_COOKIE)).toMatch(/HttpOnly/);
      expect(cookies.get(REFRESH_COOKIE)).toMatch(/Path=\/api\/v1\/auth/);
      expect(cookies.get(REFRESH_COOKIE)).toMatch(/Max-Age=2592000/);
      // The binding changed (anonymous -> session): a fresh CSRF token in cookie and header.
      expect(agent.cookie(XSRF_COOKIE)).not.toBe(anonymousXsrf);
      expect(login.headers[XSRF_HEADER]).toBe(agent.cookie(XSRF_COOKIE));
      expect(cookies.get(XSRF_COOKIE)).not.toMatch(/HttpOnly/);

      const businesses = await agent.get('/businesses');
      expect(businesses.statusCode).toBe(200);
      const list = businesses.json().data;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ _id: user.businessId, name: "Grace's Business", slug: 'grace-s-business' });
      expect(list[0].members).toEqual([
        expect.objectContaining({
          userId: user.id,
          role: 'owner',
          user: expect.objectContaining({ email: signup.email }),
        }),
      ]);
    });

    test('uses businessName when given and keeps slugs unique', async () => {
      const first = await signedInAgent(t.app, { businessName: 'Acme Studio' });
      const second = await signedInAgent(t.app, { businessName: 'Acme Studio' });
      const a = (await first.agent.get('/businesses')).json().data[0];
      const b = (await second.agent.get('/businesses')).json().data[0];
      expect(a.name).toBe('Acme Studio');
      expect(b.name).toBe('Acme Studio');
      expect(a.slug).toBe('acme-studio');
      expect(b.slug).toBe('acme-studio-2');
      expect(second.body.user.businessId).not.toBe(first.body.user.businessId);
    });

    test('an existing email (any case) gets the answer of a new one; the owner is mailed, no second user', async () => {
      const { signup } = await signedInAgent(t.app);
      const mailsBefore = t.mails.length;
      const fresh = await (await new Agent(t.app).init()).post('/auth/register', newSignup());
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/register', newSignup({ email: `  ${signup.email.toUpperCase()}` }));
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, requiresVerification: true, email: signup.email });
      expect(Object.keys(res.json())).toEqual(Object.keys(fresh.json()));
      expect(setCookieLines(res).has(ACCESS_COOKIE)).toBe(false);
      expect(await countUsers(signup.email)).toBe(1);

      const mails = t.mails.slice(mailsBefore).filter((m) => m.to === signup.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('You already have an Atrium account');
      expect(mails[0]!.text).toContain(`Sign in: ${t.config.appUrl}/signin`);
      expect(mails[0]!.text).toContain(`Reset it: ${t.config.appUrl}/forgot-password`);
      expect(mails[0]!.text).not.toMatch(/verification code|not verified/);
      // The account and its password are untouched.
      const login = await agent.post('/auth/login', { email: signup.email, password: signup.password });
      expect(login.statusCode).toBe(200);
    });

    test('a sign-up with the address of an unverified account changes nothing; the first code still verifies', async () => {
      const agent = await new Agent(t.app).init();
      const first = newSignup();
      expect((await agent.post('/auth/register', first)).statusCode).toBe(201);
      const code = verificationCode(first.email, t.mails);
      const again = await agent.post('/auth/register', { ...first, password: 'another-password2' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ success: true, requiresVerification: true, email: first.email });

      const mails = t.mails.filter((m) => m.to === first.email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Your Atrium verification code',
        'You already have an Atrium account',
      ]);
      expect(mails[1]!.text).toContain('has not verified its address yet');
      expect(await countUsers(first.email)).toBe(1);
      // Resend still mails codes to the unverified account; the code of the first sign-up still works.
      expect((await agent.post('/auth/verify-email', { email: first.email, code })).statusCode).toBe(200);
      expect((await agent.post('/auth/login', { ...first, password: 'another-password2' })).statusCode).toBe(401);
      expect((await agent.post('/auth/login', first)).statusCode).toBe(200);
    });

    test(`the owner gets at most ${MAILS_PER_ADDRESS_PER_HOUR} such mails an hour; the answer stays the same`, async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR + 2; i++) {
        const res = await agent.post('/auth/register', newSignup({ email: signup.email }));
        expect(res.statusCode).toBe(201);
      }
      const told = t.mails.filter((m) => m.to === signup.email && m.subject === 'You already have an Atrium account');
      expect(told).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR);
    });

    test('two sign-ups with one new address at once: both answered 201, one account', async () => {
      const signup = newSignup();
      const answers = await Promise.all(
        [1, 2].map(async () => (await new Agent(t.app).init()).post('/auth/register', signup)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(await countUsers(signup.email)).toBe(1);
    });

    test('schema failures answer 400 with the exact field messages', async () => {
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/register', {
        firstName: '   ',
        lastName: 'X',
        email: 'userexample.com',
        password: 'short',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'Validation failed' });
      expect(body.details).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: 'First name is required' },
          { field: 'email', message: 'Email address must contain @ symbol' },
          { field: 'password', message: 'Password must be at least 8 characters' },
        ]),
      );

      const missing = await agent.post('/auth/register', { email: 'a@b.co' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: 'First name is required' },
          { field: 'lastName', message: 'Last name is required' },
          { field: 'password', message: 'Password is required' },
        ]),
      );
    });

    test('malformed JSON is a 400 VALIDATION_ERROR, not a 500', async () => {
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/register', '{"firstName": "Ada",', {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    test('register is rate limited per IP', async () => {
      const limited = await t.sibling({ REGISTER_RATE_LIMIT: '2' });
      const agent = await new Agent(limited).init();
      expect((await agent.post('/auth/register', newSignup())).statusCode).toBe(201);
      expect((await agent.post('/auth/register', newSignup())).statusCode).toBe(201);
      const res = await agent.post('/auth/register', newSignup());
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        error: 'Too many attempts. Please try again later.',
      });
    });
  });

  describe('login', () => {
    test('right credentials sign in; the answer carries the user, the tokens only in HttpOnly cookies', async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/login', { email: signup.email.toUpperCase(), password: signup.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ success: true, user: expect.any(Object) });
      expect(userSchema.parse(body.user).email).toBe(signup.email);
      expect(setCookieLines(res).get(ACCESS_COOKIE)).toMatch(/HttpOnly/);
      expect(setCookieLines(res).get(REFRESH_COOKIE)).toMatch(/HttpOnly/);
      const me = await agent.get('/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(body.user.id);
    });

    test(`a client that sends ${TOKEN_BODY_HEADER}: 1 gets the tokens in the body too (login and auto-login)`, async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      const asked = { headers: { [TOKEN_BODY_HEADER]: '1' } };
      const res = await agent.post('/auth/login', { email: signup.email, password: signup.password }, asked);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        user: expect.any(Object),
        accessToken: agent.cookie(ACCESS_COOKIE),
        refreshToken: agent.cookie(REFRESH_COOKIE),
      });
      const bearer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${body.accessToken}` },
      });
      expect(bearer.statusCode).toBe(200);

      const auto = await agent.post('/auth/auto-login', undefined, asked);
      expect(auto.json()).toEqual({
        success: true,
        user: expect.any(Object),
        accessToken: agent.cookie(ACCESS_COOKIE),
      });
      // Without the header (the browser app) auto-login answers the user only, also when it rotates.
      expect(Object.keys((await agent.post('/auth/auto-login')).json()).sort()).toEqual(['success', 'user']);
      agent.jar.delete(ACCESS_COOKIE);
      const rotated = await agent.post('/auth/auto-login');
      expect(rotated.statusCode).toBe(200);
      expect(Object.keys(rotated.json()).sort()).toEqual(['success', 'user']);
    });

    test('rememberMe false makes the refresh cookie a browser-session cookie', async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/login', { ...signup, rememberMe: false });
      expect(res.statusCode).toBe(200);
      const line = setCookieLines(res).get(REFRESH_COOKIE)!;
      expect(line).toBeDefined();
      expect(line).not.toMatch(/Max-Age|Expires/i);
    });

    test('a wrong password or unknown email is 401 Invalid credentials without session cookies', async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      const wrong = await agent.post('/auth/login', { email: signup.email, password: 'not-the-password1' });
      const unknown = await agent.post('/auth/login', { email: `nobody.${signup.email}`, password: signup.password });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'LOGIN_FAILED', error: 'Invalid credentials' });
        const lines = setCookieLines(res);
        expect(lines.has(ACCESS_COOKIE)).toBe(false);
        expect(lines.has(REFRESH_COOKIE)).toBe(false);
      }
      expect(agent.cookie(ACCESS_COOKIE)).toBeUndefined();
    });

    test('login is rate limited per IP and e-mail: 429 after LOGIN_RATE_LIMIT attempts', async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      // signedInAgent's own sign-in was the first attempt from this address.
      for (let i = 1; i < t.config.loginRateLimit; i++) {
        const res = await agent.post('/auth/login', { email: signup.email, password: 'wrong-password1' });
        expect(res.statusCode).toBe(401);
      }
      const limited = await agent.post('/auth/login', { email: signup.email, password: signup.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        error: 'Too many attempts. Please try again later.',
      });
      // Another e-mail from the same address is not affected.
      const other = await signedInAgent(t.app);
      const ok = await agent.post('/auth/login', { email: other.signup.email, password: other.signup.password });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('session lifecycle', () => {
    test('register → login → auto-login → refresh rotation → reuse revokes family', async () => {
      const { signup } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();
      expect((await agent.post('/auth/login', signup)).statusCode).toBe(200);

      // auto-login with a valid access token answers from it, without rotating.
      const rtBefore = agent.cookie(REFRESH_COOKIE)!;
      const auto = await agent.post('/auth/auto-login');
      expect(auto.statusCode).toBe(200);
      expect(auto.json()).toMatchObject({ success: true, user: { email: signup.email } });
      expect(agent.cookie(REFRESH_COOKIE)).toBe(rtBefore);

      // refresh rotates the refresh token.
      const refreshed = await agent.post('/auth/refresh');
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toEqual({ success: true });
      const rtAfter = agent.cookie(REFRESH_COOKIE)!;
      expect(rtAfter).not.toBe(rtBefore);
      expect(setCookieLines(refreshed).get(REFRESH_COOKIE)).toMatch(/Max-Age=2592000/);
      expect(refreshed.headers[XSRF_HEADER]).toBe(agent.cookie(XSRF_COOKIE));

      // The rotated-away token, presented after the grace window, is refused …
      await ageRotations();
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { [REFRESH_COOKIE]: rtBefore, [XSRF_COOKIE]: agent.cookie(XSRF_COOKIE)! },
        headers: { [XSRF_HEADER]: agent.cookie(XSRF_COOKIE)! },
      });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });

      // … and its reuse revoked the whole family: the newest token and the access token are dead too.
      const afterReuse = await agent.post('/auth/refresh');
      expect(afterReuse.statusCode).toBe(401);
      const me = await agent.get('/users/me');
      expect(me.statusCode).toBe(401);
    });

    test('auto-login falls back to the refresh cookie and rotates it', async () => {
      const { agent } = await signedInAgent(t.app);
      const rt = agent.cookie(REFRESH_COOKIE)!;
      agent.jar.delete(ACCESS_COOKIE);
      const res = await agent.post('/auth/auto-login');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, user: { role: 'owner' } });
      expect(res.json().refreshToken).toBeUndefined();
      expect(agent.cookie(REFRESH_COOKIE)).not.toBe(rt);
      expect(agent.cookie(ACCESS_COOKIE)).toBeDefined();
      expect((await agent.get('/users/me')).statusCode).toBe(200);
    });

    test('auto-login without any session cookie is 401 Not signed in', async () => {
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/auto-login');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
    });

    test('logout revokes the session and clears cookies; the old refresh token is refused', async () => {
      const { agent } = await signedInAgent(t.app);
      const rt = agent.cookie(REFRESH_COOKIE)!;
      const at = agent.cookie(ACCESS_COOKIE)!;
      const res = await agent.post('/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const lines = setCookieLines(res);
      expect(lines.get(ACCESS_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
      expect(lines.get(REFRESH_COOKIE)).toMatch(/Path=\/api\/v1\/auth/);
      expect(agent.cookie(ACCESS_COOKIE)).toBeUndefined();
      expect(agent.cookie(REFRESH_COOKIE)).toBeUndefined();
      expect(agent.cookie(XSRF_COOKIE)).toBeTruthy();

      // Someone replaying the stolen refresh cookie (with a CSRF token minted for it) gets nothing.
      const renew = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/renew-csrf',
        cookies: { [REFRESH_COOKIE]: rt },
      });
      const xsrf = renew.json().csrfToken as string;
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { [REFRESH_COOKIE]: rt, [XSRF_COOKIE]: xsrf },
        headers: { [XSRF_HEADER]: xsrf },
      });
      expect(refresh.statusCode).toBe(401);
      // The access token is dead too, even though its 15 minutes are not over.
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${at}` },
      });
      expect(me.statusCode).toBe(401);
    });

    test('logout without a session is fine, also with an empty JSON body', async () => {
      const agent = await new Agent(t.app).init();
      const res = await agent.post('/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const empty = await agent.post('/auth/logout', '', { headers: { 'content-type': 'application/json' } });
      expect(empty.statusCode).toBe(200);
      expect(empty.headers['cache-control']).toBe('no-store');
    });

    test('an expired access token is 401 "Access token expired"; refresh then works', async () => {
      const { agent } = await signedInAgent(t.app);
      const accessToken = agent.cookie(ACCESS_COOKIE)!;
      const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
        sid: string;
        bid: string;
      };
      const expired = await new TokenService(t.secret).signAccess(
        { sub: claims.sub, sid: claims.sid, bid: claims.bid },
        Date.now() - 16 * 60_000,
      );
      agent.jar.set(ACCESS_COOKIE, { value: expired, path: '/' });

      const res = await agent.get('/contacts');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Access token expired' });

      // The CSRF token is still bound to the same session, so the refresh POST passes.
      const refreshed = await agent.post('/auth/refresh');
      expect(refreshed.statusCode).toBe(200);
      expect(agent.cookie(ACCESS_COOKIE)).not.toBe(expired);
      expect((await agent.get('/contacts')).statusCode).toBe(200);
    });

    test('a bearer token works without cookies; a forged one is refused', async () => {
      const { agent, body } = await signedInAgent(t.app);
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${agent.cookie(ACCESS_COOKIE)!}` },
      });
      expect(ok.statusCode).toBe(200);
      const forged = await new TokenService('another-secret-another-secret-1234').signAccess({
        sub: body.user.id,
        sid: 'x',
        bid: body.user.businessId,
      });
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
    });
  });

  describe('CSRF', () => {
    test('a POST without the header is 403 CSRF_INVALID', async () => {
      const { agent } = await signedInAgent(t.app);
      const res = await agent.post('/contacts', { firstName: 'A', email: 'a@b.co' }, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, code: 'CSRF_INVALID', error: 'Invalid CSRF token' });
    });

    test('a forged token (cookie and header agree, no valid signature) is 403', async () => {
      const { agent } = await signedInAgent(t.app);
      agent.jar.set(XSRF_COOKIE, { value: 'forged-nonce.forged-signature', path: '/' });
      const res = await agent.post('/contacts', { firstName: 'A', email: 'a@b.co' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF_INVALID');
      // The answer hands out a fresh, valid token for the retry.
      expect(res.headers[XSRF_HEADER]).toBeTruthy();
      expect(agent.cookie(XSRF_COOKIE)).toBe(res.headers[XSRF_HEADER]);
    });

    test('a header that differs from the cookie is 403', async () => {
      const { agent } = await signedInAgent(t.app);
      const other = await new Agent(t.app).init();
      const res = await agent.post(
        '/contacts',
        { firstName: 'A', email: 'a@b.co' },
        {
          headers: { [XSRF_HEADER]: other.cookie(XSRF_COOKIE)! },
        },
      );
      expect(res.statusCode).toBe(403);
    });

    test('a token bound to another session is refused', async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      a.agent.jar.set(XSRF_COOKIE, { value: b.agent.cookie(XSRF_COOKIE)!, path: '/' });
      const res = await a.agent.post('/contacts', { firstName: 'A', email: 'a@b.co' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toContain('CSRF');
    });

    test('renew-csrf needs no token and returns one that works', async () => {
      const { agent } = await signedInAgent(t.app);
      agent.jar.delete(XSRF_COOKIE);
      const renew = await agent.post('/auth/renew-csrf', undefined, { csrf: false });
      expect(renew.statusCode).toBe(200);
      const { csrfToken } = renew.json();
      expect(renew.json().success).toBe(true);
      expect(renew.headers[XSRF_HEADER]).toBe(csrfToken);
      expect(agent.cookie(XSRF_COOKIE)).toBe(csrfToken);
      const res = await agent.post('/contacts', { firstName: 'Renewed', email: 'renewed@example.com' });
      expect(res.statusCode).toBe(201);
    });

    test('GET /auth/csrf answers a token; safe methods need none', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/csrf' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, csrfToken: expect.any(String) });
      expect(res.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toBe(res.json().csrfToken);
    });
  });
});
