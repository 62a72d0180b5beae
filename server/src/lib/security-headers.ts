import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers (CSP, HSTS, frame and sniffing guards …) on every answer. The middleware is built once:
 * @fastify/helmet rebuilt it (parsing every CSP directive again) on each request, a few per cent of a list
 * answer's CPU.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  embeddable?: { paths: readonly string[]; options: HelmetOptions },
): void {
  const apply = helmet(options);
  // Pages other sites may frame (a contact form's public page in its embed snippet): their own headers.
  const applyEmbeddable = embeddable ? helmet(embeddable.options) : null;
  const isEmbeddable = (url: string) =>
    embeddable?.paths.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`)) ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    const run = applyEmbeddable && isEmbeddable(request.url) ? applyEmbeddable : apply;
    run(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
