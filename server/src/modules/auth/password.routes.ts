import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { AuthService } from './auth.service';

/**
 * Mounted at /api/v1/users/me/password: the signed-in user's password. It is a credential, so it lives with the
 * other credential writes (sign-up, reset) in the auth module; the URL stays under the user's own resources.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'changePassword'> }> = async (
  app,
  { auth },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '',
    {
      schema: {
        tags: ['users'],
        description: 'Changes the password (the current one is checked); every other session is signed out.',
        body: changePasswordSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), revoked: z.number().int() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { revoked } = await auth.changePassword(caller.userId, caller.sessionId, request.body);
      return { success: true as const, message: IDENTITY_MESSAGES.passwordChanged, revoked };
    },
  );
};
