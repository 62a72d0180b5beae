import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FILE_MANAGER_MESSAGES as M,
  fileDownloadQuerySchema,
  fileFolderSchema,
  fileListAnswerSchema,
  fileListParamsSchema,
  fileUpdateSchema,
  fileUsageSchema,
  folderInputSchema,
  folderUpdateSchema,
  libraryFileSchema,
} from '@atrium/domain-documents/schemas';
import { sendStoredFile } from '../../lib/file-reply';
import { FILE_MULTIPART_LIMITS, uploadParts } from '../../lib/file-upload';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { FileManagerService } from './file-manager.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const uploadQuery = z.object({ folderId: pathId.optional() });
const tags = ['files'];

/**
 * Mounted at /api/v1/files: the file manager over every file of the caller's business (project, task and
 * meeting attachments and uploads), its folders and the storage used. Another business's id → 404.
 */
export const fileManagerRoutes: FastifyPluginAsyncZod<{ fileManager: FileManagerService }> = async (
  app,
  { fileManager },
) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, { limits: FILE_MULTIPART_LIMITS });

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'A page of the business’s files, newest first: attachments of projects, tasks and meetings (with a link ' +
          'to their owner) and uploads; `folderId` (an id, or `root` for files in no folder), `origin`, `type`, ' +
          '`search` over the name.',
        querystring: fileListParamsSchema,
        response: { 200: fileListAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, ...(await fileManager.list(callerOf(request), request.query)) }),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        description:
          'Uploads files into a folder (`folderId` in the query) or into no folder: multipart field "file" (or ' +
          '"files"), at most 10 of at most 25 MB each; the type is sniffed from the bytes; all or nothing.',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: { 201: ok(z.array(libraryFileSchema)), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const data = await fileManager.upload(callerOf(request), request.query.folderId ?? null, () =>
        uploadParts(request),
      );
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/usage',
    {
      schema: {
        tags,
        description: 'Bytes and files the business stores, by origin, and its storage limit (null: none).',
        response: { 200: ok(fileUsageSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await fileManager.usage(callerOf(request)) }),
  );

  // ---- folders

  app.get(
    '/folders',
    {
      schema: {
        tags,
        description: 'Every folder of the business (a tree by parentId), by name.',
        response: { 200: ok(z.array(fileFolderSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await fileManager.folders(callerOf(request)) }),
  );

  // POST '/folders' (201), PUT and DELETE '/folders/:id'.
  registerWriteRoutes(app, {
    tags,
    path: '/folders',
    create: folderInputSchema,
    update: folderUpdateSchema,
    dto: fileFolderSchema,
    service: {
      create: (caller, input) => fileManager.createFolder(caller, input),
      update: (caller, id, input) => fileManager.updateFolder(caller, id, input),
      remove: (caller, id) => fileManager.removeFolder(caller, id),
    },
    errors: { create: [400], update: [400, 404], remove: [404, 409] },
    descriptions: {
      create: 'Creates a folder at the top or inside another (names unique among siblings, 5 levels at most).',
      update: 'Renames and/or moves a folder (parentId null: to the top).',
      remove: `Deletes an empty folder (409 '${M.folderNotEmpty}' otherwise).`,
    },
  });

  // ---- one file

  app.get(
    '/:id/download',
    {
      schema: {
        tags,
        description:
          'The file’s bytes (streamed): inline for images and PDFs (a preview: sandboxed, nosniff), as a download ' +
          'with `download=true` or for other types.',
        params: idParams,
        querystring: fileDownloadQuerySchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { file, stream } = await fileManager.open(callerOf(request), request.params.id);
      return sendStoredFile(reply, file, stream, request.query.download === true);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        description:
          'Renames and/or moves a file (folderId null: out of every folder). An attachment keeps its owner: the ' +
          'new name shows on its project, task or meeting too.',
        params: idParams,
        body: fileUpdateSchema,
        response: { 200: ok(libraryFileSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await fileManager.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        description:
          'Deletes a file; an attachment deleted here is gone from its project, task or meeting too. A signed ' +
          "contract's sealed PDF is kept as evidence (409).",
        params: idParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await fileManager.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
