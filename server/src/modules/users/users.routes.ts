import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@atrium/contracts';
import { callerOf, errorResponses } from '../../lib/http';
import type { UsersService } from './users.service';

/** Mounted at /api/v1/users. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        response: { 200: z.object({ success: z.literal(true), user: userSchema }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, user: await users.me(caller.userId, caller.businessId) };
    },
  );
};
