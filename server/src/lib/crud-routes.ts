import * as z from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './caller';
import { callerOf, errorResponses, okSchema } from './http';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** The schemas below validate every request; the handlers read what they already checked. */
const idOf = (params: unknown) => (params as z.output<typeof idParams>).id;

export interface WritableService<Create, Update, Dto> {
  create(caller: AuthContext, input: Create): Promise<Dto>;
  update(caller: AuthContext, id: string, input: Update): Promise<Dto>;
  remove(caller: AuthContext, id: string): Promise<void>;
}

/** The error statuses a create, an update or a remove may answer besides 401/403. */
type WriteErrors = readonly (400 | 404 | 409)[];

export interface WriteRoutesOptions<C extends z.ZodType, U extends z.ZodType, D extends z.ZodType> {
  tags: string[];
  create: C;
  update: U;
  dto: D;
  service: WritableService<z.output<C>, z.output<U>, z.output<D>>;
  /** Where the routes sit below the plugin's prefix: POST `{path}`, PUT/PATCH and DELETE `{path}/:id`. Default ''. */
  path?: string;
  /** The update's method. Default PUT. */
  updateMethod?: 'PUT' | 'PATCH';
  /**
   * The create's and the update's error statuses besides 401/403. Default: a record with a unique name (groups,
   * tags) — 400 and 409 on create, 400, 404 and 409 on update. The remove's: 404 unless given (a folder: 409 too).
   */
  errors?: { create: WriteErrors; update: WriteErrors; remove?: WriteErrors };
  /** The OpenAPI descriptions of the three routes. */
  descriptions?: { create?: string; update?: string; remove?: string };
  /** The error text of an invalid create or update body (route config `validationMessage`, lib/errors). */
  validationMessages?: { create?: string; update?: string };
}

const NAMED_RECORD_ERRORS = { create: [400, 409], update: [400, 404, 409] } as const;

/**
 * POST (201) at `path`, PUT or PATCH `path`/:id and DELETE `path`/:id of a business-owned record: the same
 * validation, answers `{ success, data }` (`{ success }` for a delete) and error statuses for each of them —
 * contact groups and tags (409 for a name taken), meetings (on /meetings and the calendar's /meetings and /items),
 * documents and tax rates.
 */
export function registerWriteRoutes<C extends z.ZodType, U extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  opts: WriteRoutesOptions<C, U, D>,
): void {
  const { tags, service, path = '', descriptions = {}, validationMessages = {} } = opts;
  const errors: NonNullable<WriteRoutesOptions<C, U, D>['errors']> = opts.errors ?? NAMED_RECORD_ERRORS;
  const answer = z.object({ success: z.literal(true), data: opts.dto });
  const withAuth = (statuses: WriteErrors) => errorResponses(...[...statuses, 401, 403].sort((a, b) => a - b));

  app.post(
    path,
    {
      config: { validationMessage: validationMessages.create },
      schema: {
        tags,
        description: descriptions.create,
        body: opts.create,
        response: { 201: answer, ...withAuth(errors.create) },
      },
    },
    async (request, reply) => {
      const data = await service.create(callerOf(request), request.body as z.output<C>);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.route({
    method: opts.updateMethod ?? 'PUT',
    url: `${path}/:id`,
    config: { validationMessage: validationMessages.update },
    schema: {
      tags,
      description: descriptions.update,
      params: idParams,
      body: opts.update,
      response: { 200: answer, ...withAuth(errors.update) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.update(callerOf(request), idOf(request.params), request.body as z.output<U>),
    }),
  });

  app.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        description: descriptions.remove,
        params: idParams,
        response: { 200: okSchema, ...withAuth(errors.remove ?? [404]) },
      },
    },
    async (request) => {
      await service.remove(callerOf(request), idOf(request.params));
      return { success: true as const };
    },
  );
}

export interface CopyRouteOptions<A extends z.ZodType> {
  tags: string[];
  /** The route: POST `/:id/{action}` below the plugin's prefix. */
  action: string;
  description: string;
  /** The 201 answer's schema (`{ success, data }`). */
  answer: A;
  /** It may also answer 409 (besides 401, 403 and 404). */
  conflict?: boolean;
  /** Makes the record; the answer's schema checks what it returns. */
  make: (caller: AuthContext, id: string) => Promise<unknown>;
}

/**
 * POST `/:id/{action}`, no body, answering 201 with a new record made from the one named (a duplicate, a template):
 * documents, projects and tasks.
 */
export function registerCopyRoute<A extends z.ZodType>(app: FastifyInstance, opts: CopyRouteOptions<A>): void {
  app.post(
    `/:id/${opts.action}`,
    {
      schema: {
        tags: opts.tags,
        description: opts.description,
        params: idParams,
        response: {
          201: opts.answer,
          ...(opts.conflict ? errorResponses(401, 403, 404, 409) : errorResponses(401, 403, 404)),
        },
      },
    },
    async (request, reply) => {
      const data = await opts.make(callerOf(request), idOf(request.params));
      return reply.status(201).send({ success: true as const, data });
    },
  );
}
