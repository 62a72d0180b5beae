import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kanbanTotalsSchema,
  taskColumnMoveSchema,
  taskCommentInputSchema,
  taskCommentSchema,
  taskDetailSchema,
  taskInputSchema,
  taskListAnswerSchema,
  taskListParamsSchema,
  taskProjectMoveSchema,
  taskSchema,
  taskUpdateSchema,
  TASK_MESSAGES,
} from '@atrium/domain-work/schemas';
import { registerFileRoutes } from '../../lib/file-routes';
import { FILE_MULTIPART_LIMITS } from '../../lib/file-upload';
import { registerCopyRoute } from '../../lib/crud-routes';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { TasksService } from './tasks.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const commentParams = z.object({ id: pathId, commentId: pathId });
const projectTaskParams = z.object({ id: pathId, taskId: pathId });
const createQuery = z.object({ projectId: pathId.optional() });
const downloadQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

const taskAnswer = z.object({ success: z.literal(true), data: taskSchema });
const detailAnswer = z.object({ success: z.literal(true), data: taskDetailSchema });
const commentAnswer = z.object({ success: z.literal(true), data: taskCommentSchema });
const totalsAnswer = z.object({ success: z.literal(true), data: kanbanTotalsSchema });

const tags = ['tasks'];

/**
 * Mounted at /api/v1/tasks: the business's tasks, their kanban, comments, history and attachments (spec §7
 * "Tasks"). Every route needs a session and reads only the caller's business (another business's id → 404).
 */
export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'A page of tasks (data.tasks) by status, priority, project (`none`: outside any), contact, search and ' +
          'filter groups; sortBy=board orders by column then kanban position; export=true answers every match.',
        querystring: taskListParamsSchema,
        response: { 200: taskListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await tasks.list(callerOf(request), request.query) }),
  );

  app.post(
    '',
    {
      config: { validationMessage: TASK_MESSAGES.invalidData },
      schema: {
        tags,
        description:
          'Creates a task (todo unless a status is given), last in its kanban column; `?projectId=` (which wins ' +
          'over the body’s) puts it in one of the caller’s projects.',
        querystring: createQuery,
        body: taskInputSchema,
        response: { 201: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await tasks.create(callerOf(request), request.body, request.query.projectId);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/kanban/totals',
    {
      schema: {
        tags,
        description: 'How many tasks each kanban column holds, and all of them',
        response: { 200: totalsAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await tasks.totals(callerOf(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'The task with its attachments, comments (oldest first) and history (newest first)',
        params: idParams,
        response: { 200: detailAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await tasks.get(callerOf(request), request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      config: { validationMessage: TASK_MESSAGES.invalidUpdate },
      schema: {
        tags,
        description: 'Changes the fields given; a new status puts the task last in that column',
        params: idParams,
        body: taskUpdateSchema,
        response: { 200: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tasks.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await tasks.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.patch(
    '/:id/move',
    {
      schema: {
        tags,
        description: 'Moves the task to a kanban column (its status) at a position (0 = top; omitted = last)',
        params: idParams,
        body: taskColumnMoveSchema,
        response: { 200: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tasks.moveToColumn(
        callerOf(request),
        request.params.id,
        request.body.columnId,
        request.body.taskOrder,
      ),
    }),
  );

  app.post(
    '/:id/move',
    {
      schema: {
        tags,
        description: 'Moves the task into another of the caller’s projects, or out of any (projectId null)',
        params: idParams,
        body: taskProjectMoveSchema,
        response: { 200: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tasks.moveToProject(callerOf(request), request.params.id, request.body.projectId),
    }),
  );

  registerCopyRoute(app, {
    tags,
    action: 'duplicate',
    description: 'A copy "<title> (copy)" with the fields, contacts and files (not comments or history)',
    answer: taskAnswer,
    make: (caller, id) => tasks.duplicate(caller, id),
  });

  app.post(
    '/:id/comments',
    {
      schema: {
        tags,
        params: idParams,
        body: taskCommentInputSchema,
        response: { 201: commentAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await tasks.addComment(callerOf(request), request.params.id, request.body.content);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.delete(
    '/:id/comments/:commentId',
    {
      schema: {
        tags,
        description: 'Deletes a comment: its author, or an owner or admin of the business (others: 403)',
        params: commentParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await tasks.removeComment(callerOf(request), request.params.id, request.params.commentId);
      return { success: true as const };
    },
  );

  // Attachments: multipart only here (the parser is this child context's).
  await app.register(async (files) => {
    await files.register(multipart, { limits: FILE_MULTIPART_LIMITS });
    registerFileRoutes(files, {
      tags,
      describe: {
        upload:
          'Attaches files (multipart field "files" or "file"; at most 10 of 25 MB each; images, PDF, text, CSV, ' +
          'zip and Office documents by their bytes): all or none are stored',
        open: 'The file’s bytes (inline for images and PDFs; `download=1` as an attachment)',
      },
      download: {
        query: downloadQuery,
        asked: (query) => query.download === '1' || query.download === 'true',
        errors: [401, 403, 404],
      },
      calls: {
        upload: (caller, id, parts) => tasks.addAttachments(caller, id, parts),
        open: (caller, id, fileId) => tasks.openAttachment(caller, id, fileId),
        remove: (caller, id, fileId) => tasks.removeAttachment(caller, id, fileId),
      },
    });
  });
};

/**
 * Mounted at /api/v1/projects: the project-scoped task calls of spec §7 "Projects" (the projects module owns the
 * other /projects routes). A task that is not in that project answers 404.
 */
export const projectTasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/:id/tasks',
    {
      config: { validationMessage: TASK_MESSAGES.invalidData },
      schema: {
        tags,
        description: 'Adds a task to the project (last in its kanban column)',
        params: idParams,
        body: taskInputSchema,
        response: { 201: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await tasks.create(callerOf(request), request.body, request.params.id);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/:id/tasks/:taskId',
    {
      config: { validationMessage: TASK_MESSAGES.invalidUpdate },
      schema: {
        tags,
        description: 'Changes a task of the project (404 when the task is not in it)',
        params: projectTaskParams,
        body: taskUpdateSchema,
        response: { 200: taskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tasks.update(callerOf(request), request.params.taskId, request.body, request.params.id),
    }),
  );

  app.delete(
    '/:id/tasks/:taskId',
    {
      schema: {
        tags,
        description: 'Deletes a task of the project (404 when the task is not in it)',
        params: projectTaskParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await tasks.remove(callerOf(request), request.params.taskId, request.params.id);
      return { success: true as const };
    },
  );
};
