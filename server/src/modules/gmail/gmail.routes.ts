import * as z from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GMAIL_MAX_MESSAGE_BYTES,
  GMAIL_RESULT_PARAM,
  GMAIL_RETURN_PATHS,
  gmailConnectQuerySchema,
  gmailSendSchema,
  gmailSentSchema,
  gmailStatusSchema,
  gmailThreadSchema,
} from '@atrium/domain-comms/schemas';
import type { Config } from '../../config';
import { callerOf, errorResponses } from '../../lib/http';
import { secureCookies } from '../../lib/session-cookies';
import { CONNECT_COOKIE, CONNECT_COOKIE_PATH, CONNECT_TTL_SECONDS } from './connect-flow';
import type { GmailService } from './gmail.service';

export interface GmailRoutesOptions {
  gmail: GmailService;
  config: Config;
}

const statusAnswer = z.object({ success: z.literal(true), data: gmailStatusSchema });
const redirectAnswer = z.null().describe('302 with a Location header');
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});
/** The JSON of a send: the message's base64 attachments fit (Gmail's 25 MB is checked on the built message). */
const SEND_BODY_LIMIT = Math.ceil((GMAIL_MAX_MESSAGE_BYTES * 4) / 3) + 2 * 1024 * 1024;

/**
 * The signed-in member's Gmail in their current business. Mounted at /api/v1/integrations/gmail. connect and
 * callback are browser navigations (302s); the others answer JSON.
 */
export const gmailRoutes: FastifyPluginAsyncZod<GmailRoutesOptions> = async (app, { gmail, config }) => {
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
    async (request) => ({ success: true as const, data: await gmail.status(callerOf(request)) }),
  );

  app.get(
    '/connect',
    {
      schema: {
        tags: ['integrations'],
        description:
          'Starts the connection: 302 to Google’s consent (gmail.send and gmail.readonly, offline access, PKCE S256, a random state); the flow travels in a short-lived sealed cookie. `from` names the page Google’s redirect comes back to. Any member connects their own mailbox. 400 when Gmail is not set up.',
        querystring: gmailConnectQuerySchema,
        response: { 302: redirectAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { url, flow } = gmail.startConnect(callerOf(request), request.query.from);
      reply.setCookie(CONNECT_COOKIE, await gmail.flows.seal(flow), {
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
        description: `Google’s redirect after consent: checks the state, exchanges the code with the PKCE verifier, stores the connection, and answers 302 to the page the flow started from with ${GMAIL_RESULT_PARAM}=connected|denied|failed|not_configured.`,
        querystring: callbackQuery,
        response: { 302: redirectAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const flow = await gmail.flows.open(request.cookies[CONNECT_COOKIE]);
      reply.clearCookie(CONNECT_COOKIE, flowCookie(request));
      const result = await gmail.completeConnect(callerOf(request), flow, request.query);
      const back = GMAIL_RETURN_PATHS[flow?.from ?? 'profile'];
      const sep = back.includes('?') ? '&' : '?';
      return reply.redirect(`${config.appUrl}${back}${sep}${GMAIL_RESULT_PARAM}=${result}`, 302);
    },
  );

  app.post(
    '/disconnect',
    {
      schema: {
        tags: ['integrations'],
        description: 'Revokes the grant at Google (best effort) and forgets the tokens; the project emails stay.',
        response: { 200: statusAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await gmail.disconnect(callerOf(request)) }),
  );

  app.post(
    '/send',
    {
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        tags: ['integrations'],
        description:
          'Sends an email from the member’s Gmail: recipients (≤ 100), subject, body (HTML, sanitised), optional projectId (kept in the project’s email tab), threadId and inReplyTo (a reply in a project thread), attachments (base64; executables refused). Over Gmail’s 25 MB → 413 and nothing sent; Gmail 429/5xx retried with backoff, then 429/503. Errors answer success false with the error (default ‘Failed to send email’).',
        body: gmailSendSchema,
        response: {
          200: z.object({ success: z.literal(true), data: gmailSentSchema }),
          ...errorResponses(400, 401, 403, 404, 413, 429, 503),
        },
      },
    },
    async (request) => ({ success: true as const, data: await gmail.send(callerOf(request), request.body) }),
  );

  app.get(
    '/projects/:projectId/threads',
    {
      schema: {
        tags: ['integrations'],
        description:
          'The project’s email threads (sent from Atrium and the replies found in the sender’s mailbox), newest thread first, each thread’s messages oldest first.',
        params: z.object({ projectId: z.string().min(1).max(100) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.array(gmailThreadSchema) }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await gmail.projectThreads(callerOf(request), request.params.projectId),
    }),
  );
};
