import * as z from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@atrium/contracts';
import { googleSignInSchema } from '@atrium/domain-identity/schemas';
import type { Config } from '../../config';
import { callerOf, clientMeta, errorResponses } from '../../lib/http';
import {
  readKnownDeviceCookie,
  secureCookies,
  setKnownDeviceCookie,
  setSessionCookies,
  tokensForBody,
} from '../../lib/session-cookies';
import { signedInSchema } from '../auth/auth.routes';
import type { AuthService } from '../auth/auth.service';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_TTL_SECONDS } from './flow-cookie';
import type { GoogleAuthService } from './google-auth.service';

export interface GoogleAuthRoutesOptions {
  google: GoogleAuthService;
  /** Opens the session and remembers the browser, as a password sign-in does. */
  auth: AuthService;
  config: Config;
}

const configSchema = z.object({ success: z.literal(true), enabled: z.boolean() });
const startQuery = z.object({ mode: z.enum(['signin', 'link']).default('signin') });
const startSchema = z.object({ success: z.literal(true), url: z.string() });
/** The callback's parameters as the SPA forwards them (RFC 9207 `iss` too, when the issuer sends one). */
const callbackBody = googleSignInSchema.extend({ iss: z.string().max(512).optional() });
const linkedSchema = z.object({ success: z.literal(true), user: userSchema, linked: z.literal(true) });
const statusSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  linked: z.boolean(),
  hasPassword: z.boolean(),
  email: z.string(),
});

/**
 * Google sign-in (OIDC: authorization code + PKCE S256 + state + nonce). Mounted at /api/v1/auth.
 * GET /google/config and /google/start and POST /google are public (start with mode=link and the link
 * callback need the session); GET /google/status and POST /google/unlink are signed-in.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod<GoogleAuthRoutesOptions> = async (
  app,
  { google, auth, config },
) => {
  const secure = config.cookieSecure;
  /** Secure with COOKIE_SECURE or whenever the request came over https, like the session cookies. */
  const flowCookie = (request: FastifyRequest) => ({
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(request, secure),
  });

  app.get('/google/config', { schema: { tags: ['auth'], response: { 200: configSchema } } }, async () => ({
    success: true as const,
    enabled: google.enabled,
  }));

  app.get(
    '/google/start',
    {
      schema: {
        tags: ['auth'],
        querystring: startQuery,
        response: { 200: startSchema, ...errorResponses(400, 401, 403, 429, 500) },
      },
      config: {
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `google-start|${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { mode } = request.query;
      google.assertEnabled();
      let userId: string | null = null;
      if (mode === 'link') {
        await app.authenticate(request);
        userId = callerOf(request).userId;
      }
      const { url, flow } = await google.start(mode, userId, (err) =>
        request.log.error({ err }, 'google: discovery failed'),
      );
      reply.setCookie(FLOW_COOKIE, await google.flows.seal(flow), { ...flowCookie(request), maxAge: FLOW_TTL_SECONDS });
      return { success: true as const, url };
    },
  );

  app.post(
    '/google',
    {
      schema: {
        tags: ['auth'],
        body: callbackBody,
        response: { 200: z.union([signedInSchema, linkedSchema]), ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: {
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `google|${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const flow = await google.flows.open(request.cookies[FLOW_COOKIE]);
      // Link mode needs the session: a 401 here leaves the flow intact, so the client can refresh and replay.
      if (flow?.mode === 'link') await app.authenticate(request);
      // One try per flow: whatever happens next, the state, nonce and verifier are spent.
      reply.clearCookie(FLOW_COOKIE, flowCookie(request));
      const outcome = await google.complete(
        flow,
        request.body,
        request.auth?.userId ?? null,
        clientMeta(request),
        (reason) => request.log.info({ reason }, 'google: sign-in refused'),
      );
      if (outcome.kind === 'linked') {
        return { success: true as const, user: callerOf(request).user, linked: true as const };
      }
      const s = outcome.signedIn;
      setSessionCookies(reply, s, secure);
      setKnownDeviceCookie(reply, auth.rememberDevice(readKnownDeviceCookie(request), s.user.id), secure);
      reply.issueCsrf(s.sessionId);
      return { success: true as const, user: s.user, ...tokensForBody(request, s) };
    },
  );

  app.get(
    '/google/status',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['auth'], response: { 200: statusSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ success: true as const, ...(await google.status(callerOf(request).userId)) }),
  );

  app.post(
    '/google/unlink',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['auth'], response: { 200: statusSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => ({ success: true as const, ...(await google.unlink(callerOf(request).userId)) }),
  );
};
