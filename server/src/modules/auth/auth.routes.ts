import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, userSchema } from '@atrium/contracts';
import {
  emailOnlySchema,
  IDENTITY_MESSAGES,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@atrium/domain-identity/schemas';
import type { Config } from '../../config';
import { clientMeta, errorResponses, okSchema } from '../../lib/http';
import {
  clearSessionCookies,
  readAccessToken,
  readKnownDeviceCookie,
  readRefreshToken,
  setKnownDeviceCookie,
  setSessionCookies,
  tokensForBody,
} from '../../lib/session-cookies';
import type { AuthService, SignedIn } from './auth.service';
import { rateLimitHeaders } from './login-throttle';

/**
 * The tokens are in the answer only for clients that ask (lib/session-cookies.ts, TOKEN_BODY_HEADER); the browser
 * app has them in HttpOnly cookies only.
 */
export const signedInSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
});
const autoLoginSchema = z.object({ success: z.literal(true), user: userSchema, accessToken: z.string().optional() });
const csrfSchema = z.object({ success: z.literal(true), csrfToken: z.string() });
const registeredSchema = z.object({
  success: z.literal(true),
  requiresVerification: z.literal(true),
  email: z.string(),
});
const okMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export interface AuthRoutesOptions {
  auth: AuthService;
  config: Pick<Config, 'cookieSecure' | 'loginRateLimit' | 'registerRateLimit'>;
}

/** docs/requirements.md §7 "Auth and user". Mounted at /api/v1/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, config }) => {
  const signIn = (reply: Parameters<typeof setSessionCookies>[0], s: SignedIn) => {
    setSessionCookies(reply, s, config.cookieSecure);
    reply.issueCsrf(s.sessionId);
  };

  /** Per IP, for the public routes that send mail (same budget as sign-up). */
  const mailRateLimit = (name: string) => ({
    rateLimit: {
      max: config.registerRateLimit,
      timeWindow: 10 * 60_000,
      keyGenerator: (request: { ip: string }) => `${name}|${request.ip}`,
    },
  });

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        description:
          'Creates an unverified account and mails a 6-digit code. No session until verified. An address that ' +
          'already has an account gets the same answer; its owner is mailed instead.',
        body: registerSchema,
        response: { 201: registeredSchema, ...errorResponses(400, 403, 429) },
      },
      config: mailRateLimit('register'),
    },
    async (request, reply) => {
      const { email } = await auth.register(request.body, request.log);
      return reply.status(201).send({ success: true as const, requiresVerification: true as const, email });
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        description: 'Checks the mailed code (single use, 24 h, 5 guesses). Opens no session.',
        body: verifyEmailSchema,
        response: { 200: okSchema, ...errorResponses(400, 403, 429) },
      },
      config: {
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `verify|${request.ip}|${(request.body as { email?: string }).email ?? ''}`,
        },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags: ['auth'],
        description: 'Mails a new code when the address has an unverified account; the answer is always the same.',
        body: emailOnlySchema,
        response: { 200: okMessageSchema, ...errorResponses(400, 403, 429) },
      },
      config: mailRateLimit('resend'),
    },
    async (request) => {
      await auth.resendVerification(request.body.email, request.log);
      return { success: true as const, message: IDENTITY_MESSAGES.verificationSent };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        description: 'Mails a reset link (1 h, single use) when the address has an account; always the same answer.',
        body: emailOnlySchema,
        response: { 200: okMessageSchema, ...errorResponses(400, 403, 429) },
      },
      config: mailRateLimit('forgot'),
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.log);
      return { success: true as const, message: IDENTITY_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        description: 'Sets a new password from the mailed token and revokes every session of the user.',
        body: resetPasswordSchema,
        response: { 200: okMessageSchema, ...errorResponses(400, 403, 429) },
      },
      config: {
        rateLimit: { max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (request) => `reset|${request.ip}` },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { success: true as const, message: IDENTITY_MESSAGES.passwordResetSuccess };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        description:
          'Throttled per address + account, per address and per account (not for browsers that signed in to the ' +
          'account before); a refusal is 429 with Retry-After. Tokens in the answer only with X-Atrium-Token-Body: 1.',
        body: loginSchema,
        response: { 200: signedInSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { signedIn: s, knownDevices } = await auth.login(
        request.body,
        { ...clientMeta(request), knownDevices: readKnownDeviceCookie(request) },
        (limit, refused) => reply.headers(rateLimitHeaders(limit, refused)),
      );
      setKnownDeviceCookie(reply, knownDevices, config.cookieSecure);
      signIn(reply, s);
      return { success: true as const, user: s.user, ...tokensForBody(request, s) };
    },
  );

  app.post(
    '/auto-login',
    { schema: { tags: ['auth'], response: { 200: autoLoginSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const result = await auth.autoLogin(readAccessToken(request), readRefreshToken(request));
      if (result.rotated) signIn(reply, result.rotated);
      return {
        success: true as const,
        user: result.user,
        ...tokensForBody(request, { accessToken: result.accessToken }),
      };
    },
  );

  app.post(
    '/refresh',
    { schema: { tags: ['auth'], response: { 200: okSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const s = await auth.refresh(readRefreshToken(request));
      signIn(reply, s);
      return { success: true as const };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: okSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      await auth.logout(readAccessToken(request), readRefreshToken(request));
      clearSessionCookies(reply, config.cookieSecure);
      reply.issueCsrf(null);
      return { success: true as const };
    },
  );

  app.post('/renew-csrf', { schema: { tags: ['auth'], response: { 200: csrfSchema } } }, async (request, reply) => ({
    success: true as const,
    csrfToken: reply.issueCsrf(request.csrfSessionId),
  }));

  app.get('/csrf', { schema: { tags: ['auth'], response: { 200: csrfSchema } } }, async (request, reply) => ({
    success: true as const,
    csrfToken: reply.issueCsrf(request.csrfSessionId),
  }));
};
