import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelopeSchema } from '@atrium/contracts';
import { adminUserDetailSchema, adminUserSummarySchema, adminUsersQuerySchema } from '@atrium/domain-admin/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import { assertCompanyUser, type AdminUsersService } from './admin-users.service';

const idParams = z.object({ userId: z.string().min(1).max(100) });

/**
 * Admin users pages (company-domain users only: ADMIN_EMAIL_DOMAIN; unset = no one). Mounted at
 * /api/v1/admin/users. Not signed in → 401; signed in with another domain → 403.
 */
export interface AdminUsersRoutesOptions {
  adminUsers: AdminUsersService;
  /** ADMIN_EMAIL_DOMAIN: the product company's domain (null: no one may use these routes). */
  companyDomain: string | null;
}

export const adminUsersRoutes: FastifyPluginAsyncZod<AdminUsersRoutesOptions> = async (
  app,
  { adminUsers: service, companyDomain },
) => {
  app.addHook('onRequest', app.authenticate);
  // Before validation: someone who may not use these routes learns nothing from them, not even a 400.
  app.addHook('onRequest', async (request) => assertCompanyUser(callerOf(request), companyDomain));

  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        querystring: adminUsersQuerySchema,
        response: { 200: listEnvelopeSchema(adminUserSummarySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/:userId',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: adminUserDetailSchema }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.userId) }),
  );
};
