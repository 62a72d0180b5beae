import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';

/** Google sign-in (OIDC: authorization code + PKCE + state). Mounted at /api/v1/auth. */
export const googleAuthRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async () => {};
