import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarItemMoveSchema,
  calendarItemSchema,
  calendarQuerySchema,
  meetingInputSchema,
  meetingSchema,
  meetingUpdateSchema,
} from '@atrium/domain-work/schemas';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { MeetingsService } from '../meetings/meetings.service';
import type { CalendarService } from './calendar.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const meetingAnswer = z.object({ success: z.literal(true), data: meetingSchema });
const itemAnswer = z.object({ success: z.literal(true), data: calendarItemSchema });
const itemsAnswer = z.object({ success: z.literal(true), data: z.array(calendarItemSchema) });

const tags = ['calendar'];

/**
 * Mounted at /api/v1/calendar: the calendar view's calls (spec §7 "Meetings and calendar"). Items are meetings,
 * tasks with dates and projects with dates; a meeting's writes are the meetings module's, a task's or project's
 * drag goes through its own service.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService; meetings: MeetingsService }> = async (
  app,
  { calendar, meetings },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/meetings',
    {
      schema: {
        tags,
        description:
          'The calendar items overlapping [startDate, endDate) (at most 400 days), earliest first: meetings, tasks ' +
          'with a start or due date and projects with dates. type: comma-separated kinds; status: a meeting ' +
          'status, task status or project stage; search: part of the title; includeGoogleCalendar=true adds the ' +
          'caller’s Google-only events (isReadOnly)',
        querystring: calendarQuerySchema,
        response: { 200: itemsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await calendar.items(callerOf(request), {
        from: new Date(q.startDate),
        to: new Date(q.endDate),
        types: q.type,
        status: q.status || undefined,
        search: q.search || undefined,
        includeGoogleCalendar: q.includeGoogleCalendar,
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/meetings',
    {
      schema: {
        tags,
        description: 'Creates a meeting from the calendar (the same rules as POST /meetings)',
        body: meetingInputSchema,
        response: { 201: meetingAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await meetings.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/meetings/:id',
    {
      schema: {
        tags,
        description: 'Changes a meeting (the same rules as PUT /meetings/{id})',
        params: idParams,
        body: meetingUpdateSchema,
        response: { 200: meetingAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/meetings/:id',
    {
      schema: { tags, params: idParams, response: { 200: okSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      await meetings.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/items',
    {
      schema: {
        tags,
        description: 'Creates a meeting (a range selected on the calendar) and answers it as a calendar item',
        body: meetingInputSchema,
        response: { 201: itemAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await calendar.createItem(callerOf(request), request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        tags,
        description:
          'A drag or resize: `type` says whether the id is a meeting (default), a task or a project. A task or ' +
          'project gets the dates as its start and due date (keeping its own rules, history and feed); a ' +
          'Google-only event answers 403',
        params: idParams,
        body: calendarItemMoveSchema,
        response: { 200: itemAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await calendar.moveItem(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/items/:id',
    {
      schema: {
        tags,
        description: 'Deletes a meeting item (tasks and projects are deleted where they live)',
        params: idParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await meetings.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
