import * as z from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './caller';
import { callerOf, errorResponses, okSchema } from './http';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** The schemas below validate every request; the handlers read what they already checked. */
const idOf = (params: unknown) => (params as z.output<typeof idParams>).id;

interface WritableService<Create, Update, Dto> {
  create(caller: AuthContext, input: Create): Promise<Dto>;
  update(caller: AuthContext, id: string, input: Update): Promise<Dto>;
  remove(caller: AuthContext, id: string): Promise<void>;
}

/**
 * POST (201) at the prefix, PUT /:id and DELETE /:id of a business-owned record with a unique name (groups, tags): the same
 * validation, answers `{ success, data }` and error statuses (409 for a name taken) for each of them.
 */
export function registerWriteRoutes<C extends z.ZodType, U extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  opts: {
    tags: string[];
    create: C;
    update: U;
    dto: D;
    service: WritableService<z.output<C>, z.output<U>, z.output<D>>;
  },
): void {
  const { tags, service } = opts;
  const answer = z.object({ success: z.literal(true), data: opts.dto });

  app.post(
    '',
    { schema: { tags, body: opts.create, response: { 201: answer, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const data = await service.create(callerOf(request), request.body as z.output<C>);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: opts.update,
        response: { 200: answer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(callerOf(request), idOf(request.params), request.body as z.output<U>),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await service.remove(callerOf(request), idOf(request.params));
      return { success: true as const };
    },
  );
}
