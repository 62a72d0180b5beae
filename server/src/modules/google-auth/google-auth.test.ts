import { randomBytes, randomUUID } from 'node:crypto';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { eq } from 'drizzle-orm';
import { API_ROOT } from '@atrium/contracts';
import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import { businessMembers, sessions, users } from '../../db/schema';
import { AuthRepository } from '../auth/auth.repository';
import { Agent, createTestApp, newSignup, setCookieLines, type TestApp } from '../../../test/helpers';
import { FLOW_COOKIE } from './flow-cookie';
import { GOOGLE_MESSAGES } from './google-auth.service';

const CLIENT_ID = 'atrium-test-client';

/** Claims the mock issuer puts into the next tokens (ID token and access token alike). */
let claims: Record<string, unknown> = {};
/** One-off changes to the next ID token's payload (wrong audience, wrong nonce…). */
let tweak: ((payload: Record<string, unknown>) => void) | null = null;

const issuer = new OAuth2Server();
let t: TestApp;

const uniqueEmail = (tag: string) => `${tag}.${randomBytes(4).toString('hex')}@gmail.example`;

function googleUser(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('grace');
  return {
    sub: `google-${randomBytes(6).toString('hex')}`,
    email,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
    ...overrides,
  };
}

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, 'localhost');
  issuer.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, claims);
    if (tweak && 'nonce' in token.payload) {
      tweak(token.payload);
      tweak = null;
    }
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_ISSUER: issuer.issuer.url!,
    APP_URL: 'http://localhost:3999',
    LOGIN_RATE_LIMIT: '1000',
  });
});

afterAll(async () => {
  await t.close();
  await issuer.stop();
});

beforeEach(() => {
  claims = {};
  tweak = null;
});

/** GET /auth/google/start, then the browser's visit to the issuer: the callback's code and state. */
async function startAndAuthorize(agent: Agent, mode: 'signin' | 'link' = 'signin') {
  const start = await agent.get(`/auth/google/start?mode=${mode}`);
  expect(start.statusCode).toBe(200);
  const { url } = start.json() as { url: string };
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe('http://localhost:3999/auth/google/callback');
  return {
    authorizationUrl: new URL(url),
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
  };
}

async function signInWithGoogle(agent: Agent, user: Record<string, unknown>) {
  claims = user;
  const { code, state } = await startAndAuthorize(agent);
  return agent.post('/auth/google', { code, state });
}

describe('Google sign-in, configured (against a local mock OIDC issuer)', () => {
  it('says it is enabled', async () => {
    const agent = new Agent(t.app);
    const res = await agent.get('/auth/google/config');
    expect(res.json()).toEqual({ success: true, enabled: true });
  });

  it('start: an authorization URL with code + PKCE S256 + state + nonce, and the flow in an HttpOnly Lax cookie', async () => {
    const agent = await new Agent(t.app).init();
    const res = await agent.get('/auth/google/start');
    expect(res.statusCode).toBe(200);
    const url = new URL((res.json() as { url: string }).url);
    expect(url.origin + url.pathname).toBe(`${issuer.issuer.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe('http://localhost:3999/auth/google/callback');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    const line = setCookieLines(res).get(FLOW_COOKIE)!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=600/);
    expect(line).toContain(`Path=${API_ROOT}/auth/google`);
    // Sealed: neither the verifier nor the nonce is readable in the cookie.
    expect(line).not.toContain(q.get('nonce')!);
  });

  it('the flow cookie is Secure over https (behind a trusted proxy) and with COOKIE_SECURE', async () => {
    const proxied = await t.sibling({ TRUST_PROXY: 'true' });
    const viaHttps = await new Agent(proxied).get('/auth/google/start', { headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookieLines(viaHttps).get(FLOW_COOKIE)).toMatch(/;\s*Secure/i);
    const plain = await new Agent(proxied).get('/auth/google/start');
    expect(setCookieLines(plain).get(FLOW_COOKIE)).not.toMatch(/;\s*Secure/i);
    const configured = await t.sibling({ COOKIE_SECURE: 'true' });
    expect(setCookieLines(await new Agent(configured).get('/auth/google/start')).get(FLOW_COOKIE)).toMatch(
      /;\s*Secure/i,
    );
  });

  it('the whole flow creates a verified user without a password, with a business, and signs in like a login', async () => {
    const agent = await new Agent(t.app).init();
    const g = googleUser();
    const res = await signInWithGoogle(agent, g);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { email: g.email, firstName: 'Grace', lastName: 'Hopper' } });
    // As for a password sign-in, the browser gets the tokens in HttpOnly cookies only.
    expect(body.accessToken).toBeUndefined();
    expect(body.refreshToken).toBeUndefined();
    expect(body.user.businessName).toBe("Grace's Business");
    expect(body.user.role).toBe('owner');
    const cookies = setCookieLines(res);
    expect(cookies.get('atrium_at')).toMatch(/HttpOnly/i);
    expect(cookies.get('atrium_rt')).toMatch(/HttpOnly/i);
    expect(cookies.get('atrium_xsrf')).toBeDefined();
    // This browser is now known to the account (its password sign-ins pass an account lock).
    expect(cookies.get('atrium_device')).toMatch(/HttpOnly/i);
    expect(agent.cookie('atrium_device')).toMatch(new RegExp(`^${body.user.id}\\.`));
    // The flow cookie is spent.
    expect(agent.cookie(FLOW_COOKIE)).toBeUndefined();

    const me = await agent.get('/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(g.email);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, g.email));
    expect(row!.passwordHash).toBeNull();
    expect(row!.googleSub).toBe(g.sub);
    expect(row!.emailVerifiedAt).not.toBeNull();

    // A CSRF-protected call works right after (the session's token was issued).
    expect((await agent.post('/auth/renew-csrf')).statusCode).toBe(200);
    expect((await agent.post('/auth/logout')).statusCode).toBe(200);

    // Signing in again finds the same user by its Google subject, even with another address at Google.
    const again = await signInWithGoogle(await new Agent(t.app).init(), { ...g, email: uniqueEmail('renamed') });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
  });

  it('a code can be used once: replaying the callback fails', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    const { code, state } = await startAndAuthorize(agent);
    expect((await agent.post('/auth/google', { code, state })).statusCode).toBe(200);
    const replay = await agent.post('/auth/google', { code, state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ success: false, error: IDENTITY_MESSAGES.googleSignInFailed });
  });

  it('a wrong state is refused (400) and signs nobody in', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    const { code } = await startAndAuthorize(agent);
    const res = await agent.post('/auth/google', { code, state: 'not-the-state-we-sent' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: IDENTITY_MESSAGES.googleSignInFailed });
    expect(agent.cookie('atrium_at')).toBeUndefined();
    expect((await agent.get('/users/me')).statusCode).toBe(401);
  });

  it('a callback without the flow cookie (another browser, expired flow) is refused', async () => {
    const starter = await new Agent(t.app).init();
    claims = googleUser();
    const { code, state } = await startAndAuthorize(starter);
    const other = await new Agent(t.app).init();
    const res = await other.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(400);
    expect(other.cookie('atrium_at')).toBeUndefined();
  });

  it('an altered flow cookie is refused', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    const { code, state } = await startAndAuthorize(agent);
    const sealed = agent.cookie(FLOW_COOKIE)!;
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}AA`;
    agent.jar.set(FLOW_COOKIE, { value: parts.join('.'), path: `${API_ROOT}/auth/google` });
    const res = await agent.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(400);
  });

  it('an ID token for another audience is rejected', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    tweak = (p) => {
      p.aud = 'someone-else';
    };
    const { code, state } = await startAndAuthorize(agent);
    const res = await agent.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(IDENTITY_MESSAGES.googleSignInFailed);
    expect(agent.cookie('atrium_at')).toBeUndefined();
  });

  it('an ID token with another nonce is rejected', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    tweak = (p) => {
      p.nonce = 'replayed-nonce';
    };
    const { code, state } = await startAndAuthorize(agent);
    expect((await agent.post('/auth/google', { code, state })).statusCode).toBe(400);
  });

  it('an expired ID token is rejected', async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    tweak = (p) => {
      p.iat = Math.floor(Date.now() / 1000) - 7200;
      p.exp = Math.floor(Date.now() / 1000) - 3600;
    };
    const { code, state } = await startAndAuthorize(agent);
    expect((await agent.post('/auth/google', { code, state })).statusCode).toBe(400);
  });

  it('a tampered ID token (payload changed, signature kept) is rejected', async () => {
    const agent = await new Agent(t.app).init();
    const victim = googleUser();
    claims = googleUser();
    issuer.service.once('beforeResponse', (response: MutableResponse) => {
      const body = response.body as { id_token: string };
      const [header, payload, signature] = body.id_token.split('.');
      const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = { ...decoded, sub: victim.sub, email: victim.email };
      body.id_token = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.');
    });
    const { code, state } = await startAndAuthorize(agent);
    const res = await agent.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, victim.email));
    expect(row).toBeUndefined();
  });

  it("an ID token signed by another key (under the kid of the issuer's key) is rejected", async () => {
    const agent = await new Agent(t.app).init();
    claims = googleUser();
    const { code, state, authorizationUrl } = await startAndAuthorize(agent);
    const stranger = new OAuth2Server();
    await stranger.issuer.keys.generate('RS256');
    stranger.issuer.url = issuer.issuer.url!;
    const realKid = issuer.issuer.keys.get()!.kid;
    // Every claim right (issuer, audience, nonce): only the signature is not the issuer's.
    const forged = await stranger.issuer.buildToken({
      scopesOrTransform: (header, payload) => {
        header.kid = realKid;
        Object.assign(payload, { aud: CLIENT_ID, nonce: authorizationUrl.searchParams.get('nonce'), ...claims });
      },
    });
    issuer.service.once('beforeResponse', (response: MutableResponse) => {
      (response.body as { id_token: string }).id_token = forged;
    });
    const res = await agent.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(400);
    expect(agent.cookie('atrium_at')).toBeUndefined();
  });

  it('requires a verified e-mail at Google', async () => {
    const agent = await new Agent(t.app).init();
    const res = await signInWithGoogle(agent, googleUser({ email_verified: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(GOOGLE_MESSAGES.emailNotVerified);
  });

  it('an existing account with that e-mail gets the Google account linked; its password keeps working', async () => {
    const { signup, body } = await signedInAgentVerified();
    const g = googleUser({ email: signup.email.toUpperCase() });
    const res = await signInWithGoogle(await new Agent(t.app).init(), g);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(body.user.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.googleSub).toBe(g.sub);
    const login = await new Agent(t.app).init().then((a) => a.post('/auth/login', signup));
    expect(login.statusCode).toBe(200);
  });

  it('an account whose address was never verified: Google proves the mailbox, the unproven password goes', async () => {
    // Someone signs up with another person's address and never verifies it (no session: sign-in needs the code).
    const signup = newSignup({ firstName: 'Squatter', lastName: 'X' });
    expect((await (await new Agent(t.app).init()).post('/auth/register', signup)).statusCode).toBe(201);
    const [account] = await t.database.db
      .select({ userId: users.id, businessId: businessMembers.businessId })
      .from(users)
      .innerJoin(businessMembers, eq(businessMembers.userId, users.id))
      .where(eq(users.email, signup.email));
    const created = account!;
    const repo = new AuthRepository(t.database.db);
    const squatterSession = randomUUID();
    await repo.createSession(
      {
        id: squatterSession,
        userId: created.userId,
        businessId: created.businessId,
        rememberMe: true,
        expiresAt: new Date(Date.now() + 3_600_000),
        userAgent: null,
        ip: null,
      },
      randomBytes(16).toString('hex'),
    );

    const res = await signInWithGoogle(await new Agent(t.app).init(), googleUser({ email: signup.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(created.userId);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.userId));
    expect(row!.passwordHash).toBeNull();
    expect(row!.emailVerifiedAt).not.toBeNull();
    const [old] = await t.database.db.select().from(sessions).where(eq(sessions.id, squatterSession));
    expect(old!.revokedReason).toBe('google_email_proof');
  });

  it('an e-mail whose account is linked to another Google account is refused (409)', async () => {
    const first = googleUser();
    expect((await signInWithGoogle(await new Agent(t.app).init(), first)).statusCode).toBe(200);
    const res = await signInWithGoogle(await new Agent(t.app).init(), googleUser({ email: first.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(GOOGLE_MESSAGES.emailLinkedElsewhere);
  });

  it('link mode: a signed-in user links Google; status and unlink follow the rules', async () => {
    const { agent, body } = await signedInAgentVerified();
    const before = await agent.get('/auth/google/status');
    expect(before.json()).toMatchObject({ success: true, enabled: true, linked: false, hasPassword: true });

    claims = googleUser({ email: uniqueEmail('other-address') });
    const { code, state } = await startAndAuthorize(agent, 'link');
    const res = await agent.post('/auth/google', { code, state });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, linked: true, user: { id: body.user.id } });
    expect((await agent.get('/auth/google/status')).json()).toMatchObject({ linked: true, hasPassword: true });

    // With a password, unlinking is allowed; a second unlink changes nothing.
    const unlink = await agent.post('/auth/google/unlink');
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json()).toMatchObject({ success: true, linked: false });
    expect((await agent.post('/auth/google/unlink')).statusCode).toBe(200);
  });

  it('link mode needs a session: start answers 401 without one', async () => {
    const agent = await new Agent(t.app).init();
    expect((await agent.get('/auth/google/start?mode=link')).statusCode).toBe(401);
  });

  it('a Google-only user (no password) cannot unlink: 400, still linked', async () => {
    const agent = await new Agent(t.app).init();
    const g = googleUser();
    expect((await signInWithGoogle(agent, g)).statusCode).toBe(200);
    const res = await agent.post('/auth/google/unlink');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: GOOGLE_MESSAGES.unlinkNeedsPassword });
    expect((await agent.get('/auth/google/status')).json()).toMatchObject({ linked: true, hasPassword: false });
    // And a password sign-in to that account is simply refused (no password to match).
    const login = await new Agent(t.app)
      .init()
      .then((a) => a.post('/auth/login', { email: g.email, password: 'guessing1' }));
    expect(login.statusCode).toBe(401);
  });

  it('status and unlink need a session; unlink needs the CSRF token', async () => {
    const anon = await new Agent(t.app).init();
    expect((await anon.get('/auth/google/status')).statusCode).toBe(401);
    expect((await anon.post('/auth/google/unlink')).statusCode).toBe(401);
    const { agent } = await signedInAgentVerified();
    expect((await agent.post('/auth/google/unlink', undefined, { csrf: false })).statusCode).toBe(403);
  });

  it('POST /auth/google validates its body and needs the CSRF token', async () => {
    const agent = await new Agent(t.app).init();
    expect((await agent.post('/auth/google', { state: 'x' })).statusCode).toBe(400);
    expect((await agent.post('/auth/google', { code: 'c', state: 's' }, { csrf: false })).statusCode).toBe(403);
  });
});

describe('Google sign-in, rate limited', () => {
  it('repeated callbacks from one address get 429', async () => {
    const limited = await t.sibling({ LOGIN_RATE_LIMIT: '2' });
    const agent = await new Agent(limited).init();
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await agent.post('/auth/google', { code: 'c', state: 's' })).statusCode);
    expect(codes).toEqual([400, 400, 429]);
  });
});

describe('Google sign-in, not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare.close());

  it('config says enabled: false; start and the callback answer 400 with the not-configured text', async () => {
    const agent = await new Agent(bare.app).init();
    expect((await agent.get('/auth/google/config')).json()).toEqual({ success: true, enabled: false });
    const start = await agent.get('/auth/google/start');
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ success: false, error: IDENTITY_MESSAGES.googleNotConfigured });
    const callback = await agent.post('/auth/google', { code: 'c', state: 's' });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().error).toBe(IDENTITY_MESSAGES.googleNotConfigured);
  });
});

describe('Google sign-in, issuer unreachable', () => {
  it('start answers a server error with the Google failure text', async () => {
    const down = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9/',
    });
    try {
      const agent = await new Agent(down.app).init();
      const res = await agent.get('/auth/google/start');
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe(IDENTITY_MESSAGES.googleSignInFailed);
    } finally {
      await down.close();
    }
  });
});

/**
 * A signed-in user with a verified address and a password. Registration may not sign in (it asks for the
 * e-mail code first), so the user is marked verified directly and signs in with the password.
 */
async function signedInAgentVerified() {
  const signup = newSignup();
  const agent = await new Agent(t.app).init();
  const reg = await agent.post('/auth/register', signup);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, signup.email));
  const fresh = await new Agent(t.app).init();
  const login = await fresh.post('/auth/login', { email: signup.email, password: signup.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { agent: fresh, signup, body: login.json() as { user: { id: string; businessId: string } } };
}
