import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionInfoSchema } from '@atrium/domain-identity/schemas';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { SessionsService } from './sessions.service';

const sessionIdParam = z.object({ sessionId: z.string().min(1).max(64) });

/** Mounted at /api/v1/users/me/sessions: the caller's own sessions. Every route needs a session. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags: ['users'],
        description: 'The caller’s active sessions (not revoked, not expired); the current one is flagged.',
        response: {
          200: z.object({ success: z.literal(true), data: z.array(sessionInfoSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, data: await sessions.list(caller.userId, caller.sessionId) };
    },
  );

  app.post(
    '/revoke-others',
    {
      schema: {
        tags: ['users'],
        description: 'Signs out every session of the caller but the current one.',
        response: {
          200: z.object({ success: z.literal(true), revoked: z.number().int() }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, revoked: await sessions.revokeOthers(caller.userId, caller.sessionId) };
    },
  );

  app.delete(
    '/:sessionId',
    {
      schema: {
        tags: ['users'],
        description: 'Signs out one of the caller’s own sessions (404 for any other id).',
        params: sessionIdParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await sessions.revokeOwn(callerOf(request).userId, request.params.sessionId);
      return { success: true as const };
    },
  );
};
