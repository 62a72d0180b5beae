import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { booleanParamSchema, listEnvelopeSchema } from '@atrium/contracts';
import {
  activityInputSchema,
  activitySchema,
  contactProjectLinkSchema,
  feedQuerySchema,
  fileKindSchema,
  PROJECT_MESSAGES,
  projectBulkTypesSchema,
  projectContactsAddSchema,
  projectDetailSchema,
  projectInputSchema,
  projectListParamsSchema,
  projectSchema,
  projectStageMoveSchema,
  projectTypeSchema,
  projectUpdateSchema,
} from '@atrium/domain-work/schemas';
import { registerFileRoutes } from '../../lib/file-routes';
import { FILE_MULTIPART_LIMITS } from '../../lib/file-upload';
import { registerCopyRoute } from '../../lib/crud-routes';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { ProjectsService } from './projects.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const projectAnswer = z.object({ success: z.literal(true), data: projectSchema });
const tags = ['projects'];

/** Mounted at /api/v1/projects; every route acts on the caller's current business. */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (app, { projects }) => {
  await app.register(multipart, { limits: FILE_MULTIPART_LIMITS });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'Search (title, type, location), stage, type (any case), startDate (starting on or after), dueDate (due on ' +
          'or before), contactId, filter groups, sortBy (board = stage, then board order); export=true answers every match.',
        querystring: projectListParamsSchema,
        response: { 200: listEnvelopeSchema(projectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await projects.list(callerOf(request), request.query)) }),
  );

  app.post(
    '',
    {
      config: { validationMessage: PROJECT_MESSAGES.invalidData },
      schema: {
        tags,
        description:
          'A new project, last in its stage column (planning unless given); its type joins the business’s types.',
        body: projectInputSchema,
        response: { 201: projectAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await projects.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/types',
    {
      schema: {
        tags,
        description: 'The business’s project types, A→Z, with how many projects have each.',
        response: {
          200: z.object({ success: z.literal(true), data: z.array(projectTypeSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ success: true as const, data: await projects.types(callerOf(request)) }),
  );

  app.patch(
    '/bulk-update-types',
    {
      schema: {
        tags,
        description: 'Sets the type of each listed project; ids of other businesses’ projects are not counted.',
        body: projectBulkTypesSchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ totalModified: z.number().int() }) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { totalModified: await projects.bulkUpdateTypes(callerOf(request), request.body.updates) },
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'The project with its files (attachments, designs, floor plans).',
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: projectDetailSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ success: true as const, data: await projects.get(callerOf(request), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      config: { validationMessage: PROJECT_MESSAGES.invalidUpdate },
      schema: {
        tags,
        description: 'Changes the given fields; a new stage puts the project last in that column.',
        params: idParams,
        body: projectUpdateSchema,
        response: { 200: projectAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await projects.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        description: 'Deletes the project with its tasks, files, notes and feed.',
        params: idParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await projects.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.patch(
    '/:id/stage',
    {
      schema: {
        tags,
        description:
          'A move on the stage board: the stage and, optionally, the position in it (0 = top; default last).',
        params: idParams,
        body: projectStageMoveSchema,
        response: { 200: projectAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await projects.moveStage(callerOf(request), request.params.id, request.body.stage, request.body.order),
    }),
  );

  registerCopyRoute(app, {
    tags,
    action: 'duplicate',
    description: 'A copy of the project with its contacts, tasks and files, last in its stage; all or nothing.',
    answer: projectAnswer,
    make: (caller, id) => projects.duplicate(caller, id),
  });

  app.post(
    '/:id/activities',
    {
      schema: {
        tags,
        description: 'A person’s own entry in the project’s feed.',
        params: idParams,
        body: activityInputSchema,
        response: {
          201: z.object({ success: z.literal(true), data: activitySchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const data = await projects.addActivity(callerOf(request), request.params.id, request.body.message);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/:id/feed',
    {
      schema: {
        tags,
        description: 'The project’s feed, newest first; `before` (the oldest timestamp shown) pages back.',
        params: idParams,
        querystring: feedQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(activitySchema), hasMore: z.boolean() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await projects.feed(callerOf(request), request.params.id, request.query.before, request.query.limit)),
    }),
  );

  app.post(
    '/:id/contacts/add',
    {
      schema: {
        tags,
        description: 'Links contacts of the business to the project (already linked ones stay).',
        params: idParams,
        body: projectContactsAddSchema,
        response: { 200: projectAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await projects.addContacts(callerOf(request), request.params.id, request.body.contactIds),
    }),
  );
  registerFileRoutes(app, {
    tags,
    describe: {
      upload:
        'Uploads files to the project: multipart fields "files" (or "file"), at most 10 of at most 25 MB each, and ' +
        '"kind" (attachment, design or floorplan; default attachment). The type is sniffed from the bytes; all or nothing.',
      open: 'The file’s bytes (streamed): inline for images and PDFs, as a download with `download=1` or for other types.',
      remove: 'Deletes one of the project’s files.',
    },
    list: {
      description: 'The project’s files, oldest first; `kind` narrows to attachments, designs or floor plans.',
      query: z.object({ kind: fileKindSchema.optional() }),
      call: (caller, id, query) => projects.files(caller, id, query.kind),
    },
    download: {
      query: z.object({ download: booleanParamSchema.optional() }),
      asked: (query) => query.download === true,
      errors: [400, 401, 403, 404],
    },
    calls: {
      upload: (caller, id, parts) => projects.upload(caller, id, parts),
      open: (caller, id, fileId) => projects.openFile(caller, id, fileId),
      remove: (caller, id, fileId) => projects.removeFile(caller, id, fileId),
    },
  });
};

const contactParams = z.object({ id: pathId });
const contactProjectParams = z.object({ id: pathId, projectId: pathId });

/** Mounted at /api/v1/contacts: a contact's projects (the contact page), and linking them. */
export const contactProjectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/projects',
    {
      schema: {
        tags,
        description: 'The projects the contact is linked to, newest first.',
        params: contactParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(projectSchema) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await projects.ofContact(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/:id/projects',
    {
      schema: {
        tags,
        description: 'Links the contact to a project of the business.',
        params: contactParams,
        body: contactProjectLinkSchema,
        response: { 201: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await projects.linkContact(callerOf(request), request.params.id, request.body.projectId);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.delete(
    '/:id/projects/:projectId',
    {
      schema: {
        tags,
        description: 'Unlinks the contact from the project.',
        params: contactProjectParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await projects.unlinkContact(callerOf(request), request.params.id, request.params.projectId);
      return { success: true as const };
    },
  );
};
