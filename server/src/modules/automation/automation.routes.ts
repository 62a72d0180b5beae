import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { automationInputSchema, automationRunSchema, automationSchema } from '@atrium/domain-comms/automation';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { AutomationService } from './automation.service';

const tags = ['automations'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Mounted at /api/v1/automations; scoped to the caller's business (any member may read and write them). */
export const automationRoutes: FastifyPluginAsyncZod<{ automation: AutomationService }> = async (
  app,
  { automation },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          "The business's automations, newest first, with how many runs each has had and the last one's time.",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(automationSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, data: await automation.list(callerOf(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: automationSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ success: true as const, data: await automation.get(callerOf(request), request.params.id) }),
  );

  app.get(
    '/:id/runs',
    {
      schema: {
        tags,
        description: "The automation's last 50 runs, newest first, each with every step's result.",
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(automationRunSchema) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ success: true as const, data: await automation.runs(callerOf(request), request.params.id) }),
  );

  registerWriteRoutes(app, {
    tags,
    create: automationInputSchema,
    update: automationInputSchema,
    dto: automationSchema,
    service: automation,
    errors: { create: [400], update: [400, 404] },
    validationMessages: { create: 'Invalid automation', update: 'Invalid automation' },
    descriptions: {
      create:
        'Saves an automation: trigger, conditions on the event’s fields, steps; one whose steps would trigger itself, or that names a group, member or template outside the business → 400.',
    },
  });
};
