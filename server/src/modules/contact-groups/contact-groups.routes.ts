import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelopeSchema } from '@atrium/contracts';
import {
  contactGroupInputSchema,
  contactGroupListEnvelopeSchema,
  contactGroupListQuerySchema,
  contactGroupSchema,
  contactGroupUpdateSchema,
  contactIdBodySchema,
  contactIdsBodySchema,
  contactListParamsSchema,
  contactSchema,
  modifiedCountAnswerSchema,
} from '@atrium/domain-crm/schemas';
import { sendJson } from '../../db/json-answers';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { ContactGroupsService } from './contact-groups.service';

const groupAnswer = z.object({ success: z.literal(true), data: contactGroupSchema });
const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['contact-groups'];

export interface ContactGroupsRoutesOptions {
  groups: ContactGroupsService;
  /** The /contacts/groups alias: list, create, update and delete only. */
  aliasOnly?: boolean;
}

/** Mounted at /api/v1/contact-groups (and, aliasOnly, at /api/v1/contacts/groups); scoped to the caller's business. */
export const contactGroupsRoutes: FastifyPluginAsyncZod<ContactGroupsRoutesOptions> = async (
  app,
  { groups, aliasOnly = false },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        querystring: contactGroupListQuerySchema,
        response: { 200: contactGroupListEnvelopeSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => groups.list(callerOf(request), request.query),
  );

  registerWriteRoutes(app, {
    tags,
    create: contactGroupInputSchema,
    update: contactGroupUpdateSchema,
    dto: contactGroupSchema,
    service: groups,
  });

  if (aliasOnly) return;

  app.get(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: groupAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => ({ success: true as const, data: await groups.get(callerOf(request), request.params.id) }),
  );

  app.get(
    '/:id/contacts',
    {
      schema: {
        tags,
        params: idParams,
        querystring: contactListParamsSchema,
        response: { 200: listEnvelopeSchema(contactSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await groups.contactsOf(callerOf(request), request.params.id, request.query)),
  );

  const membership = <B extends typeof contactIdsBodySchema | typeof contactIdBodySchema>(body: B) => ({
    schema: {
      tags,
      params: idParams,
      body,
      response: { 200: modifiedCountAnswerSchema, ...errorResponses(400, 401, 403, 404) },
    },
  });
  const many = membership(contactIdsBodySchema);
  const one = membership(contactIdBodySchema);
  const answer = (modifiedCount: number) => ({ success: true as const, modifiedCount });

  app.post('/:id/contacts', many, async (request) =>
    answer(await groups.addContacts(callerOf(request), request.params.id, request.body.contactIds)),
  );
  app.post('/:id/assign-contacts', many, async (request) =>
    answer(await groups.addContacts(callerOf(request), request.params.id, request.body.contactIds)),
  );
  app.delete('/:id/contacts', many, async (request) =>
    answer(await groups.removeContacts(callerOf(request), request.params.id, request.body.contactIds)),
  );
  app.post('/:id/add-contact', one, async (request) =>
    answer(await groups.addContacts(callerOf(request), request.params.id, [request.body.contactId], true)),
  );
  app.post('/:id/remove-contact', one, async (request) =>
    answer(await groups.removeContacts(callerOf(request), request.params.id, [request.body.contactId], true)),
  );
};
