import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, userSchema } from '@atrium/contracts';
import type { Config } from '../../config';
import { clientMeta, errorResponses, okSchema } from '../../lib/http';
import { clearSessionCookies, readAccessToken, readRefreshToken, setSessionCookies } from '../../lib/session-cookies';
import type { AuthService, SignedIn } from './auth.service';

const signedInSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
const autoLoginSchema = z.object({ success: z.literal(true), user: userSchema, accessToken: z.string() });
const csrfSchema = z.object({ success: z.literal(true), csrfToken: z.string() });

export interface AuthRoutesOptions {
  auth: AuthService;
  config: Pick<Config, 'cookieSecure' | 'loginRateLimit' | 'registerRateLimit'>;
}

/** Spec section 7 "Auth and user". Mounted at /api/v1/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, config }) => {
  const signIn = (reply: Parameters<typeof setSessionCookies>[0], s: SignedIn) => {
    setSessionCookies(reply, s, config.cookieSecure);
    reply.issueCsrf(s.sessionId);
  };

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        body: registerSchema,
        response: { 201: signedInSchema, ...errorResponses(400, 403, 409, 429) },
      },
      config: {
        rateLimit: {
          max: config.registerRateLimit,
          timeWindow: 10 * 60_000,
          keyGenerator: (request) => `register|${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const s = await auth.register(request.body, clientMeta(request));
      signIn(reply, s);
      return reply
        .status(201)
        .send({ success: true, user: s.user, accessToken: s.accessToken, refreshToken: s.refreshToken });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: signedInSchema, ...errorResponses(400, 401, 403, 429) },
      },
      config: {
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: 60_000,
          // After validation, so the key holds the normalised (trimmed, lower-cased) e-mail.
          hook: 'preHandler',
          keyGenerator: (request) => `login|${request.ip}|${(request.body as { email?: string }).email ?? ''}`,
        },
      },
    },
    async (request, reply) => {
      const s = await auth.login(request.body, clientMeta(request));
      signIn(reply, s);
      return { success: true as const, user: s.user, accessToken: s.accessToken, refreshToken: s.refreshToken };
    },
  );

  app.post(
    '/auto-login',
    { schema: { tags: ['auth'], response: { 200: autoLoginSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const result = await auth.autoLogin(readAccessToken(request), readRefreshToken(request));
      if (result.rotated) signIn(reply, result.rotated);
      return { success: true as const, user: result.user, accessToken: result.accessToken };
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
