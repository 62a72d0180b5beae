import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers (CSP, HSTS, frame and sniffing guards …) on every answer. The middleware is built once:
 * @fastify/helmet rebuilt it (parsing every CSP directive again) on each request, a few per cent of a list
 * answer's CPU.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
