import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessSchema } from '@atrium/contracts';
import { callerOf, errorResponses } from '../../lib/http';
import type { BusinessesService } from './businesses.service';

/** Mounted at /api/v1/businesses. Read-only for now. */
export const businessesRoutes: FastifyPluginAsyncZod<{ businesses: BusinessesService }> = async (
  app,
  { businesses },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['businesses'],
        response: {
          200: z.object({ success: z.literal(true), data: z.array(businessSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, data: await businesses.listForUser(callerOf(request).userId) }),
  );
};
