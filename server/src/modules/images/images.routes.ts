import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { BUSINESS_MESSAGES, IMAGE_MESSAGES, LOGO_CACHE_MS, businessSchema, userSchema } from '@atrium/contracts';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { callerOf, errorResponses } from '../../lib/http';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from '../../lib/images';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { BusinessesService } from '../businesses/businesses.service';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { ImagesRepository } from './images.repository';

const pathId = z.string().min(1).max(100);
const businessParams = z.object({ id: pathId });
const userParams = z.object({ id: pathId });
const businessAnswer = z.object({ success: z.literal(true), data: businessSchema });
const userAnswer = z.object({ success: z.literal(true), user: userSchema });
/** The `v` query of logo/picture URLs only busts caches; the server ignores its value. */
const versionQuery = z.object({ v: z.string().max(100).optional() });

const CACHE_CONTROL = `private, max-age=${Math.round(LOGO_CACHE_MS / 1000)}`;
const LOGO_FIELDS = ['logo', 'file'] as const;
const PICTURE_FIELDS = ['picture', 'file'] as const;

function sendImage(reply: FastifyReply, image: { mime: string; bytes: Buffer }) {
  return reply
    .header('content-type', image.mime)
    .header('cache-control', CACHE_CONTROL)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);
}

/**
 * Pictures: business logos and user profile pictures. Mounted at /api/v1 (no prefix). Uploads are multipart
 * (one file, at most IMAGE_MAX_BYTES → else 413), png/jpeg/webp/gif by their magic bytes with a matching
 * declared type (else 415); nothing is stored when a check fails. GETs answer the bytes with a 5-minute
 * private cache.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const repo = new ImagesRepository(deps.db);
  const businesses = new BusinessesService(new BusinessesRepository(deps.db), deps);
  const users = new UsersService(new UsersRepository(deps.db), deps);

  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Upload the logo (owner or admin): multipart field "logo" (or "file"), png/jpeg/webp/gif, 2 MB',
        consumes: ['multipart/form-data'],
        params: businessParams,
        response: { 200: businessAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      await businesses.requireManager(request.params.id, userId);
      const image = await readImageUpload(request, LOGO_FIELDS, BUSINESS_MESSAGES.invalidLogoFormat);
      await repo.setBusinessLogo(request.params.id, image);
      return { success: true as const, data: await businesses.dto(request.params.id) };
    },
  );

  app.delete(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Remove the logo (owner or admin)',
        params: businessParams,
        response: { 200: businessAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      await businesses.requireManager(request.params.id, userId);
      await repo.deleteBusinessLogo(request.params.id);
      return { success: true as const, data: await businesses.dto(request.params.id) };
    },
  );

  app.get(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        summary: 'The logo image (members); 404 when there is none',
        params: businessParams,
        querystring: versionQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      await businesses.requireRole(request.params.id, callerOf(request).userId);
      const logo = await repo.businessLogo(request.params.id);
      if (!logo) throw new AppError('NOT_FOUND', BUSINESS_MESSAGES.logoNotFound);
      return sendImage(reply, logo);
    },
  );

  app.post(
    '/users/me/picture',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload your profile picture: multipart field "picture" (or "file"), png/jpeg/webp/gif, 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: userAnswer, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const image = await readImageUpload(request, PICTURE_FIELDS, IMAGE_MESSAGES.invalidPictureFormat);
      await repo.setUserPicture(caller.userId, image);
      return { success: true as const, user: await users.me(caller.userId, caller.businessId) };
    },
  );

  app.delete(
    '/users/me/picture',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove your profile picture',
        response: { 200: userAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await repo.deleteUserPicture(caller.userId);
      return { success: true as const, user: await users.me(caller.userId, caller.businessId) };
    },
  );

  app.get(
    '/users/:id/picture/medium',
    {
      schema: {
        tags: ['users'],
        summary: "A user's profile picture (any signed-in user); 404 when there is none",
        params: userParams,
        querystring: versionQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      callerOf(request);
      const picture = await repo.userPicture(request.params.id);
      if (!picture) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.pictureNotFound);
      return sendImage(reply, picture);
    },
  );
};
