import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audienceCountSchema,
  campaignAudienceSchema,
  campaignDetailSchema,
  campaignInputSchema,
  campaignRecipientsAnswerSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
  unsubscribeInfoSchema,
} from '@atrium/domain-comms/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { CampaignsService } from './campaigns.service';

const tags = ['email-campaigns'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const one = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Mounted at /api/v1/email-campaigns; scoped to the caller's business. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (app, { campaigns }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: "The business's campaigns, newest first, with their recipients per status.",
        response: { 200: one(z.array(campaignSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.list(callerOf(request)) }),
  );

  app.post(
    '/audience-count',
    {
      schema: {
        tags,
        description: 'How many addresses an audience gives now (unsubscribed ones left out), before sending.',
        body: z.object({ audience: campaignAudienceSchema }),
        response: { 200: one(audienceCountSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await campaigns.audienceCount(callerOf(request), request.body.audience),
    }),
  );

  app.post(
    '',
    {
      config: { validationMessage: 'Invalid campaign' },
      schema: {
        tags,
        description:
          'Creates a campaign from a template and queues it (now or at sendAt). 0 recipients or an unknown merge tag → 400; an unknown template → 404; Gmail not connected → 409; too large → 413. Nothing is stored on a refusal.',
        body: campaignInputSchema,
        response: { 201: one(campaignSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await campaigns.create(callerOf(request), request.body) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: one(campaignDetailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.get(callerOf(request), request.params.id) }),
  );

  app.get(
    '/:id/recipients',
    {
      schema: {
        tags,
        description:
          "A page of the campaign's recipients with their status (queued, sending, sent, failed, bounced, unknown).",
        params: idParams,
        querystring: campaignRecipientsQuerySchema,
        response: { 200: campaignRecipientsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await campaigns.recipients(callerOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: one(campaignSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.cancel(callerOf(request), request.params.id) }),
  );

  app.post(
    '/:id/resume',
    {
      schema: {
        tags,
        description: 'Sends what is still queued of a campaign that stopped because Gmail was disconnected.',
        params: idParams,
        response: { 200: one(campaignSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.resume(callerOf(request), request.params.id) }),
  );
};

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Mounted at /api/v1/public/unsubscribe: a campaign message's unsubscribe link, signed out; the HMAC token names the
 * recipient. POST is also List-Unsubscribe-Post's one-click target (a mail client posts without cookies): CSRF-exempt,
 * and harmless (it only adds the address to the business's unsubscribe list).
 */
export const publicUnsubscribeRoutes: FastifyPluginAsyncZod<{
  campaigns: CampaignsService;
  rateLimit: number;
}> = async (app, { campaigns, rateLimit }) => {
  const config = {
    rateLimit: { max: rateLimit, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `unsub|${r.ip}` },
  };
  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058); nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  app.get(
    '/:token',
    {
      config,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: one(unsubscribeInfoSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.unsubscribeInfo(request.params.token) }),
  );

  app.post(
    '/:token',
    {
      config,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: one(unsubscribeInfoSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.unsubscribe(request.params.token) }),
  );
};
