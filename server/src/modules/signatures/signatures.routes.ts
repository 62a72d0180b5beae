import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentInputSchema,
  declineInputSchema,
  SIGNATURE_MESSAGES as M,
  signInputSchema,
  signingSessionSchema,
  signingStepAnswerSchema,
  voidInputSchema,
  workflowCreateSchema,
  workflowDocumentAnswerSchema,
  workflowListAnswerSchema,
  workflowListParamsSchema,
  workflowSchema,
  workflowSendAnswerSchema,
  workflowVerifyAnswerSchema,
} from '@atrium/domain-documents/schemas';
import { callerOf, clientMeta, errorResponses } from '../../lib/http';
import type { SignaturesService } from './signatures.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const documentParams = z.object({ documentId: pathId });
const tokenQuery = z.object({ token: z.string().min(1, M.linkNotFound).max(200) });
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const workflowAnswer = ok(workflowSchema);
/** The PDF as base64 text in `data`, as a document's PDF. */
const pdfAnswer = ok(z.string().describe('The PDF, base64'));
const tags = ['signatures'];

/**
 * Mounted at /api/v1/signatures: the business's signature workflows. Every route needs a session and reads only the
 * caller's business (another business's id → 404). Owners and admins create, send, remind and void; every member
 * reads; only an owner signs as the business owner.
 */
export const signaturesRoutes: FastifyPluginAsyncZod<{ signatures: SignaturesService }> = async (
  app,
  { signatures },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/workflows',
    {
      schema: {
        tags,
        description: 'A page of workflows, newest first, by status, document and search over title and signers',
        querystring: workflowListParamsSchema,
        response: { 200: workflowListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await signatures.list(callerOf(request), request.query)) }),
  );

  app.post(
    '/workflows',
    {
      config: { validationMessage: M.invalidData },
      schema: {
        tags,
        description:
          'A draft workflow for a contract: signers given (in order) or the contract’s own (clients first, then the ' +
          'business owner), sequential or any order, expiry (default 30 days) and reminder interval',
        body: workflowCreateSchema,
        response: { 201: workflowAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await signatures.create(callerOf(request), request.body, clientMeta(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/workflows/by-document/:documentId',
    {
      schema: {
        tags,
        description: 'The document’s latest workflow (404 when it has none; the client passes that 404 quietly)',
        params: documentParams,
        response: { 200: workflowAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.byDocument(callerOf(request), request.params.documentId),
    }),
  );

  app.get(
    '/workflows/:id',
    {
      schema: {
        tags,
        description: 'One workflow with its signers in order and its audit trail',
        params: idParams,
        response: { 200: workflowAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await signatures.get(callerOf(request), request.params.id) }),
  );

  app.post(
    '/workflows/:id/send',
    {
      schema: {
        tags,
        description:
          'Sends a draft: the contract is sent (its content frozen) and the first signer (sequential) or every ' +
          'signer (any order) is invited by e-mail with their own link',
        params: idParams,
        response: { 200: ok(workflowSendAnswerSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.send(callerOf(request), request.params.id, clientMeta(request)),
    }),
  );

  app.post(
    '/workflows/:id/remind',
    {
      schema: {
        tags,
        description: 'E-mails again every invited signer who has not signed (the same link)',
        params: idParams,
        response: { 200: ok(workflowSendAnswerSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.remind(callerOf(request), request.params.id, clientMeta(request)),
    }),
  );

  app.post(
    '/workflows/:id/void',
    {
      schema: {
        tags,
        description: 'Voids an open workflow: its links answer SIGNATURE_VOIDED from now on',
        params: idParams,
        body: voidInputSchema,
        response: { 200: workflowAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.void(callerOf(request), request.params.id, request.body.reason, clientMeta(request)),
    }),
  );

  app.post(
    '/workflows/:id/owner-consent',
    {
      schema: {
        tags,
        description: 'The business owner consents to the ESIGN disclosure (version, time, IP and user agent stored)',
        params: idParams,
        body: consentInputSchema,
        response: { 200: workflowAnswer, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.ownerConsent(callerOf(request), request.params.id, request.body, clientMeta(request)),
    }),
  );

  app.post(
    '/workflows/:id/owner-sign',
    {
      config: { validationMessage: M.invalidSignature },
      schema: {
        tags,
        description:
          'The business owner signs (drawn PNG or typed name) after consenting, in turn; the last signature ' +
          'completes the workflow and seals the PDF',
        params: idParams,
        body: signInputSchema,
        response: { 200: workflowAnswer, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.ownerSign(
        callerOf(request),
        request.params.id,
        request.body.signature,
        clientMeta(request),
      ),
    }),
  );

  app.get(
    '/workflows/:id/signed-pdf',
    {
      schema: {
        tags,
        description: 'The sealed PDF as base64 in `data` (409 until the workflow is completed)',
        params: idParams,
        response: { 200: pdfAnswer, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.signedPdf(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/workflows/:id/document',
    {
      schema: {
        tags,
        description:
          'The contract as its signers see it: the snapshot taken at send (asSent), or for a draft the document now',
        params: idParams,
        response: { 200: ok(workflowDocumentAnswerSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.document(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/workflows/:id/document-pdf',
    {
      schema: {
        tags,
        description: "That contract's PDF (before signatures) as base64 in `data`, drawn from the snapshot",
        params: idParams,
        response: { 200: pdfAnswer, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.documentPdf(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/workflows/:id/verify',
    {
      schema: {
        tags,
        description: 'The stored sealed PDF checked again (seal, SHA-256) and the audit trail’s hash chain recomputed',
        params: idParams,
        response: { 200: ok(workflowVerifyAnswerSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.verify(callerOf(request), request.params.id),
    }),
  );
};

/**
 * Mounted at /api/v1/public/documents: a signer's link (`?token=sig_…`), signed out, rate-limited per IP. 404 for an
 * unknown or forged link or another document's; 410 GONE expired; 409 SIGNATURE_LINK_USED once signed or declined;
 * 410 SIGNATURE_VOIDED / SIGNATURE_DECLINED; 409 SIGNATURE_NOT_YOUR_TURN (sequential). The writes keep the CSRF
 * check (the link opens a page of our own, which holds the double-submit cookie).
 */
export const publicSigningRoutes: FastifyPluginAsyncZod<{ signatures: SignaturesService; rateLimit: number }> = async (
  app,
  { signatures, rateLimit },
) => {
  const limit = {
    rateLimit: { max: rateLimit, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `sign|${r.ip}` },
  };
  const linkErrors = errorResponses(400, 404, 409, 410, 429);

  app.get(
    '/:id/signing',
    {
      config: limit,
      schema: {
        tags,
        description: 'What the signer sees: the document, the signers, their turn, the disclosure; records "opened"',
        params: idParams,
        querystring: tokenQuery,
        response: { 200: ok(signingSessionSchema), ...linkErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.session(request.params.id, request.query.token, clientMeta(request)),
    }),
  );

  app.get(
    '/:id/signing/pdf',
    {
      config: limit,
      schema: {
        tags,
        description: 'The contract’s PDF through the signer’s link, as base64 in `data`',
        params: idParams,
        querystring: tokenQuery,
        response: { 200: pdfAnswer, ...linkErrors, ...errorResponses(503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.sessionPdf(request.params.id, request.query.token),
    }),
  );

  app.post(
    '/:id/signing/consent',
    {
      config: limit,
      schema: {
        tags,
        description: 'The signer consents to the ESIGN disclosure (version, time, IP and user agent stored)',
        params: idParams,
        querystring: tokenQuery,
        body: consentInputSchema,
        response: { 200: ok(signingStepAnswerSchema), ...linkErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.publicConsent(request.params.id, request.query.token, request.body, clientMeta(request)),
    }),
  );

  app.post(
    '/:id/signing/sign',
    {
      config: { ...limit, validationMessage: M.invalidSignature },
      schema: {
        tags,
        description: 'The signer signs (drawn PNG or typed name) after consenting; the link is spent',
        params: idParams,
        querystring: tokenQuery,
        body: signInputSchema,
        response: { 200: ok(signingStepAnswerSchema), ...linkErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.publicSign(
        request.params.id,
        request.query.token,
        request.body.signature,
        clientMeta(request),
      ),
    }),
  );

  app.post(
    '/:id/signing/decline',
    {
      config: limit,
      schema: {
        tags,
        description: 'The signer declines with a reason: the workflow ends declined and the owners are told',
        params: idParams,
        querystring: tokenQuery,
        body: declineInputSchema,
        response: { 200: ok(signingStepAnswerSchema), ...linkErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await signatures.publicDecline(
        request.params.id,
        request.query.token,
        request.body.reason,
        clientMeta(request),
      ),
    }),
  );
};
