import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactTagInputSchema, contactTagSchema, contactTagUpdateSchema } from '@atrium/domain-crm/schemas';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { ContactTagsService } from './contact-tags.service';

const tags = ['contact-tags'];

/** Mounted at /api/v1/contacts/tags; scoped to the caller's business. */
export const contactTagsRoutes: FastifyPluginAsyncZod<{ contactTags: ContactTagsService }> = async (
  app,
  { contactTags },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
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

  registerWriteRoutes(app, {
    tags,
    create: contactTagInputSchema,
    update: contactTagUpdateSchema,
    dto: contactTagSchema,
    service: contactTags,
  });
};
