import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@atrium/contracts';
import { publicProfileSchema, updateProfileSchema } from '@atrium/domain-identity/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { UsersService } from './users.service';

const userResponse = z.object({ success: z.literal(true), user: userSchema });
const idParam = z.object({ id: z.string().min(1).max(64) });

/**
 * Mounted at /api/v1/users. Every route needs a session. The caller's sessions: modules/sessions; the password
 * (a credential): modules/auth/password.routes.ts.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        response: { 200: userResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, user: await users.me(caller.userId, caller.businessId) };
    },
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['users'],
        description: 'Changes the caller’s own profile fields; answers the updated user.',
        body: updateProfileSchema,
        response: { 200: userResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return {
        success: true as const,
        user: await users.updateProfile(caller.userId, caller.businessId, request.body),
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        description: 'The public profile of any user (for any signed-in caller).',
        params: idParam,
        response: {
          200: z.object({ success: z.literal(true), data: publicProfileSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ success: true as const, data: await users.publicProfile(request.params.id) }),
  );
};
