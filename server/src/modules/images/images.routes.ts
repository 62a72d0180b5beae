import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { IMAGE_MESSAGES, LOGO_CACHE_MS, userSchema } from '@atrium/contracts';
import { BUSINESS_MESSAGES, businessSchema } from '@atrium/domain-admin/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from '../../lib/images';
import type { ImagesService } from './images.service';

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
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        description: 'Upload the logo (owner or admin): multipart field "logo" (or "file"), png/jpeg/webp/gif, 2 MB',
        consumes: ['multipart/form-data'],
        params: businessParams,
        response: { 200: businessAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await images.assertMayChangeLogo(caller, request.params.id);
      const image = await readImageUpload(request, LOGO_FIELDS, BUSINESS_MESSAGES.invalidLogoFormat);
      return { success: true as const, data: await images.setBusinessLogo(caller, request.params.id, image) };
    },
  );

  app.delete(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        description: 'Remove the logo (owner or admin)',
        params: businessParams,
        response: { 200: businessAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      return { success: true as const, data: await images.deleteBusinessLogo(callerOf(request), request.params.id) };
    },
  );

  app.get(
    '/businesses/:id/logo',
    {
      schema: {
        tags: ['businesses'],
        description: 'The logo image (members); 404 when there is none',
        params: businessParams,
        querystring: versionQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      return sendImage(reply, await images.businessLogo(callerOf(request), request.params.id));
    },
  );

  app.post(
    '/users/me/picture',
    {
      schema: {
        tags: ['users'],
        description: 'Upload your profile picture: multipart field "picture" (or "file"), png/jpeg/webp/gif, 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: userAnswer, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const image = await readImageUpload(request, PICTURE_FIELDS, IMAGE_MESSAGES.invalidPictureFormat);
      return { success: true as const, user: await images.setUserPicture(caller, image) };
    },
  );

  app.delete(
    '/users/me/picture',
    {
      schema: {
        tags: ['users'],
        description: 'Remove your profile picture',
        response: { 200: userAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      return { success: true as const, user: await images.deleteUserPicture(callerOf(request)) };
    },
  );

  app.get(
    '/users/:id/picture/medium',
    {
      schema: {
        tags: ['users'],
        description: "A user's profile picture (any signed-in user); 404 when there is none",
        params: userParams,
        querystring: versionQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      callerOf(request);
      return sendImage(reply, await images.userPicture(request.params.id));
    },
  );
};
