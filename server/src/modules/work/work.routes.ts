import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makePagination, pageQuerySchema, paginationSchema } from '@atrium/contracts';
import { errorResponses } from '../../lib/http';

/**
 * Projects and tasks are stored once the work issue lands; until then no business has any, and these list
 * routes answer that truthfully (the header's global search asks /projects, /contacts and /tasks together).
 * They authenticate and validate like every list, so the contract the browser relies on does not change.
 */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        querystring: pageQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(z.never()), pagination: paginationSchema }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: [],
      pagination: makePagination(0, request.query.page, request.query.limit),
    }),
  );

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
