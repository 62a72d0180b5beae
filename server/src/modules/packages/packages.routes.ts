import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PACKAGE_MESSAGES as M,
  packageInputSchema,
  packageListAnswerSchema,
  packageListParamsSchema,
  packageSchema,
  packageSendAnswerSchema,
  packageUpdateSchema,
  publicPackageSchema,
} from '@atrium/domain-documents/schemas';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { PackagesService } from './packages.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenQuery = z.object({ token: z.string().min(1, M.linkNotFound).max(200) });
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const packageAnswer = ok(packageSchema);
const tags = ['packages'];

/**
 * Mounted at /api/v1/packages: the business's packages (documents of one client in order, sent as one flow).
 * Every route needs a session and reads only the caller's business (another business's id → 404).
 */
export const packagesRoutes: FastifyPluginAsyncZod<{ packages: PackagesService }> = async (app, { packages }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: 'A page of packages, newest change first; search over the name, filter by client',
        querystring: packageListParamsSchema,
        response: { 200: packageListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await packages.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'One package with its steps (each document’s title, type, status, done) and its current step',
        params: idParams,
        response: { 200: packageAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await packages.get(callerOf(request), request.params.id) }),
  );

  // POST '' (201), PUT and DELETE '/:id' (here, after GET '/:id': the OpenAPI document keeps its order).
  registerWriteRoutes(app, {
    tags,
    create: packageInputSchema,
    update: packageUpdateSchema,
    dto: packageSchema,
    service: packages,
    errors: { create: [400, 404, 409], update: [400, 404, 409] },
    validationMessages: { create: M.invalidData, update: M.invalidUpdate },
    descriptions: {
      create:
        'Creates a draft package: a name, the client and the client’s documents in order (none a template, none ' +
        'in another package).',
      update: 'Changes the fields given; a sent package takes only its name (409 otherwise)',
      remove: 'Deletes the package; its documents stay',
    },
  });

  app.post(
    '/:id/send',
    {
      schema: {
        tags,
        description:
          'Sends every document of the package (each with its own link) and the package: a new public link ' +
          '(/packages/view/{id}?token=…) and one email with it to the client when the client has an address.',
        params: idParams,
        response: { 200: ok(packageSendAnswerSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, data: await packages.send(callerOf(request), request.params.id) }),
  );
};

/**
 * Mounted at /api/v1/public/packages: the flow a client walks, signed out. 404 for an unknown or forged link
 * (→ /document-not-found), 410 GONE for an expired one (→ /document-expired).
 */
export const publicPackagesRoutes: FastifyPluginAsyncZod<{ packages: PackagesService; rateLimit: number }> = async (
  app,
  { packages, rateLimit },
) => {
  app.get(
    '/:id',
    {
      config: {
        rateLimit: { max: rateLimit, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `pkg|${r.ip}` },
      },
      schema: {
        tags,
        description: 'The shared package: its steps in order, each with its own document link, and the current step',
        params: idParams,
        querystring: tokenQuery,
        response: { 200: ok(publicPackageSchema), ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await packages.publicView(request.params.id, request.query.token),
    }),
  );
};
