import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  meetingAttachmentContentSchema,
  meetingAttachmentSchema,
  meetingInputSchema,
  meetingProjectLinkSchema,
  meetingRangeParamsSchema,
  meetingSchema,
  meetingUpdateSchema,
} from '@atrium/domain-work/schemas';
import { registerWriteRoutes, type WriteRoutesOptions } from '../../lib/crud-routes';
import { FILE_MULTIPART_LIMITS, uploadParts } from '../../lib/file-upload';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { MeetingsService } from './meetings.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const fileParams = z.object({ id: pathId, attachmentId: pathId });

export const meetingAnswer = z.object({ success: z.literal(true), data: meetingSchema });
const meetingsAnswer = z.object({ success: z.literal(true), data: z.array(meetingSchema) });
const attachmentAnswer = z.object({ success: z.literal(true), data: meetingAttachmentSchema });
const contentAnswer = z.object({ success: z.literal(true), data: meetingAttachmentContentSchema });

const tags = ['meetings'];

/** A meeting's create and update: 400 for its input, 404 for a project, organizer or attendee not found. */
export const MEETING_WRITE_ERRORS = { create: [400, 404], update: [400, 404] } as const;

/**
 * A meeting's create (201), update and delete, with the meetings module's rules and answers: POST `path`, PUT (or
 * PATCH) and DELETE `path`/:id — here and on the calendar's /meetings.
 */
export function registerMeetingWrites(
  app: FastifyInstance,
  meetings: MeetingsService,
  opts: Pick<WriteRoutesOptions<z.ZodType, z.ZodType, z.ZodType>, 'tags' | 'path' | 'updateMethod' | 'descriptions'>,
): void {
  registerWriteRoutes(app, {
    ...opts,
    errors: MEETING_WRITE_ERRORS,
    create: meetingInputSchema,
    update: meetingUpdateSchema,
    dto: meetingSchema,
    service: meetings,
  });
}

/**
 * Mounted at /api/v1/meetings: the business's meetings (spec §7 "Meetings and calendar"). Every route needs a
 * session and reads only the caller's business: another business's meeting (or another member's Google-only
 * event) answers 404 'Meeting not found'; a Google-only event is read-only (403) until linked to a project.
 */
export const meetingsRoutes: FastifyPluginAsyncZod<{ meetings: MeetingsService }> = async (app, { meetings }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'The meetings overlapping [startDate, endDate) (at most 400 days), earliest first; ' +
          'includeGoogleCalendar=true adds the caller’s own Google-only events (read-only)',
        querystring: meetingRangeParamsSchema,
        response: { 200: meetingsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { startDate, endDate, includeGoogleCalendar } = request.query;
      const data = await meetings.inRange(callerOf(request), {
        from: new Date(startDate),
        to: new Date(endDate),
        includeGoogleCalendar,
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/contact/:id',
    {
      schema: {
        tags,
        description: 'The meetings a contact attends, newest first',
        params: idParams,
        response: { 200: meetingsAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.ofContact(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/project/:id',
    {
      schema: {
        tags,
        description: 'A project’s meetings, soonest first',
        params: idParams,
        response: { 200: meetingsAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.ofProject(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'The meeting with its attendees, project and attachments',
        params: idParams,
        response: { 200: meetingAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await meetings.get(callerOf(request), request.params.id) }),
  );

  registerMeetingWrites(app, meetings, {
    tags,
    descriptions: {
      create:
        'Creates a meeting (organizer: a member, default the caller; attendees: the business’s contacts or ' +
        'members). With syncToGoogleCalendar it is written to the organizer’s Google Calendar, and the answer ' +
        'says whether it was (syncedToGoogleCalendar, googleCalendarEventId)',
      update:
        'Changes the fields given (attendees are replaced as a whole); the end must not be before the start ' +
        'on the merged meeting. A Google-only event answers 403 until linked to a project',
      remove: 'Deletes the meeting with its attachments (and its Google event when synced)',
    },
  });

  app.post(
    '/:id/project',
    {
      schema: {
        tags,
        description: 'Links the meeting to a project (a Google-only event becomes the business’s meeting)',
        params: idParams,
        body: meetingProjectLinkSchema,
        response: { 200: meetingAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.linkProject(callerOf(request), request.params.id, request.body.projectId),
    }),
  );

  app.delete(
    '/:id/project',
    {
      schema: {
        tags,
        description: 'Unlinks the meeting from its project',
        params: idParams,
        response: { 200: meetingAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.unlinkProject(callerOf(request), request.params.id),
    }),
  );

  for (const action of ['add', 'remove'] as const) {
    app.post(
      `/:id/contacts/${action}`,
      {
        schema: {
          tags,
          deprecated: true,
          description: 'Deprecated: always answers 400 DEPRECATED_CALL — attendees change through PUT /meetings/{id}',
          params: idParams,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request) => meetings.deprecatedContactsCall(callerOf(request), request.params.id),
    );
  }

  // Attachments: multipart only here (the parser is this child context's).
  await app.register(async (files) => {
    await files.register(multipart, { limits: FILE_MULTIPART_LIMITS });
    const typed = files.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/:id/attachments',
      {
        schema: {
          tags,
          description:
            'Attaches one file (multipart field "file"; at most 25 MB; images, PDF, text, CSV, zip and Office ' +
            'documents by their bytes)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: attachmentAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const data = await meetings.addAttachment(callerOf(request), request.params.id, () => uploadParts(request));
        return reply.status(201).send({ success: true, data });
      },
    );

    typed.get(
      '/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          description: 'The file as base64 with its type and name',
          params: fileParams,
          response: { 200: contentAnswer, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await meetings.attachment(callerOf(request), request.params.id, request.params.attachmentId),
      }),
    );

    typed.delete(
      '/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          params: fileParams,
          response: { 200: okSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await meetings.removeAttachment(callerOf(request), request.params.id, request.params.attachmentId);
        return { success: true as const };
      },
    );
  });
};
