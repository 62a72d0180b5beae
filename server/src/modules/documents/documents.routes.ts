import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MESSAGES as M,
  documentInputSchema,
  documentLinkSchema,
  documentListAnswerSchema,
  documentListParamsSchema,
  documentPreviewSchema,
  documentSchema,
  documentSendAnswerSchema,
  documentSummarySchema,
  documentUpdateSchema,
  fromTemplateInputSchema,
  publicDocumentSchema,
  taxRateInputSchema,
  taxRateSchema,
  taxRateUpdateSchema,
} from '@atrium/domain-documents/schemas';
import { registerCopyRoute, registerWriteRoutes } from '../../lib/crud-routes';
import { callerOf, errorResponses } from '../../lib/http';
import type { DocumentsService } from './documents.service';

const pathId = z.string().min(1).max(100);
const idParams = z.object({ id: pathId });
const templateParams = z.object({ templateId: pathId });
const projectParams = z.object({ projectId: pathId });
const tokenQuery = z.object({ token: z.string().min(1, M.linkNotFound).max(200) });

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const documentAnswer = ok(documentSchema);
/** The PDF as base64 text in `data` (spec: read as text, JSON whose data holds the base64 PDF). */
const pdfAnswer = ok(z.string().describe('The PDF, base64'));
const tags = ['documents'];

/**
 * Mounted at /api/v1/documents: the business's invoices, contracts and questionnaires, their templates, links and
 * PDFs, and the business's tax rates. Every route needs a session and reads only the caller's business (another
 * business's id → 404).
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description:
          'A page of documents (templates with isTemplate=true) by type, status (expired: sent or viewed past ' +
          'expiresAt), contact, project and search over title, number and contact name.',
        querystring: documentListParamsSchema,
        response: { 200: documentListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await documents.list(callerOf(request), request.query)) }),
  );

  // ---- one project's documents, templates ----

  app.get(
    '/project/:projectId',
    {
      schema: {
        tags,
        description: 'The project’s documents (not templates), newest first',
        params: projectParams,
        response: { 200: ok(z.array(documentSummarySchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.ofProject(callerOf(request), request.params.projectId),
    }),
  );

  app.post(
    '/from-template/:templateId',
    {
      config: { validationMessage: M.invalidData },
      schema: {
        tags,
        description: 'A new draft with the template’s content, for a contact and project if given',
        params: templateParams,
        body: fromTemplateInputSchema.nullish(),
        response: { 201: documentAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body ?? { contactId: null, projectId: null };
      const data = await documents.createFromTemplate(callerOf(request), request.params.templateId, body);
      return reply.status(201).send({ success: true, data });
    },
  );

  // ---- one document ----

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: documentAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await documents.get(callerOf(request), request.params.id) }),
  );

  // POST '' (201), PUT and DELETE '/:id' (here, after GET '/:id': the OpenAPI document keeps its order).
  registerWriteRoutes(app, {
    tags,
    create: documentInputSchema,
    update: documentUpdateSchema,
    dto: documentSchema,
    service: documents,
    errors: { create: [400, 404], update: [400, 404, 409], remove: [404, 409] },
    validationMessages: { create: M.invalidData, update: M.invalidUpdate },
    descriptions: {
      create:
        'Creates a draft (or a template with isTemplate). Invoices take the next number (INV-0001…) and their ' +
        'totals are computed here; HTML is sanitised.',
      update:
        'Changes the fields given. Drafts and templates change freely; a sent document only its title, project, ' +
        'due date, expiry and status (409 otherwise). Status by hand: sent/viewed/expired → paid (invoices) or ' +
        'completed (contracts, questionnaires).',
      remove:
        'Deletes a document. A contract sent for signature is kept with its signature evidence (409); its draft ' +
        'workflows go with it.',
    },
  });

  registerCopyRoute(app, {
    tags,
    action: 'duplicate',
    description: 'A draft copy "<title> (copy)" (an invoice takes a new number)',
    answer: documentAnswer,
    make: (caller, id) => documents.duplicate(caller, id),
  });

  registerCopyRoute(app, {
    tags,
    action: 'save-as-template',
    description: 'A template with the document’s content (no contact, project, dates or number)',
    answer: documentAnswer,
    conflict: true,
    make: (caller, id) => documents.saveAsTemplate(caller, id),
  });

  app.get(
    '/:id/preview',
    {
      schema: {
        tags,
        description: 'The document as its client will see it (merge tags resolved) and the tags that render empty',
        params: idParams,
        response: { 200: ok(documentPreviewSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.preview(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/:id/send',
    {
      schema: {
        tags,
        description:
          'Sends the document: status sent, a new public link (/documents/view/{id}?token=…), and an email with ' +
          'it to the contact when the contact has an address (the send stands if the email fails).',
        params: idParams,
        response: { 200: ok(documentSendAnswerSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, data: await documents.send(callerOf(request), request.params.id) }),
  );

  app.post(
    '/:id/share',
    {
      schema: {
        tags,
        description: 'Another public link to a sent document (earlier links keep working until they expire)',
        params: idParams,
        response: { 201: ok(documentLinkSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await documents.share(callerOf(request), request.params.id);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags,
        description: 'The document’s PDF as base64 in `data` (503 while the renderer is not available)',
        params: idParams,
        response: { 200: pdfAnswer, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await documents.pdf(callerOf(request), request.params.id) }),
  );
};

/** Mounted at /api/v1/tax-rates: the business's own tax rates, which invoice lines name. */
export const taxRatesRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags,
        description: 'The business’s tax rates, by name',
        response: { 200: ok(z.array(taxRateSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await documents.taxRates(callerOf(request)) }),
  );

  // POST '', PUT and DELETE '/:id' (409 for a name taken).
  registerWriteRoutes(app, {
    tags,
    create: taxRateInputSchema,
    update: taxRateUpdateSchema,
    dto: taxRateSchema,
    service: {
      create: (caller, input) => documents.createTaxRate(caller, input),
      update: (caller, id, input) => documents.updateTaxRate(caller, id, input),
      remove: (caller, id) => documents.removeTaxRate(caller, id),
    },
    descriptions: {
      create: 'Adds a tax rate (name unique in the business; rate in basis points)',
      update: 'Renames or changes a tax rate (documents already computed keep their totals)',
    },
  });
};

/**
 * Mounted at /api/v1/public/documents: what the client of a shared link sees, signed out. 404 for an unknown or
 * forged link (→ /document-not-found), 410 GONE for an expired one (→ /document-expired).
 */
export const publicDocumentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService; rateLimit: number }> = async (
  app,
  { documents, rateLimit },
) => {
  const limit = {
    rateLimit: { max: rateLimit, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `doc|${r.ip}` },
  };

  app.get(
    '/:id',
    {
      config: limit,
      schema: {
        tags,
        description: 'The shared document with merge tags resolved; the first open marks it viewed',
        params: idParams,
        querystring: tokenQuery,
        response: { 200: ok(publicDocumentSchema), ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.publicView(request.params.id, request.query.token),
    }),
  );

  app.get(
    '/:id/pdf',
    {
      config: limit,
      schema: {
        tags,
        description: 'The shared document’s PDF as base64 in `data`',
        params: idParams,
        querystring: tokenQuery,
        response: { 200: pdfAnswer, ...errorResponses(400, 404, 410, 429, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.publicPdf(request.params.id, request.query.token),
    }),
  );
};
