import * as z from 'zod';
import { apiErrorBodySchema } from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { AuthContext } from './caller';

/** `{ success: true }` and friends, for response schemas. */
export const okSchema = z.object({ success: z.literal(true) });

/** The contracts' error body under each listed status, so OpenAPI documents the error answers too. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorBodySchema])) as {
    [K in S[number]]: typeof apiErrorBodySchema;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook on protected routes. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: resolves the caller and their membership of the token's business, or 401/403. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The caller of a protected route (the hook guarantees it; this keeps handlers honest). */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return request.auth;
}

export function clientMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 400) : null };
}
