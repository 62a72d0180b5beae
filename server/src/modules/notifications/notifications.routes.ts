import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import {
  friendRequestReceivedSchema,
  friendRequestSentSchema,
  NOTIFICATION_STREAM_EVENTS,
  notificationListAnswerSchema,
  notificationListQuerySchema,
  notificationPreferencesAnswerSchema,
  notificationPreferencesInputSchema,
  notificationSchema,
  readAllAnswerSchema,
  unreadCountAnswerSchema,
} from '@atrium/domain-comms/schemas';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { NotificationBroker } from './notifications.broker';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const idParam = z.object({ id: z.string().min(1).max(100) });

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  broker: NotificationBroker;
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked again each time. */
  heartbeatMs: number;
  /** Friend-request calls per caller per minute. */
  friendRequestLimit: number;
}

/** Mounted at /api/v1/notifications: the caller's own notifications in their current business (and personal ones). */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { notifications, broker, heartbeatMs, friendRequestLimit },
) => {
  app.addHook('onRequest', app.authenticate);

  // Open streams end before the server stops (a hijacked response would keep it waiting).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'Newest first; page, limit (20), read (true/false), type, startDate, endDate (a date alone is the whole day).',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await notifications.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/unread/count',
    { schema: { tags, response: { 200: unreadCountAnswerSchema, ...errorResponses(401, 403) } } },
    async (request) => ({ success: true as const, count: await notifications.unreadCount(callerOf(request)) }),
  );

  app.get(
    '/stream',
    {
      schema: {
        tags,
        description:
          'Server-sent events: `ready` once, then `notification` ({ kind: new | changed }) whenever the caller’s bell changes, from whichever API process made the change; a comment line as heartbeat. Ends when the session does.',
        response: errorResponses(401, 403),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // The automatic HEAD twin answers the headers only; it must not stay open as a stream.
      reply.hijack();
      if (request.method === 'HEAD') {
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' }).end();
        return;
      }
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: compression (webpack-dev-server's, a proxy's) leaves the stream alone, unbuffered.
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.socket?.setNoDelay(true);
      const write = (text: string) => {
        if (!res.writableEnded) res.write(text);
      };
      write(`retry: 3000\nevent: ${NOTIFICATION_STREAM_EVENTS.ready}\ndata: {}\n\n`);

      const unsubscribe = broker.subscribe(caller.userId, ({ kind, businessId }) => {
        if (kind === 'chat' || (businessId !== null && businessId !== caller.businessId)) return;
        write(`event: ${NOTIFICATION_STREAM_EVENTS.notification}\ndata: ${JSON.stringify({ kind })}\n\n`);
      });
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      const heartbeat = setInterval(() => {
        // Signed out (or the session revoked, the membership gone, the token expired): the stream ends; the
        // browser's EventSource then meets 401 and the bell falls back to its polling until it signs in again.
        app.authenticate(request).then(
          () => write(': ping\n\n'),
          () => end(),
        );
      }, heartbeatMs);
      heartbeat.unref();
      open.add(end);
      request.raw.on('close', end);
      res.on('close', end);
    },
  );

  app.put(
    '/read/all',
    { schema: { tags, response: { 200: readAllAnswerSchema, ...errorResponses(401, 403) } } },
    async (request) => ({
      success: true as const,
      data: { updated: await notifications.markAllRead(callerOf(request)) },
    }),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        params: idParam,
        response: {
          200: z.object({ success: z.literal(true), data: notificationSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(callerOf(request), request.params.id),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParam, response: { 200: okSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await notifications.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/preferences',
    { schema: { tags, response: { 200: notificationPreferencesAnswerSchema, ...errorResponses(401, 403) } } },
    async (request) => ({
      success: true as const,
      data: await notifications.preferences(callerOf(request).userId),
    }),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        description:
          'Switches notification types on (true) or off (false) for the caller; a type switched off is not delivered.',
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.savePreferences(callerOf(request).userId, request.body),
    }),
  );

  const friendLimit = {
    rateLimit: {
      max: friendRequestLimit,
      timeWindow: 60_000,
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        `friend|${request.auth?.userId ?? request.ip}`,
    },
  };

  app.post(
    '/friend-request-sent',
    {
      config: friendLimit,
      schema: {
        tags,
        description: 'The caller sent a friend request to this user: they are told (once per pair).',
        body: friendRequestSentSchema,
        response: { 201: okSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await notifications.friendRequestSent(callerOf(request), request.body.recipientUserId);
      return reply.code(201).send({ success: true as const });
    },
  );

  app.post(
    '/friend-request-received',
    {
      config: friendLimit,
      schema: {
        tags,
        description: 'The caller received this user’s friend request: the sender is told (once). 404 without one.',
        body: friendRequestReceivedSchema,
        response: { 201: okSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await notifications.friendRequestReceived(callerOf(request), request.body.senderUserId);
      return reply.code(201).send({ success: true as const });
    },
  );
};
