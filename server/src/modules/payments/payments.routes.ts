import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutAnswerSchema,
  invoicePaymentsSchema,
  paymentListAnswerSchema,
  paymentListParamsSchema,
  paymentSchema,
  paymentStatusQuerySchema,
  publicInvoicePaymentSchema,
  publicInvoiceQuerySchema,
  publicPaymentStatusSchema,
  refundInputSchema,
  resolveHeldInputSchema,
  signingDepositSchema,
} from '@atrium/domain-documents/schemas';
import { callerOf, clientMeta, errorResponses } from '../../lib/http';
import type { PaymentsService } from './payments.service';
import type { SigningDepositService } from './signing-deposit';

const tags = ['payments'];
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The business's payments (finance). Mounted at /api/v1/payments. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: 'The business’s payments, newest first (card and manual; held, failed and refunded ones too).',
        querystring: paymentListParamsSchema,
        response: { 200: paymentListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ success: true as const, ...(await payments.list(callerOf(request), request.query)) }),
  );

  app.post(
    '/:id/resolve',
    {
      schema: {
        tags,
        description:
          'A payment held for review: apply counts what was received towards its invoice; dismiss refunds it through Stripe. 409 unless held.',
        params: idParams,
        body: resolveHeldInputSchema,
        response: { 200: ok(paymentSchema), ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.resolveHeld(callerOf(request), request.params.id, request.body.action),
    }),
  );

  app.post(
    '/:id/refund',
    {
      schema: {
        tags,
        description:
          'Refunds a card payment through Stripe (what is left of it without an amount). The payment shows the refund when Stripe’s charge.refunded event arrives.',
        params: idParams,
        body: refundInputSchema,
        response: { 200: ok(paymentSchema), ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.refund(callerOf(request), request.params.id, request.body.amount),
    }),
  );
};

/** GET /api/v1/documents/{id}/payments: an invoice's payments and what is received and left. */
export const invoicePaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/:id/payments',
    {
      schema: {
        tags,
        description: 'The invoice’s payments (newest first), its total, what is received (net of refunds) and left.',
        params: idParams,
        response: { 200: ok(invoicePaymentsSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.ofInvoice(callerOf(request), request.params.id),
    }),
  );
};

/**
 * The signed-out pay flow, mounted at /api/v1/public. The invoice's public link token authorises the invoice calls
 * (404 unknown/forged/revoked, 410 expired); the status call takes the Checkout Session id Stripe put in the
 * success URL and the key (an HMAC of the payment) beside it, and only reads.
 */
export const publicPaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; rateLimit: number }> = async (
  app,
  { payments, rateLimit },
) => {
  const limit = (max: number) => ({
    rateLimit: { max, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `pay|${r.ip}` },
  });

  app.get(
    '/invoices/:id/payment',
    {
      config: limit(rateLimit),
      schema: {
        tags,
        description: 'What /invoices/pay shows: the invoice, what is paid and due now, and whether card payment works.',
        params: idParams,
        querystring: publicInvoiceQuerySchema,
        response: { 200: ok(publicInvoicePaymentSchema), ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.publicInvoice(request.params.id, request.query.token),
    }),
  );

  app.post(
    '/invoices/:id/checkout',
    {
      config: limit(Math.max(1, Math.floor(rateLimit / 4))),
      schema: {
        tags,
        description:
          'A Stripe Checkout Session for what is due now (the deposit first when the schedule has one, else the balance); the browser goes to `url`. 409 when card payment is not set up, the invoice is paid or nothing is due.',
        params: idParams,
        querystring: publicInvoiceQuerySchema,
        response: { 200: ok(checkoutAnswerSchema), ...errorResponses(400, 403, 404, 409, 410, 429, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.checkout(request.params.id, request.query.token),
    }),
  );

  app.get(
    '/payments/status',
    {
      config: limit(rateLimit),
      schema: {
        tags,
        description:
          'What became of a Checkout Session (/invoice-payment-success polls it while pending), with the key the success URL carries (404 without it). Read only: the webhook alone marks money received.',
        querystring: paymentStatusQuerySchema,
        response: { 200: ok(publicPaymentStatusSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.publicStatus(request.query.session_id, request.query.key),
    }),
  );
};

/**
 * GET /api/v1/public/documents/{contractId}/signing/deposit?token=sig_…: sign and pay from one link — the invoice
 * that goes with the contract, through the client's signing link (the signing link's own answers: 404 unknown or
 * forged, 410 expired or voided, 409 used). Rate-limited per address with the signing calls' key.
 */
export const signingDepositRoutes: FastifyPluginAsyncZod<{
  deposits: SigningDepositService;
  rateLimit: number;
}> = async (app, { deposits, rateLimit }) => {
  app.get(
    '/:id/signing/deposit',
    {
      config: {
        rateLimit: { max: rateLimit, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `sign|${r.ip}` },
      },
      schema: {
        tags,
        description:
          'The invoice in the contract’s package (sent or viewed, not paid) with what is due now and its own link token, so the client pays after signing on the same visit; `deposit` null when there is none. Ask it before signing: the signing link is single-use.',
        params: idParams,
        querystring: z.object({ token: z.string().min(1, 'Token is required').max(200) }),
        response: { 200: ok(signingDepositSchema), ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deposits.forSigningLink(request.params.id, request.query.token, clientMeta(request)),
    }),
  );
};

/**
 * POST /api/v1/stripe/webhook: Stripe's deliveries. The body is kept raw (this plugin's own JSON parser) because the
 * signature is over its exact bytes; 400 and nothing changed unless it verifies. CSRF-exempt (lib/csrf.ts): Stripe
 * sends no cookie, the signature is the credential.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
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
          'Stripe’s webhook: verified on the raw body with the endpoint secret (300 s tolerance); each event id is processed once, with its effects, in one transaction. 409 (nothing kept, Stripe delivers it again): a refund of one of our payments whose completion has not arrived yet; 503 when Stripe must be asked and does not answer.',
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 409, 503) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await payments.receiveWebhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
