import multipart from '@fastify/multipart';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LISTING_IMAGES_MAX,
  MARKET_MESSAGES,
  listingAnswerSchema,
  listingImageAnswerSchema,
  listingImageListAnswerSchema,
  listingInputSchema,
  listingListAnswerSchema,
  listingSearchSchema,
  listingUpdateSchema,
  marketCheckoutAnswerSchema,
  moderationListAnswerSchema,
  moderationQuerySchema,
  myListingsQuerySchema,
  reportInputSchema,
  reviewAnswerInputSchema,
  reviewAnswerSchema,
  reviewInputSchema,
  reviewListAnswerSchema,
  reviewListQuerySchema,
  transactionAnswerSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from '@atrium/domain-market/schemas';
import { sendBytes } from '../../lib/file-reply';
import { callerOf, errorResponses, okSchema } from '../../lib/http';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from '../../lib/images';
import type { MarketplaceService } from './marketplace.service';

const tags = ['marketplace'];
const pathId = z.string().min(1).max(100);
const idParam = z.object({ id: pathId });
const imageParam = z.object({ id: pathId, imageId: pathId });
const userParam = z.object({ userId: pathId });
const IMAGE_FIELDS = ['image', 'file'] as const;

/**
 * Mounted at /api/v1/marketplace. Every route needs a session. A listing takes its community's visibility (a private
 * community's listings, images and reviews answer 404 to non-members); see MarketplaceService for who may do what.
 */
export const marketplaceRoutes: FastifyPluginAsyncZod<{ marketplace: MarketplaceService }> = async (
  app,
  { marketplace },
) => {
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
  app.addHook('onRequest', app.authenticate);

  // ---- listings ----

  app.get(
    '/listings',
    {
      schema: {
        tags,
        description:
          'Searches the active listings the caller may see (public communities and private ones they belong to; not those of a seller either side blocked): `q` in title and description, category, delivery, currency, price range in minor units, community, seller; newest or by price. The total counts up to 1,000 (a total past that tells nothing to someone paging).',
        querystring: listingSearchSchema,
        response: { 200: listingListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ success: true as const, ...(await marketplace.search(callerOf(request), request.query)) }),
  );

  app.get(
    '/listings/mine',
    {
      schema: {
        tags,
        description: 'The caller’s own listings (every status but archived unless `status` asks for it).',
        querystring: myListingsQuerySchema,
        response: { 200: listingListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ success: true as const, ...(await marketplace.mine(callerOf(request), request.query)) }),
  );

  app.post(
    '/listings',
    {
      schema: {
        tags,
        description:
          'Lists a service or product in a community the caller is an active member of, sold for the business they act for. Price in minor units, 1.00 to 999,999.99; text is kept as plain text.',
        body: listingInputSchema,
        response: { 201: listingAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { validationMessage: 'Invalid listing data' },
    },
    async (request, reply) => {
      const data = await marketplace.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/listings/:id',
    {
      schema: {
        tags,
        description:
          'A listing with its images, rating and whether the caller can buy it now (`checkout.message` says why not). Paused listings are seen by their seller only; archived ones by no one; a seller either side blocked answers 404 as an unknown listing.',
        params: idParam,
        response: { 200: listingAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await marketplace.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/listings/:id',
    {
      schema: {
        tags,
        description: 'Changes a listing (its seller only: 403 for anyone else who sees it).',
        params: idParam,
        body: listingUpdateSchema,
        response: { 200: listingAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { validationMessage: 'Invalid listing update data' },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/listings/:id',
    {
      schema: {
        tags,
        description:
          'Deletes a listing (its seller only): archived, out of search and not for sale; its sales and reviews stay.',
        params: idParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await marketplace.remove(callerOf(request), request.params.id);
      return { success: true as const };
    },
  );

  // ---- images ----

  app.get(
    '/listings/:id/images',
    {
      schema: {
        tags,
        description: 'A listing’s images, in order.',
        params: idParam,
        response: { 200: listingImageListAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.images(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/listings/:id/images',
    {
      schema: {
        tags,
        description: `Adds an image (the seller only): multipart field "image" (or "file"), png/jpeg/webp/gif checked by their bytes, 2 MB (413), at most ${LISTING_IMAGES_MAX} per listing (409).`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 201: listingImageAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await marketplace.assertMayChangeImages(caller, request.params.id);
      const image = await readImageUpload(request, IMAGE_FIELDS, MARKET_MESSAGES.invalidImageFormat);
      const data = await marketplace.addImage(caller, request.params.id, image, LISTING_IMAGES_MAX);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/listings/:id/images/:imageId',
    {
      schema: {
        tags,
        description: 'An image’s bytes.',
        params: imageParam,
        response: errorResponses(401, 404),
      },
    },
    async (request, reply) => {
      const image = await marketplace.imageBytes(callerOf(request), request.params.id, request.params.imageId);
      return sendBytes(
        reply,
        {
          'content-type': image.mime,
          'cache-control': 'private, max-age=3600',
          'content-disposition': 'inline',
          'x-content-type-options': 'nosniff',
        },
        image.bytes,
      );
    },
  );

  app.delete(
    '/listings/:id/images/:imageId',
    {
      schema: {
        tags,
        description: 'Removes an image (the seller only).',
        params: imageParam,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await marketplace.removeImage(callerOf(request), request.params.id, request.params.imageId);
      return { success: true as const };
    },
  );

  // ---- purchases ----

  app.post(
    '/listings/:id/checkout',
    {
      schema: {
        tags,
        description:
          'Starts buying a listing: a Stripe Checkout Session on the seller’s business’s connected account (send the browser to `url`). 403 for one’s own listing; 409 not for sale; 503 when card payment is not set up (here or for the seller) or Stripe does not answer. Only the verified webhook marks it paid.',
        params: idParam,
        response: { 200: marketCheckoutAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.checkout(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/purchases',
    {
      schema: {
        tags,
        description: 'The caller’s purchases, newest first.',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await marketplace.transactions(callerOf(request), 'buyer', request.query)),
    }),
  );

  app.get(
    '/sales',
    {
      schema: {
        tags,
        description: 'The caller’s sales, newest first.',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await marketplace.transactions(callerOf(request), 'seller', request.query)),
    }),
  );

  app.get(
    '/transactions/:id',
    {
      schema: {
        tags,
        description: 'A purchase or sale with its status and receipt (its buyer and seller only; 404 for anyone else).',
        params: idParam,
        response: { 200: transactionAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.transaction(callerOf(request), request.params.id),
    }),
  );

  // ---- reviews ----

  app.post(
    '/transactions/:id/review',
    {
      schema: {
        tags,
        description:
          'The buyer reviews a completed purchase (rating 1–5, text): once per purchase. 409 before the purchase is paid and for a second review.',
        params: idParam,
        body: reviewInputSchema,
        response: { 201: reviewAnswerSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await marketplace.createReview(callerOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/listings/:id/reviews',
    {
      schema: {
        tags,
        description:
          'A listing’s visible reviews, newest first, with their rating summary (without those by someone either side blocked).',
        params: idParam,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await marketplace.listingReviews(
        callerOf(request),
        request.params.id,
        request.query.page,
        request.query.limit,
      )),
    }),
  );

  app.get(
    '/users/:userId/reviews',
    {
      schema: {
        tags,
        description: 'The visible reviews of a seller’s listings in communities the caller may see.',
        params: userParam,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await marketplace.userReviews(
        callerOf(request),
        request.params.userId,
        request.query.page,
        request.query.limit,
      )),
    }),
  );

  app.get(
    '/reviews/moderation',
    {
      schema: {
        tags,
        description:
          'Reviews to moderate in the communities the caller owns or moderates: `reported` (visible, with open reports) or `hidden`; each with its open reports and `canModerate` (false on a review of the caller’s own listing or their own review).',
        querystring: moderationQuerySchema,
        response: { 200: moderationListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await marketplace.moderation(callerOf(request), request.query)),
    }),
  );

  app.put(
    '/reviews/:id/answer',
    {
      schema: {
        tags,
        description: 'The seller answers a review of their listing (a new answer replaces the old).',
        params: idParam,
        body: reviewAnswerInputSchema,
        response: { 200: reviewAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.answerReview(callerOf(request), request.params.id, request.body.text),
    }),
  );

  app.post(
    '/reviews/:id/report',
    {
      schema: {
        tags,
        description: 'Reports a review to the community’s moderators (once per person: 409 the second time).',
        params: idParam,
        body: reportInputSchema,
        response: { 200: reviewAnswerSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await marketplace.reportReview(callerOf(request), request.params.id, request.body.reason),
    }),
  );

  for (const [path, hidden, description] of [
    [
      '/reviews/:id/hide',
      true,
      'Hides a review (the listing’s community’s owner and moderators): out of the listing’s reviews and rating.',
    ],
    [
      '/reviews/:id/restore',
      false,
      'Shows a hidden review again (the listing’s community’s owner and moderators); its open reports are resolved (kept, out of the queue) and may be made again.',
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          description,
          params: idParam,
          response: { 200: reviewAnswerSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await marketplace.setReviewHidden(callerOf(request), request.params.id, hidden),
      }),
    );
  }
};
