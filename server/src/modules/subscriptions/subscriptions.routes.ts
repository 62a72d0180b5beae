import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePlanInputSchema,
  subscriptionCheckoutAnswerSchema,
  subscriptionInvoiceSchema,
  subscriptionOverviewSchema,
} from '@atrium/domain-admin/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['subscription'];
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/**
 * The current business's Atrium plan (Stripe Billing). Mounted at /api/v1/subscription. Every member reads the plan;
 * owners buy, change and cancel it and read its invoices.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'The business’s tier (as the verified webhooks left it), its subscription’s status and period, and the plans with Stripe’s prices. configured false: Stripe Billing is not set up on this installation (an answer, not an error).',
        response: { 200: ok(subscriptionOverviewSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.overview(callerOf(request)) }),
  );

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        description: 'The subscription’s invoices, newest first, as Stripe’s invoice events described them (owners).',
        response: { 200: ok(z.array(subscriptionInvoiceSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.invoices(callerOf(request)) }),
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        description:
          'Stripe’s hosted Checkout (subscription mode) for a first paid plan (owners). The tier changes when Stripe’s verified webhook says the subscription is active. 409: not set up, plan not offered, or already subscribed (change the plan instead).',
        body: changePlanInputSchema,
        response: { 200: ok(subscriptionCheckoutAnswerSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.checkout(callerOf(request), request.body.tier),
    }),
  );

  app.post(
    '/portal',
    {
      schema: {
        tags,
        description:
          'Stripe’s hosted billing page for the business’s customer (the card after a failed payment, billing details), coming back to /subscription (owners). 409 before the first Checkout.',
        response: { 200: ok(subscriptionCheckoutAnswerSchema), ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.portal(callerOf(request)) }),
  );

  app.post(
    '/change',
    {
      schema: {
        tags,
        description:
          'Moves the subscription to another paid plan (owners): an upgrade is invoiced at once for the prorated difference and applied when paid, a downgrade leaves a prorated credit. The tier follows on the webhook.',
        body: changePlanInputSchema,
        response: { 200: ok(subscriptionOverviewSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.change(callerOf(request), request.body.tier),
    }),
  );

  app.post(
    '/cancel',
    {
      schema: {
        tags,
        description:
          'Cancels the subscription at the end of the period paid for (owners); the business keeps its tier until then.',
        response: { 200: ok(subscriptionOverviewSchema), ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.cancel(callerOf(request)) }),
  );

  app.post(
    '/resume',
    {
      schema: {
        tags,
        description: 'Takes back a cancellation before the period ends (owners).',
        response: { 200: ok(subscriptionOverviewSchema), ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.resume(callerOf(request)) }),
  );
};

/**
 * POST /api/v1/subscription/webhook: the platform account's Stripe events (subscriptions and their invoices), a
 * webhook endpoint of its own with its own secret (Stripe keeps account and Connect endpoints apart). Raw body,
 * verified; 400 and nothing changed otherwise. CSRF-exempt (lib/csrf.ts): the signature is the credential.
 */
export const subscriptionWebhookRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhook',
    {
      schema: {
        tags,
        description:
          'Stripe Billing’s webhook (customer.subscription.*, invoice.*): verified on the raw body with the Billing endpoint’s secret (300 s tolerance); each event id is processed once, with its effects, in one transaction.',
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await subscriptions.receiveWebhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
