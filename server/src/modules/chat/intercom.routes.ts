import { SignJWT } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_TEXTS, INTERCOM_REFRESH_BEFORE_S, intercomJwtAnswerSchema } from '@atrium/domain-comms/schemas';
import { AppError } from '../../lib/errors';
import { callerOf, errorResponses } from '../../lib/http';

export interface IntercomRoutesOptions {
  /** null: the help chat is not set up (the call answers 404 and the browser starts no help chat). */
  intercom: { secret: string; ttlSeconds: number } | null;
  now?: () => number;
}

/**
 * GET /api/v1/intercom/jwt: the help chat's identity token for the signed-in user (HS256 with the configured
 * secret; user_id, email, name), with its lifetime in seconds. A token is reused for the same user until
 * INTERCOM_REFRESH_BEFORE_S before it expires, as the browser also caches it (spec constants).
 */
export const intercomRoutes: FastifyPluginAsyncZod<IntercomRoutesOptions> = async (
  app,
  { intercom, now = Date.now },
) => {
  app.addHook('onRequest', app.authenticate);
  const key = intercom ? new TextEncoder().encode(intercom.secret) : null;
  const cache = new Map<string, { token: string; exp: number }>();

  app.get(
    '/jwt',
    {
      schema: {
        tags: ['intercom'],
        description:
          'The help chat’s signed user token and its seconds to expiry; 404 when the help chat is not set up.',
        response: { 200: intercomJwtAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!intercom || !key) throw new AppError('NOT_FOUND', CHAT_TEXTS.intercomOff);
      const caller = callerOf(request);
      const nowS = Math.floor(now() / 1000);
      const fingerprint = `${caller.userId}|${caller.user.email}|${caller.user.firstName}|${caller.user.lastName}`;
      let hit = cache.get(fingerprint);
      if (!hit || hit.exp - INTERCOM_REFRESH_BEFORE_S <= nowS) {
        const exp = nowS + intercom.ttlSeconds;
        const token = await new SignJWT({
          user_id: caller.userId,
          email: caller.user.email,
          name: `${caller.user.firstName} ${caller.user.lastName}`.trim(),
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(nowS)
          .setExpirationTime(exp)
          .sign(key);
        hit = { token, exp };
        if (cache.size > 10_000) cache.clear();
        cache.set(fingerprint, hit);
      }
      reply.header('cache-control', 'no-store');
      return { intercom_user_jwt: hit.token, expires_in: hit.exp - nowS };
    },
  );
};
