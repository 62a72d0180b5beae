import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGO_CACHE_MS } from '@atrium/contracts';
import {
  COMMUNITY_MESSAGES,
  COMMUNITY_PAGE_SIZE,
  commentAnswerSchema,
  commentInputSchema,
  commentListAnswerSchema,
  communityAnswerSchema,
  communityInputSchema,
  communityListAnswerSchema,
  communityListQuerySchema,
  communitySchema,
  communityUpdateSchema,
  eventAnswerSchema,
  eventInputSchema,
  eventListAnswerSchema,
  eventSearchAnswerSchema,
  eventSearchQuerySchema,
  memberAnswerSchema,
  memberListAnswerSchema,
  memberUpdateSchema,
  postAnswerSchema,
  postInputSchema,
  postListAnswerSchema,
  reactionInputSchema,
  rsvpInputSchema,
} from '@atrium/domain-market/schemas';
import { registerWriteRoutes } from '../../lib/crud-routes';
import { sendBytes } from '../../lib/file-reply';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from '../../lib/images';
import type { CommunitiesService } from './communities.service';

const tags = ['communities'];
const pathId = z.string().min(1).max(100);
const idParam = z.object({ id: pathId });
const memberParam = z.object({ id: pathId, userId: pathId });
const postParam = z.object({ id: pathId, postId: pathId });
const commentParam = z.object({ id: pathId, postId: pathId, commentId: pathId });
const eventParam = z.object({ id: pathId, eventId: pathId });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(COMMUNITY_PAGE_SIZE),
});
const versionQuery = z.object({ v: z.string().max(100).optional() });
const COVER_FIELDS = ['cover', 'file'] as const;
const CACHE_CONTROL = `private, max-age=${Math.round(LOGO_CACHE_MS / 1000)}`;

/**
 * Mounted at /api/v1/communities. Every route needs a session. A private community's content answers 404 to
 * non-members (the service decides); see CommunitiesService for who may do what.
 */
export const communitiesRoutes: FastifyPluginAsyncZod<{ communities: CommunitiesService }> = async (
  app,
  { communities },
) => {
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'Communities: `scope=discover` (all, by members) or `mine` (joined or asked to join); `search` by name.',
        querystring: communityListQuerySchema,
        response: { 200: communityListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await communities.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        description:
          'Events by title (the global search), only in communities the caller may read: public ones and the ' +
          'private ones they are an active member of. Upcoming first, by start; then past ones, latest first.',
        querystring: eventSearchQuerySchema,
        response: { 200: eventSearchAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.searchEvents(callerOf(request), request.query.search, request.query.limit),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description: 'The about of a community (any signed-in user) and the caller’s standing in it.',
        params: idParam,
        response: { 200: communityAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await communities.get(callerOf(request), request.params.id) }),
  );

  // POST '', PUT '/:id' and DELETE '/:id': the write routes every named record has (lib/crud-routes.ts) — a taken
  // name answers 409 DUPLICATE_COMMUNITY_NAME on create and on rename.
  registerWriteRoutes(app, {
    tags,
    create: communityInputSchema,
    update: communityUpdateSchema,
    dto: communitySchema,
    service: communities,
    errors: { create: [400, 409], update: [400, 404, 409], remove: [404] },
    descriptions: {
      create: 'Creates a community; the caller is its owner. A taken name (any case): 409 DUPLICATE_COMMUNITY_NAME.',
      update: 'Edits name, description, visibility (owner and moderators).',
      remove: 'Deletes the community with everything in it (owner).',
    },
  });

  app.post(
    '/:id/cover',
    {
      schema: {
        tags,
        description:
          'Uploads the cover (owner and moderators): multipart field "cover" (or "file"), png/jpeg/webp/gif, 2 MB.',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: communityAnswerSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await communities.assertMayChangeCover(caller, request.params.id);
      const image = await readImageUpload(request, COVER_FIELDS, COMMUNITY_MESSAGES.invalidCoverFormat);
      return { success: true as const, data: await communities.setCover(caller, request.params.id, image) };
    },
  );

  app.delete(
    '/:id/cover',
    {
      schema: {
        tags,
        description: 'Removes the cover (owner and moderators).',
        params: idParam,
        response: { 200: communityAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.removeCover(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/:id/cover',
    {
      schema: {
        tags,
        description: 'The cover image; 404 when there is none (the client passes that 404 quietly).',
        params: idParam,
        querystring: versionQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      const cover = await communities.cover(callerOf(request), request.params.id);
      return sendBytes(
        reply,
        {
          'content-type': cover.mime,
          'cache-control': CACHE_CONTROL,
          'content-disposition': 'inline',
          'x-content-type-options': 'nosniff',
        },
        cover.bytes,
      );
    },
  );

  app.post(
    '/:id/join',
    {
      schema: {
        tags,
        description: 'Joins a public community, or asks to join an approval-only one (pending).',
        params: idParam,
        response: { 200: communityAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await communities.join(callerOf(request), request.params.id) }),
  );

  app.post(
    '/:id/leave',
    {
      schema: {
        tags,
        description: 'Leaves the community or withdraws a request (not the owner).',
        params: idParam,
        response: { 200: communityAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.leave(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/:id/members',
    {
      schema: {
        tags,
        description: 'Members (moderators also see pending requests); private communities: members only.',
        params: idParam,
        response: { 200: memberListAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.members(callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/:id/members/:userId',
    {
      schema: {
        tags,
        description: 'Approves a request (`status: active`, moderators) or sets a role (owner).',
        params: memberParam,
        body: memberUpdateSchema,
        response: { 200: memberAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.updateMember(callerOf(request), request.params.id, request.params.userId, request.body),
    }),
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags,
        description: 'Removes a member or turns a request down (moderators; moderators only by the owner).',
        params: memberParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await communities.removeMember(callerOf(request), request.params.id, request.params.userId);
      return { success: true as const };
    },
  );

  app.get(
    '/:id/posts',
    {
      schema: {
        tags,
        description: 'The feed, newest first; private communities: members only (404 otherwise).',
        params: idParam,
        querystring: pageQuery,
        response: { 200: postListAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await communities.posts(callerOf(request), request.params.id, request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/:id/posts',
    {
      schema: {
        tags,
        description: 'Publishes a post (members); the text is stored as plain text.',
        params: idParam,
        body: postInputSchema,
        response: { 201: postAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await communities.createPost(callerOf(request), request.params.id, request.body.body),
      };
    },
  );

  app.delete(
    '/:id/posts/:postId',
    {
      schema: {
        tags,
        description: 'Removes a post (its author, or a moderator).',
        params: postParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await communities.removePost(callerOf(request), request.params.id, request.params.postId);
      return { success: true as const };
    },
  );

  app.put(
    '/:id/posts/:postId/reaction',
    {
      schema: {
        tags,
        description: 'Sets the caller’s reaction to a post (one per person; members).',
        params: postParam,
        body: reactionInputSchema,
        response: { 200: postAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.react(callerOf(request), request.params.id, request.params.postId, request.body.kind),
    }),
  );

  app.delete(
    '/:id/posts/:postId/reaction',
    {
      schema: {
        tags,
        description: 'Takes the caller’s reaction back.',
        params: postParam,
        response: { 200: postAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.unreact(callerOf(request), request.params.id, request.params.postId),
    }),
  );

  app.get(
    '/:id/posts/:postId/comments',
    {
      schema: {
        tags,
        description: 'A post’s comments, oldest first.',
        params: postParam,
        response: { 200: commentListAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.comments(callerOf(request), request.params.id, request.params.postId),
    }),
  );

  app.post(
    '/:id/posts/:postId/comments',
    {
      schema: {
        tags,
        description: 'Comments on a post (members); plain text.',
        params: postParam,
        body: commentInputSchema,
        response: { 201: commentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await communities.comment(callerOf(request), request.params.id, request.params.postId, request.body.body),
      };
    },
  );

  app.delete(
    '/:id/posts/:postId/comments/:commentId',
    {
      schema: {
        tags,
        description: 'Removes a comment (its author, or a moderator).',
        params: commentParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, postId, commentId } = request.params;
      await communities.removeComment(callerOf(request), id, postId, commentId);
      return { success: true as const };
    },
  );

  app.get(
    '/:id/events',
    {
      schema: {
        tags,
        description: 'The community’s events by start, with RSVP counts and the caller’s own.',
        params: idParam,
        response: { 200: eventListAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.events(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/:id/events',
    {
      schema: {
        tags,
        description:
          'Creates an event (owner and moderators): start and end instants, time zone, online link or place, capacity.',
        params: idParam,
        body: eventInputSchema,
        response: { 201: eventAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await communities.createEvent(callerOf(request), request.params.id, request.body),
      };
    },
  );

  app.get(
    '/:id/events/:eventId',
    {
      schema: {
        tags,
        description: 'One event.',
        params: eventParam,
        response: { 200: eventAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.event(callerOf(request), request.params.id, request.params.eventId),
    }),
  );

  app.delete(
    '/:id/events/:eventId',
    {
      schema: {
        tags,
        description: 'Cancels (deletes) an event (owner and moderators).',
        params: eventParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await communities.removeEvent(callerOf(request), request.params.id, request.params.eventId);
      return { success: true as const };
    },
  );

  app.put(
    '/:id/events/:eventId/rsvp',
    {
      schema: {
        tags,
        description: 'RSVP (members): `going` while seats remain (409 when full, nothing stored) or `waitlist`.',
        params: eventParam,
        body: rsvpInputSchema,
        response: { 200: eventAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.rsvp(callerOf(request), request.params.id, request.params.eventId, request.body.status),
    }),
  );

  app.delete(
    '/:id/events/:eventId/rsvp',
    {
      schema: {
        tags,
        description: 'Withdraws the caller’s RSVP; a freed seat goes to the first on the waitlist.',
        params: eventParam,
        response: { 200: eventAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await communities.cancelRsvp(callerOf(request), request.params.id, request.params.eventId),
    }),
  );

  app.get(
    '/:id/events/:eventId/ics',
    {
      schema: {
        tags,
        description: 'The event as an iCalendar file (add to calendar).',
        params: eventParam,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await communities.ics(callerOf(request), request.params.id, request.params.eventId);
      return sendBytes(
        reply,
        {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'x-content-type-options': 'nosniff',
        },
        file.body,
      );
    },
  );
};
