import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import {
  CHAT_STREAM_EVENTS,
  chatChannelAnswerSchema,
  chatChannelInputSchema,
  chatChannelUpdateSchema,
  chatDmInputSchema,
  chatHistoryAnswerSchema,
  chatHistoryQuerySchema,
  chatMessageAnswerSchema,
  chatMessageInputSchema,
  chatOverviewAnswerSchema,
  chatUnreadAnswerSchema,
} from '@atrium/domain-comms/schemas';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import type { ChatService } from './chat.service';

const tags = ['chat'];
const channelParam = z.object({ id: z.string().min(1).max(100) });
const messageParam = z.object({ id: z.string().min(1).max(100), messageId: z.string().min(1).max(100) });

/** What the chat stream subscribes to: the notifications broker (one LISTEN per API process). */
export interface ChatSignals {
  subscribe(
    userId: string,
    listener: (signal: { kind: string; businessId: string | null; channelId?: string | null }) => void,
  ): () => void;
}

export interface ChatRoutesOptions {
  chat: ChatService;
  signals: ChatSignals;
  /** Heartbeat of an open stream; the session is checked and the panel's presence renewed each time. */
  heartbeatMs: number;
}

/** Mounted at /api/v1/chat: the caller's channels and direct messages in their current business. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { chat, signals, heartbeatMs }) => {
  app.addHook('onRequest', app.authenticate);
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
          'The caller’s channels (#general made on first use) and direct messages with unread counts, the members.',
        response: { 200: chatOverviewAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await chat.overview(callerOf(request)) }),
  );

  app.get(
    '/unread/count',
    { schema: { tags, response: { 200: chatUnreadAnswerSchema, ...errorResponses(401, 403) } } },
    async (request) => ({ success: true as const, count: await chat.unreadTotal(callerOf(request)) }),
  );

  app.get(
    '/stream',
    {
      schema: {
        tags,
        description:
          'Server-sent events while the chat panel is open: `ready`, then `chat` ({ channelId }) whenever a channel the caller sees changes, from any API process. While it is open the caller gets no MESSAGE_RECEIVED in the bell.',
        response: errorResponses(401, 403),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.hijack();
      if (request.method === 'HEAD') {
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' }).end();
        return;
      }
      const ttlMs = heartbeatMs * 2 + 5_000;
      await chat.presence(caller, 1, ttlMs).catch((err: unknown) => request.log.warn({ err }, 'chat: presence'));
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.socket?.setNoDelay(true);
      const write = (text: string) => {
        if (!res.writableEnded) res.write(text);
      };
      write(`retry: 3000\nevent: ${CHAT_STREAM_EVENTS.ready}\ndata: {}\n\n`);
      const unsubscribe = signals.subscribe(caller.userId, ({ kind, businessId, channelId }) => {
        if (kind !== 'chat' || businessId !== caller.businessId) return;
        write(`event: ${CHAT_STREAM_EVENTS.chat}\ndata: ${JSON.stringify({ channelId: channelId ?? null })}\n\n`);
      });
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
        chat.presence(caller, -1, ttlMs).catch((err: unknown) => request.log.warn({ err }, 'chat: presence'));
      };
      const heartbeat = setInterval(() => {
        app.authenticate(request).then(
          () => {
            write(': ping\n\n');
            chat.presence(caller, 0, ttlMs).catch(() => undefined);
          },
          () => end(),
        );
      }, heartbeatMs);
      heartbeat.unref();
      open.add(end);
      request.raw.on('close', end);
      res.on('close', end);
    },
  );

  app.post(
    '/channels',
    {
      schema: {
        tags,
        description: 'A new channel of the business (any member); 409 when the name is taken.',
        body: chatChannelInputSchema,
        response: { 201: chatChannelAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await chat.createChannel(callerOf(request), request.body.name) }),
  );

  app.patch(
    '/channels/:id',
    {
      schema: {
        tags,
        description: 'Rename or archive (archived: true/false) a channel: owners and admins only.',
        params: channelParam,
        body: chatChannelUpdateSchema,
        response: { 200: chatChannelAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.updateChannel(callerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/dms',
    {
      schema: {
        tags,
        description: 'The direct message with another member of the business (made the first time).',
        body: chatDmInputSchema,
        response: { 200: chatChannelAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await chat.openDm(callerOf(request), request.body.userId) }),
  );

  app.get(
    '/channels/:id/messages',
    {
      schema: {
        tags,
        description: 'Newest last; `before` (a message seq) pages to older messages; `hasMore` says older ones exist.',
        params: channelParam,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await chat.history(callerOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    '/channels/:id/messages',
    {
      schema: {
        tags,
        description: 'Posts a message (plain text: markup is removed); pushed live to everyone who sees the channel.',
        params: channelParam,
        body: chatMessageInputSchema,
        response: { 201: chatMessageAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await chat.post(callerOf(request), request.params.id, request.body.body),
      }),
  );

  app.patch(
    '/channels/:id/messages/:messageId',
    {
      schema: {
        tags,
        description: 'Edits the caller’s own message.',
        params: messageParam,
        body: chatMessageInputSchema,
        response: { 200: chatMessageAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.edit(callerOf(request), request.params.id, request.params.messageId, request.body.body),
    }),
  );

  app.delete(
    '/channels/:id/messages/:messageId',
    {
      schema: {
        tags,
        description: 'Deletes the caller’s own message (its text is gone; the history shows it was deleted).',
        params: messageParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await chat.remove(callerOf(request), request.params.id, request.params.messageId);
      return { success: true as const };
    },
  );

  app.put(
    '/channels/:id/read',
    {
      schema: { tags, params: channelParam, response: { 200: okSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      await chat.markRead(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
