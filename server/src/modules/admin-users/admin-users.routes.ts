import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';

/** Admin users pages (company-domain users only). Mounted at /api/v1/admin/users. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async () => {};
