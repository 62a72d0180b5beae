import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_IMPORT_MAX_FILE_BYTES,
  CONTACT_IMPORT_MESSAGES as M,
  contactImportJobSchema,
  contactImportRequestSchema,
  contactImportStartSchema,
  contactUploadResultSchema,
  contactValidateResultSchema,
} from '@atrium/domain-crm/schemas';
import type { Database } from '../../db/client';
import { businessWork, holdWorkSlot } from '../../lib/business-work';
import { AppError } from '../../lib/errors';
import { callerOf, errorResponses } from '../../lib/http';
import { ContactImportRepository } from './contact-import.repository';
import { ContactImportService } from './contact-import.service';
import type { JobQueue } from '../../lib/jobs';
import {
  CONTACT_IMPORT_QUEUE,
  ContactImportRunner,
  contactImportQueue,
  type ContactImportWorkerOptions,
} from './contact-import.worker';

export interface ContactImportOptions {
  db: Database;
  /** The job engine (lib/jobs.ts): imports run as its jobs, on whichever API process takes them. */
  jobs: JobQueue;
  /** Whether this process runs jobs (false: its imports wait for another process). Default true. */
  working?: boolean;
  worker?: ContactImportWorkerOptions;
}

/** Imports not touched for this long are checked for a job (one lost between storing the import and sending it). */
const RESEND_IDLE_MS = 30_000;
const RESEND_EVERY_MS = 60_000;
/** How often expired uploads are deleted. */
const CLEANUP_EVERY_MS = 10 * 60_000;

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const jobParams = z.object({ jobId: z.string().min(1).max(100) });
/**
 * Body limit of validate and import. The crm sends `{ uploadId, mapping }` (a mapping of at most 500 columns of
 * 200 characters: well under 1 MB); `data` (rows spelled out as objects, for API clients) gets room for about what
 * the 10 MB CSV upload holds. A larger table goes through the upload. (It was 64 MB: a 58 MB body took 7 s and
 * ≈ 0.5 GB to read and parse.)
 */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** A 4xx the error handler passes through with its status and message (413 is outside the error catalogue). */
function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Mounted at /api/v1/contacts: POST /upload, POST /validate, POST /import, GET /import/:jobId. Starts the import
 * worker when the app is ready and stops it (releasing a job in progress) when the app closes.
 */
export const contactImportRoutes: FastifyPluginAsyncZod<ContactImportOptions> = async (app, options) => {
  const repo = new ContactImportRepository(options.db);
  const { jobs } = options;
  const runner = new ContactImportRunner(repo, { log: app.log, ...options.worker });
  jobs.define(contactImportQueue(runner, options.worker));
  const enqueue = async (importId: string) =>
    void (await jobs.send(CONTACT_IMPORT_QUEUE, { importId }, { key: importId }));
  const service = new ContactImportService(repo, { enqueue });
  if (options.working !== false) {
    // A stored import whose job was never sent (the process died in between) gets one; old uploads go.
    const resend = async () => {
      const idle = await repo.idleUnfinishedJobs(RESEND_IDLE_MS);
      if (idle.length === 0) return;
      const pending = await jobs.pendingKeys(CONTACT_IMPORT_QUEUE);
      for (const id of idle.filter((i) => !pending.has(i))) {
        app.log.warn({ jobId: id }, 'contact import: an import without a job was queued again');
        await enqueue(id);
      }
    };
    let lastCleanup = 0;
    const sweep = async () => {
      await resend();
      if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
      lastCleanup = Date.now();
      const removed = await repo.deleteExpiredUploads();
      if (removed > 0) app.log.info({ removed }, 'contact import: expired uploads deleted');
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(
        () => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'contact import: sweep failed')),
        RESEND_EVERY_MS,
      );
      timer.unref();
      void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'contact import: sweep failed'));
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  await app.register(multipart, {
    limits: { fileSize: CONTACT_IMPORT_MAX_FILE_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 },
  });
  app.addHook('onRequest', app.authenticate);

  // Parsing a file, reading `data` rows and checking them are a business's heavy work (lib/business-work.ts): the
  // slot is taken before the body is read, so a business's parallel bodies are not parsed side by side either.
  const work = businessWork(app);
  const heavyWork = async (request: FastifyRequest, reply: FastifyReply) => {
    await holdWorkSlot(work, callerOf(request).businessId, reply);
  };

  app.post(
    '/upload',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Upload a CSV of contacts (multipart field "file", UTF-8, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ok(contactUploadResultSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      let file;
      try {
        file = request.isMultipart() ? await request.file() : undefined;
      } catch {
        throw new AppError('VALIDATION_ERROR', M.noFile);
      }
      if (!file || file.fieldname !== 'file') {
        // Drain whatever was sent so the connection stays usable.
        await file?.toBuffer().catch(() => undefined);
        throw new AppError('VALIDATION_ERROR', M.noFile);
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, M.tooBig);
        throw error;
      }
      // The file is read (at most 10 MB) before the slot is taken: a slow sender holds no slot, the parse does.
      await heavyWork(request, reply);
      const data = await service.upload(caller, { fileName: file.filename, mimeType: file.mimetype, bytes });
      return { success: true as const, data };
    },
  );

  app.post(
    '/validate',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      preParsing: heavyWork,
      schema: {
        tags: ['contacts'],
        summary: 'What an import would do: counts, duplicates and row errors (the form messages)',
        body: contactImportRequestSchema,
        response: { 200: ok(contactValidateResultSchema), ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.validate(callerOf(request), request.body) }),
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      preParsing: heavyWork,
      schema: {
        tags: ['contacts'],
        summary: 'Start a background import (202); duplicates by email update the existing contact',
        body: contactImportRequestSchema,
        response: { 202: ok(contactImportStartSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.start(callerOf(request), request.body);
      return reply.status(202).send({ success: true, data });
    },
  );

  app.get(
    '/import/:jobId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Progress and result of an import job',
        params: jobParams,
        response: { 200: ok(contactImportJobSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.status(callerOf(request), request.params.jobId),
    }),
  );
};
