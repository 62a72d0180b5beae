import * as z from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GOOGLE_CALENDAR_RESULT_PARAM,
  GOOGLE_CALENDAR_RETURN_PATHS,
  googleCalendarConnectQuerySchema,
  googleCalendarStatusSchema,
} from '@atrium/domain-work/schemas';
import type { Config } from '../../config';
import { callerOf, errorResponses } from '../../lib/http';
import { secureCookies } from '../../lib/session-cookies';
import { CONNECT_COOKIE, CONNECT_COOKIE_PATH, CONNECT_TTL_SECONDS } from './connect-flow';
import type { GoogleCalendarService } from './google-calendar.service';

export interface GoogleCalendarRoutesOptions {
  googleCalendar: GoogleCalendarService;
  config: Config;
}

const statusAnswer = z.object({ success: z.literal(true), data: googleCalendarStatusSchema });
const redirectAnswer = z.null().describe('302 with a Location header');
/** Google's redirect: code and state, or error (access_denied when the member refused). */
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});

/**
 * The signed-in member's Google Calendar connection in their current business. Mounted at
 * /api/v1/integrations/google-calendar. connect and callback are browser navigations (302s); the others answer JSON.
 */
export const googleCalendarRoutes: FastifyPluginAsyncZod<GoogleCalendarRoutesOptions> = async (
  app,
  { googleCalendar, config },
) => {
  app.addHook('onRequest', app.authenticate);
  const flowCookie = (request: FastifyRequest) => ({
    path: CONNECT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(request, config.cookieSecure),
  });

  app.get(
    '/status',
    { schema: { tags: ['integrations'], response: { 200: statusAnswer, ...errorResponses(401) } } },
    async (request) => ({ success: true as const, data: await googleCalendar.status(callerOf(request)) }),
  );

  app.get(
    '/connect',
    {
      schema: {
        tags: ['integrations'],
        description:
          'Starts the connection: 302 to Google’s consent (scope calendar.events, offline access, PKCE S256, a random state); the flow travels in a short-lived sealed cookie. `from` (profile or business, business by default) names the integrations tab Google’s redirect comes back to. Any member connects their own calendar. 400 when Google Calendar is not set up.',
        querystring: googleCalendarConnectQuerySchema,
        response: { 302: redirectAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { url, flow } = googleCalendar.startConnect(callerOf(request), request.query.from);
      reply.setCookie(CONNECT_COOKIE, await googleCalendar.flows.seal(flow), {
        ...flowCookie(request),
        maxAge: CONNECT_TTL_SECONDS,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['integrations'],
        description: `Google’s redirect after consent: checks the state, exchanges the code with the PKCE verifier, stores the connection, and answers 302 to the tab the flow started from (${GOOGLE_CALENDAR_RETURN_PATHS.profile} or ${GOOGLE_CALENDAR_RETURN_PATHS.business}; the profile’s when the flow is lost) with ${GOOGLE_CALENDAR_RESULT_PARAM}=connected|denied|failed|not_configured.`,
        querystring: callbackQuery,
        response: { 302: redirectAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const flow = await googleCalendar.flows.open(request.cookies[CONNECT_COOKIE]);
      // One try per flow: the state and verifier are spent whatever happens next.
      reply.clearCookie(CONNECT_COOKIE, flowCookie(request));
      const result = await googleCalendar.completeConnect(callerOf(request), flow, request.query);
      const back = GOOGLE_CALENDAR_RETURN_PATHS[flow?.from ?? 'profile'];
      const sep = back.includes('?') ? '&' : '?';
      return reply.redirect(`${config.appUrl}${back}${sep}${GOOGLE_CALENDAR_RESULT_PARAM}=${result}`, 302);
    },
  );

  app.post(
    '/disconnect',
    {
      schema: {
        tags: ['integrations'],
        description: 'Revokes the grant at Google (best effort) and forgets the tokens; the meetings stay.',
        response: { 200: statusAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await googleCalendar.disconnect(callerOf(request)) }),
  );

  app.post(
    '/sync',
    {
      schema: {
        tags: ['integrations'],
        description:
          'Queues a sync of the member’s calendar now. One run per connection at a time: asked while a run is in progress, one follow-up run is queued after it (status.run follow_up); asked again while one is queued, nothing more.',
        response: { 202: statusAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await googleCalendar.requestSync(callerOf(request));
      return reply.code(202).send({ success: true as const, data });
    },
  );
};
