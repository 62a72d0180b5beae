import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarItemMoveSchema,
  calendarItemSchema,
  calendarQuerySchema,
  meetingInputSchema,
} from '@atrium/domain-work/schemas';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import { MEETING_WRITE_ERRORS, registerMeetingWrites } from '../meetings/meetings.routes';
import type { MeetingsService } from '../meetings/meetings.service';
import type { CalendarService } from './calendar.service';

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

  // A meeting's writes from the calendar: the meetings module's rules, answered as a meeting…
  registerMeetingWrites(app, meetings, {
    tags,
    path: '/meetings',
    updateMethod: 'PATCH',
    descriptions: {
      create: 'Creates a meeting from the calendar (the same rules as POST /meetings)',
      update: 'Changes a meeting (the same rules as PUT /meetings/{id})',
    },
  });

  // …or as a calendar item, where a drag or resize may also move a task or a project.
  registerWriteRoutes(app, {
    tags,
    path: '/items',
    updateMethod: 'PATCH',
    errors: MEETING_WRITE_ERRORS,
    create: meetingInputSchema,
    update: calendarItemMoveSchema,
    dto: calendarItemSchema,
    service: {
      create: (caller, input) => calendar.createItem(caller, input),
      update: (caller, id, move) => calendar.moveItem(caller, id, move),
      remove: (caller, id) => meetings.remove(caller, id),
    },
    descriptions: {
      create: 'Creates a meeting (a range selected on the calendar) and answers it as a calendar item',
      update:
        'A drag or resize: `type` says whether the id is a meeting (default), a task or a project. A task or ' +
        'project gets the dates as its start and due date (keeping its own rules, history and feed); a ' +
        'Google-only event answers 403',
      remove: 'Deletes a meeting item (tasks and projects are deleted where they live)',
    },
  });
};
