import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noteInputSchema,
  noteListEnvelopeSchema,
  noteListQuerySchema,
  noteSchema,
  noteSearchQuerySchema,
  noteUpdateSchema,
} from '@atrium/contracts';
import { sendJson } from '../../db/json-answers';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { NotesService } from './notes.service';

const noteAnswer = z.object({ success: z.literal(true), data: noteSchema });
const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['notes'];

/** Mounted at /api/v1/notes; scoped to the caller's business. */
export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        querystring: noteListQuerySchema,
        response: { 200: noteListEnvelopeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendJson(reply, await notes.list(callerOf(request), request.query)),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        querystring: noteSearchQuerySchema,
        response: { 200: noteListEnvelopeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendJson(reply, await notes.list(callerOf(request), request.query)),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: noteAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => ({ success: true as const, data: await notes.get(callerOf(request), request.params.id) }),
  );

  app.post(
    '',
    {
      schema: { tags, body: noteInputSchema, response: { 201: noteAnswer, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const data = await notes.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: noteUpdateSchema,
        response: { 200: noteAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notes.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/:id/pin',
    { schema: { tags, params: idParams, response: { 200: noteAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => ({ success: true as const, data: await notes.togglePin(callerOf(request), request.params.id) }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await notes.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
