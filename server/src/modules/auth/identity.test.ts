import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ACCESS_COOKIE, REFRESH_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import {
  Agent,
  createTestApp,
  newSignup,
  registerVerified,
  resetToken,
  setCookieLines,
  signedInAgent,
  sqlRows,
  verificationCode,
  type TestApp,
} from '../../../test/helpers';
import { MAILS_PER_ADDRESS_PER_HOUR, MAX_CODE_ATTEMPTS } from './auth.service';

/** Sign-up verification, resend, forgot/reset password and the per-account sign-in limit. */
describe('identity flows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsTo = (email: string) => t.mails.filter((m) => m.to.toLowerCase() === email.toLowerCase());

  /** A registered, not yet verified user. */
  const registered = async (overrides: Record<string, unknown> = {}) => {
    const agent = await new Agent(t.app).init();
    const signup = newSignup(overrides);
    const res = await agent.post('/auth/register', signup);
    expect(res.statusCode).toBe(201);
    return { agent, signup, code: verificationCode(signup.email, t.mails) };
  };

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  const invalidCode = {
    success: false,
    code: 'VALIDATION_ERROR',
    error: IDENTITY_MESSAGES.invalidVerificationCode,
  };
  const invalidReset = { success: false, code: 'VALIDATION_ERROR', error: IDENTITY_MESSAGES.invalidResetToken };

  describe('verify-email', () => {
    test('a code works once; then the account can sign in', async () => {
      const { agent, signup, code } = await registered();
      const ok = await agent.post('/auth/verify-email', { email: signup.email, code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true });
      const again = await agent.post('/auth/verify-email', { email: signup.email, code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(invalidCode);
      expect((await agent.post('/auth/login', signup)).statusCode).toBe(200);
    });

    test('a wrong code, an unknown address and a malformed code are refused alike', async () => {
      const { agent, signup, code } = await registered();
      const wrong = await agent.post('/auth/verify-email', { email: signup.email, code: otherCode(code) });
      const unknown = await agent.post('/auth/verify-email', { email: `nobody.${signup.email}`, code });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(invalidCode);
      }
      const malformed = await agent.post('/auth/verify-email', { email: signup.email, code: '12ab' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().details).toEqual([{ field: 'code', message: 'Enter the 6-digit code' }]);
      // The right code still works after a wrong guess.
      expect((await agent.post('/auth/verify-email', { email: signup.email, code })).statusCode).toBe(200);
    });

    test(`after ${MAX_CODE_ATTEMPTS} wrong guesses even the right code is refused`, async () => {
      const { agent, signup, code } = await registered();
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        const res = await agent.post('/auth/verify-email', { email: signup.email, code: otherCode(code) });
        expect(res.statusCode).toBe(400);
      }
      const right = await agent.post('/auth/verify-email', { email: signup.email, code });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toEqual(invalidCode);
      expect((await agent.post('/auth/login', signup)).statusCode).toBe(403);
    });

    test('an expired code is refused', async () => {
      const { agent, signup, code } = await registered();
      await t.database.db.execute(
        sql`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE lower(email) = ${signup.email})`,
      );
      const res = await agent.post('/auth/verify-email', { email: signup.email, code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidCode);
    });

    test('the code expires 24 hours after it was sent', async () => {
      const { signup } = await registered();
      const found = await sqlRows<{ hours: number }>(
        t.database.db,
        sql`SELECT round(extract(epoch FROM (expires_at - created_at)) / 3600)::int AS hours FROM email_tokens WHERE user_id = (SELECT id FROM users WHERE lower(email) = ${signup.email})`,
      );
      expect(found).toEqual([{ hours: 24 }]);
    });
  });

  describe('resend-verification', () => {
    test('a new code replaces the old one', async () => {
      const { agent, signup, code: first } = await registered();
      const res = await agent.post('/auth/resend-verification', { email: signup.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.verificationSent });
      expect(mailsTo(signup.email)).toHaveLength(2);
      const second = verificationCode(signup.email, t.mails);
      if (second !== first) {
        const old = await agent.post('/auth/verify-email', { email: signup.email, code: first });
        expect(old.statusCode).toBe(400);
      }
      expect((await agent.post('/auth/verify-email', { email: signup.email, code: second })).statusCode).toBe(200);
    });

    test('unknown and already verified addresses get the same answer and no mail', async () => {
      const { signup } = await registerVerified(t.app);
      const agent = await new Agent(t.app).init();
      const before = t.mails.length;
      const verified = await agent.post('/auth/resend-verification', { email: signup.email });
      const unknown = await agent.post('/auth/resend-verification', { email: `nobody.${signup.email}` });
      for (const res of [verified, unknown]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.verificationSent });
      }
      expect(t.mails.length).toBe(before);
    });

    test(`is limited to ${MAILS_PER_ADDRESS_PER_HOUR} per address, whether or not it has an account`, async () => {
      const { signup } = await registered();
      for (const email of [signup.email, `nobody.${signup.email}`]) {
        for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR; i++) {
          const agent = await new Agent(t.app).init();
          const res = await agent.post('/auth/resend-verification', { email }, { remoteAddress: `10.1.0.${i + 1}` });
          expect(res.statusCode).toBe(200);
        }
        const res = await (await new Agent(t.app).init()).post('/auth/resend-verification', { email });
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', error: IDENTITY_MESSAGES.tooManyAttempts });
      }
      expect(mailsTo(signup.email)).toHaveLength(1 + MAILS_PER_ADDRESS_PER_HOUR);
    });

    test('resend and forgot-password are limited per IP', async () => {
      const limited = await t.sibling({ REGISTER_RATE_LIMIT: '2' });
      const agent = await new Agent(limited).init();
      for (const path of ['/auth/resend-verification', '/auth/forgot-password']) {
        expect((await agent.post(path, { email: newSignup().email })).statusCode).toBe(200);
        expect((await agent.post(path, { email: newSignup().email })).statusCode).toBe(200);
        const res = await agent.post(path, { email: newSignup().email });
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('RATE_LIMITED');
      }
    });
  });

  describe('forgot and reset password', () => {
    test('forgot-password answers the same for unknown addresses and mails nothing', async () => {
      const agent = await new Agent(t.app).init();
      const before = t.mails.length;
      const res = await agent.post('/auth/forgot-password', { email: newSignup().email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.forgotPasswordSent });
      expect(t.mails.length).toBe(before);
    });

    test('reset sets the password, is single use and revokes every session (refresh replay fails)', async () => {
      const first = await signedInAgent(t.app);
      const { signup } = first;
      const second = await new Agent(t.app).init();
      expect((await second.post('/auth/login', signup)).statusCode).toBe(200);
      const oldRefresh = first.agent.cookie(REFRESH_COOKIE)!;
      const oldAccess = first.agent.cookie(ACCESS_COOKIE)!;

      const anonymous = await new Agent(t.app).init();
      const forgot = await anonymous.post('/auth/forgot-password', { email: signup.email.toUpperCase() });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.forgotPasswordSent });
      const mail = mailsTo(signup.email).at(-1)!;
      expect(mail.subject).toBe('Reset your Atrium password');
      expect(mail.text).toContain(`${t.config.appUrl}/reset-password?token=`);
      expect(mail.html).toContain(`${t.config.appUrl}/reset-password?token=`);
      const token = resetToken(signup.email, t.mails);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      // Stored as sha256 only, expiring in one hour.
      const stored = await sqlRows<{ token_hash: string; minutes: number }>(
        t.database.db,
        sql`SELECT token_hash, round(extract(epoch FROM (expires_at - created_at)) / 60)::int AS minutes FROM email_tokens WHERE kind = 'reset_password' AND user_id = ${first.body.user.id}`,
      );
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), minutes: 60 }]);

      const res = await anonymous.post('/auth/reset-password', { token, password: 'brand-new-pass1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.passwordResetSuccess });
      expect(setCookieLines(res).has(ACCESS_COOKIE)).toBe(false);

      // Single use.
      const reuse = await anonymous.post('/auth/reset-password', { token, password: 'another-pass1' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual(invalidReset);

      // Every session is gone: access tokens and the old refresh token (with a CSRF token minted for it).
      expect((await first.agent.get('/users/me')).statusCode).toBe(401);
      expect((await second.get('/users/me')).statusCode).toBe(401);
      const renew = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/renew-csrf',
        cookies: { [REFRESH_COOKIE]: oldRefresh },
      });
      const xsrf = renew.json().csrfToken as string;
      const replay = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { [REFRESH_COOKIE]: oldRefresh, [XSRF_COOKIE]: xsrf },
        headers: { [XSRF_HEADER]: xsrf },
      });
      expect(replay.statusCode).toBe(401);
      const bearer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${oldAccess}` },
      });
      expect(bearer.statusCode).toBe(401);

      // Old password out, new one in.
      const old = await anonymous.post('/auth/login', signup);
      expect(old.statusCode).toBe(401);
      const fresh = await anonymous.post('/auth/login', { email: signup.email, password: 'brand-new-pass1' });
      expect(fresh.statusCode).toBe(200);
    });

    test('a reset also verifies an unverified address', async () => {
      const { signup } = await registered();
      const agent = await new Agent(t.app).init();
      await agent.post('/auth/forgot-password', { email: signup.email });
      const token = resetToken(signup.email, t.mails);
      expect((await agent.post('/auth/reset-password', { token, password: 'brand-new-pass1' })).statusCode).toBe(200);
      const login = await agent.post('/auth/login', { email: signup.email, password: 'brand-new-pass1' });
      expect(login.statusCode).toBe(200);
    });

    test('unknown, expired and superseded tokens are refused; the password stays', async () => {
      const { signup, body } = await signedInAgent(t.app);
      const agent = await new Agent(t.app).init();

      const unknown = await agent.post('/auth/reset-password', {
        token: 'A'.repeat(43),
        password: 'brand-new-pass1',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(invalidReset);

      await agent.post('/auth/forgot-password', { email: signup.email });
      const superseded = resetToken(signup.email, t.mails);
      await agent.post('/auth/forgot-password', { email: signup.email });
      const current = resetToken(signup.email, t.mails);
      expect(current).not.toBe(superseded);
      const old = await agent.post('/auth/reset-password', { token: superseded, password: 'brand-new-pass1' });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual(invalidReset);

      await t.database.db.execute(
        sql`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${body.user.id} AND kind = 'reset_password'`,
      );
      const expired = await agent.post('/auth/reset-password', { token: current, password: 'brand-new-pass1' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(invalidReset);

      const weak = await agent.post('/auth/reset-password', { token: current, password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().details).toContainEqual({
        field: 'password',
        message: 'Password must be at least 8 characters',
      });

      expect((await agent.post('/auth/login', signup)).statusCode).toBe(200);
    });
  });

  describe('per-account sign-in limit', () => {
    test('failed sign-ins for one account from many addresses end in 429, also for the right password', async () => {
      const limited = await t.sibling({ LOGIN_ACCOUNT_RATE_LIMIT: '3', LOGIN_RATE_LIMIT: '100' });
      const { signup } = await registerVerified(t.app);
      const other = await registerVerified(t.app);
      for (let i = 0; i < 3; i++) {
        const agent = await new Agent(limited).init();
        const res = await agent.post(
          '/auth/login',
          { email: signup.email, password: 'wrong-password1' },
          { remoteAddress: `10.2.0.${i + 1}` },
        );
        expect(res.statusCode).toBe(401);
      }
      const agent = await new Agent(limited).init();
      const blocked = await agent.post(
        '/auth/login',
        { email: signup.email.toUpperCase(), password: signup.password },
        { remoteAddress: '10.2.0.99' },
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        error: IDENTITY_MESSAGES.tooManyAttempts,
      });
      expect(agent.cookie(ACCESS_COOKIE)).toBeUndefined();
      // Other accounts are unaffected.
      const ok = await agent.post('/auth/login', other.signup, { remoteAddress: '10.2.0.99' });
      expect(ok.statusCode).toBe(200);
    });
  });
});
