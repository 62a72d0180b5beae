import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  financeExportParamsSchema,
  financeExportSchema,
  financeInvoiceListAnswerSchema,
  financeInvoiceListParamsSchema,
  financeOverviewSchema,
  financePaymentListAnswerSchema,
  financePaymentListParamsSchema,
  financeProjectSchema,
} from '@atrium/domain-documents/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { FinanceService } from './finance.service';

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const projectParams = z.object({ projectId: z.string().min(1).max(100) });
const tags = ['finance'];

/**
 * Mounted at /api/v1/finance: read-only reports over the business's invoices and payments. Every route needs a
 * session and reads only the caller's business; every member may read them (as they read its invoices).
 */
export const financeRoutes: FastifyPluginAsyncZod<{ finance: FinanceService }> = async (app, { finance }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/overview',
    {
      schema: {
        tags,
        description:
          'Revenue by UTC month for the last 12 months (payments received minus refunds), the unpaid balance of ' +
          'open invoices and the part past due, per currency; invoice counts.',
        response: { 200: ok(financeOverviewSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await finance.overview(callerOf(request)) }),
  );

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        description:
          'A page of invoices (not templates), newest first, with what each received and its balance; filters ' +
          'status (a document status, open or overdue), contact and creation days from/to (inclusive, UTC).',
        querystring: financeInvoiceListParamsSchema,
        response: { 200: financeInvoiceListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await finance.invoices(callerOf(request), request.query)) }),
  );

  app.get(
    '/payments',
    {
      schema: {
        tags,
        description:
          'A page of payments (card and manual), newest first, with refunds; without a status filter the open and ' +
          'expired checkout attempts are left out. Days from/to are on the paid (else created) date.',
        querystring: financePaymentListParamsSchema,
        response: { 200: financePaymentListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await finance.payments(callerOf(request), request.query)) }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        description:
          'The CSV for an accountant: invoices created, or payments made, between two days (inclusive), oldest ' +
          'first, amounts in major units with their currency; spreadsheet formulas neutralised. At most 50,000 rows.',
        querystring: financeExportParamsSchema,
        response: { 200: ok(financeExportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await finance.exportCsv(callerOf(request), request.query) }),
  );

  app.get(
    '/projects/:projectId',
    {
      schema: {
        tags,
        description: 'A project’s invoices and payments (newest 200 of each) and its totals per currency.',
        params: projectParams,
        response: { 200: ok(financeProjectSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await finance.ofProject(callerOf(request), request.params.projectId),
    }),
  );
};
