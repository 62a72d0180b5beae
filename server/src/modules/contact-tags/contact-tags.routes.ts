import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactTagInputSchema, contactTagSchema, contactTagUpdateSchema } from '@atrium/contracts';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { ContactTagsService } from './contact-tags.service';

const tagAnswer = z.object({ success: z.literal(true), data: contactTagSchema });
const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['contact-tags'];

/** Mounted at /api/v1/contacts/tags; scoped to the caller's business. */
export const contactTagsRoutes: FastifyPluginAsyncZod<{ contactTags: ContactTagsService }> = async (
  app,
  { contactTags },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(contactTagSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, data: await contactTags.list(callerOf(request)) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        body: contactTagInputSchema,
        response: { 201: tagAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await contactTags.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: contactTagUpdateSchema,
        response: { 200: tagAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await contactTags.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await contactTags.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
