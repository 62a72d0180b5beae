import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';

/** Pictures: business logos and user profile pictures (multipart upload, type and size checked). Mounted at /api/v1. */
export const imagesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async () => {};
