import type { FastifyRequest } from 'fastify';

let warned = false;

export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive with X-Forwarded-For/Forwarded headers but TRUST_PROXY is off: every client is seen with the ' +
  "proxy's address, so the per-address limits (sign-in, sign-up, mails) count all users as one and one client " +
  'can hold up everyone. Set TRUST_PROXY=true when the server runs behind a reverse proxy or load balancer ' +
  '(and only then: without a proxy, clients could pick their own address).';

/**
 * An onRequest hook that logs UNTRUSTED_PROXY_WARNING once per process, at the first request that shows it came
 * through a proxy (X-Forwarded-For or Forwarded) while TRUST_PROXY is false. With TRUST_PROXY it does nothing.
 */
export function untrustedProxyCheck(trustProxy: boolean) {
  return async function warnUntrustedProxy(request: FastifyRequest): Promise<void> {
    if (trustProxy || warned) return;
    const { headers } = request;
    if (headers['x-forwarded-for'] === undefined && headers.forwarded === undefined) return;
    warned = true;
    request.log.warn({ ip: request.ip }, UNTRUSTED_PROXY_WARNING);
  };
}
