import type { Readable } from 'node:stream';
import * as z from 'zod';
import type { FastifyInstance } from 'fastify';
import { workFileSchema, type WorkFile } from '@atrium/domain-work/schemas';
import type { AuthContext } from './caller';
import { sendStoredFile } from './file-reply';
import { uploadParts, type UploadField, type UploadPart } from './file-upload';
import { callerOf, errorResponses, okSchema } from './http';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const fileParams = z.object({ id: pathId, attachmentId: pathId });
const filesAnswer = z.object({ success: z.literal(true), data: z.array(workFileSchema) });
/** The schemas below validate every request; the handlers read what they already checked. */
const paramsOf = (params: unknown) => params as z.output<typeof fileParams>;

/** What the owner's service does for the routes (a project's or a task's files). */
export interface FileOwnerCalls {
  upload(caller: AuthContext, id: string, parts: () => AsyncIterable<UploadPart | UploadField>): Promise<WorkFile[]>;
  open(caller: AuthContext, id: string, fileId: string): Promise<{ file: WorkFile; stream: Readable }>;
  remove(caller: AuthContext, id: string, fileId: string): Promise<void>;
}

/**
 * POST /:id/attachments (multipart, 201), GET /:id/attachments/:attachmentId (the bytes) and DELETE
 * /:id/attachments/:attachmentId of a record with files; `list` adds GET /:id/attachments after the upload. The
 * instance must have the multipart parser registered. `download` is the bytes route's query, whether it asks for a
 * download and the error statuses it documents; a route without a description has none.
 */
export function registerFileRoutes<L extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance,
  opts: {
    tags: string[];
    describe: { upload: string; open: string; remove?: string };
    download: { query: Q; asked: (query: z.output<Q>) => boolean; errors: readonly number[] };
    calls: FileOwnerCalls;
    list?: {
      description: string;
      query: L;
      call: (caller: AuthContext, id: string, query: z.output<L>) => Promise<WorkFile[]>;
    };
  },
): void {
  const { tags, describe, download, calls, list } = opts;
  const described = (description: string | undefined) => (description === undefined ? {} : { description });

  app.post(
    '/:id/attachments',
    {
      schema: {
        tags,
        description: describe.upload,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: filesAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.output<typeof idParams>;
      const data = await calls.upload(callerOf(request), id, () => uploadParts(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  if (list) {
    app.get(
      '/:id/attachments',
      {
        schema: {
          tags,
          description: list.description,
          params: idParams,
          querystring: list.query,
          response: { 200: filesAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await list.call(
          callerOf(request),
          (request.params as z.output<typeof idParams>).id,
          request.query as z.output<L>,
        ),
      }),
    );
  }

  app.get(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        description: describe.open,
        params: fileParams,
        querystring: download.query,
        response: errorResponses(...download.errors),
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = paramsOf(request.params);
      const { file, stream } = await calls.open(callerOf(request), id, attachmentId);
      return sendStoredFile(reply, file, stream, download.asked(request.query as z.output<Q>));
    },
  );

  app.delete(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        ...described(describe.remove),
        params: fileParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, attachmentId } = paramsOf(request.params);
      await calls.remove(callerOf(request), id, attachmentId);
      return { success: true as const };
    },
  );
}
