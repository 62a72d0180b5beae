import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makePagination, pageQuerySchema, paginationSchema } from '@atrium/contracts';
import { errorResponses } from '../../lib/http';

/**
 * Tasks are stored once the tasks module lands (modules/tasks replaces this file); until then no business has
 * any, and this list answers that truthfully (the header's global search asks /projects, /contacts and /tasks
 * together). Projects are modules/projects.
 */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ tasks: z.array(z.never()), pagination: paginationSchema }),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { tasks: [], pagination: makePagination(0, request.query.page, request.query.limit) },
    }),
  );
};
