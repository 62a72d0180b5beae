import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailTemplateInputSchema,
  emailTemplateSchema,
  emailTemplateSummarySchema,
} from '@atrium/domain-comms/schemas';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { EmailTemplatesService } from './email-templates.service';

const tags = ['email-templates'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Mounted at /api/v1/email-templates; scoped to the caller's business. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod<{ emailTemplates: EmailTemplatesService }> = async (
  app,
  { emailTemplates },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: "The business's email templates, most recently changed first.",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(emailTemplateSummarySchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, data: await emailTemplates.list(callerOf(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: emailTemplateSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await emailTemplates.get(callerOf(request), request.params.id),
    }),
  );

  registerWriteRoutes(app, {
    tags,
    create: emailTemplateInputSchema,
    update: emailTemplateInputSchema,
    dto: emailTemplateSchema,
    service: emailTemplates,
    errors: { create: [400], update: [400, 404] },
    validationMessages: { create: 'Invalid template', update: 'Invalid template' },
    descriptions: {
      create:
        'Saves a template: rich text sanitised, the HTML rendered from the blocks, the plain text generated unless given; an unknown merge tag → 400.',
    },
  });
};
