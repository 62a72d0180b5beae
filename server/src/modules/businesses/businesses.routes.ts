import * as z from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@atrium/contracts';
import {
  acceptInviteSchema,
  businessInviteSchema,
  businessMemberSchema,
  businessSchema,
  createBusinessSchema,
  inviteMemberSchema,
  updateBusinessSchema,
  updateMemberRoleSchema,
} from '@atrium/domain-admin/schemas';
import type { Config } from '../../config';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import { setAccessCookie, tokensForBody } from '../../lib/session-cookies';
import type { BusinessesService, SessionMove } from './businesses.service';

export interface BusinessesRoutesOptions {
  businesses: BusinessesService;
  config: Pick<Config, 'cookieSecure'>;
}

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const pathId = z.string().min(1).max(100);
const businessParams = z.object({ id: pathId });
const memberParams = z.object({ id: pathId, userId: pathId });
const inviteParams = z.object({ id: pathId, inviteId: pathId });
/** The caller as /users/me now sees them, and the access token when the session's business changed. */
const movedSchema = z.object({ success: z.literal(true), user: userSchema, accessToken: z.string().optional() });

/**
 * docs/requirements.md §7 "Businesses". Mounted at /api/v1/businesses. Every `:id` must be a business the caller is a
 * member of, else 404; settings and member management need owner or admin (403 otherwise). Logo routes live
 * in modules/images.
 */
export const businessesRoutes: FastifyPluginAsyncZod<BusinessesRoutesOptions> = async (app, { businesses, config }) => {
  app.addHook('onRequest', app.authenticate);

  /**
   * Sets the access cookie of a moved session; the answer carries the new token only for clients that ask for
   * tokens in bodies (TOKEN_BODY_HEADER, as login does), never for the browser app.
   */
  const moved = (request: FastifyRequest, reply: Parameters<typeof setAccessCookie>[0], move: SessionMove) => {
    setAccessCookie(reply, move.accessToken, move.rememberMe, config.cookieSecure);
    return { success: true as const, user: move.user, ...tokensForBody(request, move) };
  };

  app.get(
    '',
    {
      schema: {
        tags: ['businesses'],
        description: "The caller's businesses, each with its members",
        response: { 200: ok(z.array(businessSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await businesses.listForUser(callerOf(request).userId) }),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['businesses'],
        description: 'Create a business; the caller becomes its owner',
        body: createBusinessSchema,
        response: { 201: ok(businessSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await businesses.create(callerOf(request).userId, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/accept-invite',
    {
      schema: {
        tags: ['businesses'],
        description: "Join an invite's business (the invite's address must be the caller's)",
        body: acceptInviteSchema,
        response: { 200: ok(businessSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await businesses.acceptInvite(callerOf(request), request.body.token),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['businesses'],
        description: 'One business of the caller, with its members',
        params: businessParams,
        response: { 200: ok(businessSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await businesses.get(callerOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['businesses'],
        description: 'Update name, type, colours or settings (owner or admin)',
        params: businessParams,
        body: updateBusinessSchema,
        response: { 200: ok(businessSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await businesses.update(callerOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['businesses'],
        description: "Delete a business (owner; not the caller's only one). Sessions on it move to another business",
        params: businessParams,
        response: { 200: movedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const move = await businesses.remove(caller, request.params.id);
      return move ? moved(request, reply, move) : { success: true as const, user: caller.user };
    },
  );

  app.post(
    '/:id/switch',
    {
      schema: {
        tags: ['businesses'],
        description: "Make this business the session's current one (re-issues the access cookie)",
        params: businessParams,
        response: { 200: movedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => moved(request, reply, await businesses.switchTo(callerOf(request), request.params.id)),
  );

  app.get(
    '/:id/invites',
    {
      schema: {
        tags: ['businesses'],
        description: 'Pending invites (owner or admin)',
        params: businessParams,
        response: { 200: ok(z.array(businessInviteSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await businesses.listInvites(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/:id/invites',
    {
      schema: {
        tags: ['businesses'],
        description: 'Invite by e-mail with a role (owner or admin; owners only invite owners). Replaces a pending one',
        params: businessParams,
        body: inviteMemberSchema,
        response: { 201: ok(businessInviteSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 10 * 60_000,
          // After the session check, so the key is the inviting user.
          hook: 'preHandler',
          keyGenerator: (request) => `invite|${request.auth?.userId ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const data = await businesses.invite(callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.delete(
    '/:id/invites/:inviteId',
    {
      schema: {
        tags: ['businesses'],
        description: 'Revoke a pending invite (owner or admin)',
        params: inviteParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await businesses.revokeInvite(callerOf(request).userId, request.params.id, request.params.inviteId);
      return { success: true as const };
    },
  );

  app.put(
    '/:id/members/:userId',
    {
      schema: {
        tags: ['businesses'],
        description: "Change a member's role (owner or admin; owner roles only by an owner; the last owner stays)",
        params: memberParams,
        body: updateMemberRoleSchema,
        response: { 200: ok(businessMemberSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await businesses.updateMemberRole(
        callerOf(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags: ['businesses'],
        description: 'Remove a member (owner or admin), or leave (your own id). The last owner stays',
        params: memberParams,
        response: { 200: movedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const move = await businesses.removeMember(caller, request.params.id, request.params.userId);
      return move ? moved(request, reply, move) : { success: true as const, user: caller.user };
    },
  );
};
