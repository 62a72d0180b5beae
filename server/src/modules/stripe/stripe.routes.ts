import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeAccountStatusSchema, stripeConnectAnswerSchema } from '@atrium/domain-documents/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { StripeService } from './stripe.service';

const tags = ['integrations'];
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/**
 * The business's Stripe connection (Stripe Connect). Mounted at /api/v1/stripe. Reading the status is for every
 * member; connecting and disconnecting for owners and admins.
 */
export const stripeRoutes: FastifyPluginAsyncZod<{ stripe: StripeService }> = async (app, { stripe }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/account-status',
    {
      schema: {
        tags,
        description:
          'Whether the installation has Stripe keys (configured) and the business a connected account, with Stripe’s flags (chargesEnabled: card payment works). Not configured is an answer, not an error.',
        response: { 200: ok(stripeAccountStatusSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await stripe.status(callerOf(request)) }),
  );

  app.post(
    '/connect',
    {
      schema: {
        tags,
        description:
          'Creates the business’s connected Stripe account on the first call and answers Stripe’s onboarding address (an account link returning to the integrations tab). 409 when Stripe is not configured, 503 when Stripe does not answer.',
        response: { 200: ok(stripeConnectAnswerSchema), ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, data: await stripe.connect({ ...caller, email: caller.user.email }) };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags,
        description: 'Reads the connected account’s flags again from Stripe (after the onboarding’s return).',
        response: { 200: ok(stripeAccountStatusSchema), ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await stripe.refresh(callerOf(request)) }),
  );

  app.delete(
    '/account',
    {
      schema: {
        tags,
        description: 'Forgets the business’s Stripe connection (card payment stops; the Stripe account stays theirs).',
        response: { 200: ok(stripeAccountStatusSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await stripe.disconnect(callerOf(request)) }),
  );
};
