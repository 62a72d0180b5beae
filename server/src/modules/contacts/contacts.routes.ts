import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelopeSchema } from '@atrium/contracts';
import { contactInputSchema, contactListParamsSchema, contactSchema } from '@atrium/domain-crm/schemas';
import { sendJson, sendJsonPieces } from '../../db/json-answers';
import { businessWork, holdWorkSlot } from '../../lib/business-work';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { ContactsService } from './contacts.service';

const contactAnswer = z.object({ success: z.literal(true), data: contactSchema });
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Mounted at /api/v1/contacts; every route acts on the caller's current business. */
export const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (app, { contacts }) => {
  app.addHook('onRequest', app.authenticate);
  const work = businessWork(app);

  app.get(
    '',
    {
      schema: {
        tags: ['contacts'],
        querystring: contactListParamsSchema,
        response: { 200: listEnvelopeSchema(contactSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!request.query.export) return sendJson(reply, await contacts.list(caller, request.query));
      // An export streams every match in batches and counts as heavy work of the business (lib/business-work.ts).
      await holdWorkSlot(work, caller.businessId, reply);
      return sendJsonPieces(reply, contacts.exportAnswer(caller, request.query));
    },
  );

  app.post(
    '',
    {
      schema: {
        tags: ['contacts'],
        body: contactInputSchema,
        response: { 201: contactAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await contacts.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        params: idParams,
        response: { 200: contactAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await contacts.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        params: idParams,
        body: contactInputSchema,
        response: { 200: contactAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await contacts.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        params: idParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await contacts.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
