import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOT, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { AppError } from './errors';
import { deriveKey } from './secret';
import { readAccessToken, readRefreshToken, secureCookies } from './session-cookies';
import { sessionIdOfRefreshToken, type TokenService } from './tokens';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The unsafe routes without a check: renew-csrf only hands out a token; a contact form's submission carries no
 * credential (anyone may submit; it is signed out by design) and comes from the form's page framed in another site,
 * where the browser does not send the SameSite double-submit cookie. A file for one of its file questions is the
 * same case (sent from the same framed page, no credential; it is only usable by a submission of that form).
 */
export const CSRF_EXEMPT = new Set([
  `POST ${API_ROOT}/auth/renew-csrf`,
  `POST ${API_ROOT}/public/forms/:publicId/submissions`,
  `POST ${API_ROOT}/public/forms/:publicId/files`,
  // Stripe's webhook: no cookie, no browser; the signature over the raw body is what is checked.
  `POST ${API_ROOT}/stripe/webhook`,
  `POST ${API_ROOT}/subscription/webhook`,
  // A campaign message's one-click unsubscribe (RFC 8058): the recipient's mail client posts with no cookie; the HMAC
  // token is the credential and the only effect is adding that address to the business's unsubscribe list.
  `POST ${API_ROOT}/public/unsubscribe/:token`,
]);

const ANONYMOUS = 'anon';

/**
 * Signed double-submit tokens: `<nonce>.<hmac(key, binding | nonce)>`. The binding is the refresh session id
 * when signed in, or an anonymous marker, so a token minted for one session is refused in another and a
 * tossed cookie without the server key is worthless.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'csrf');
  }

  create(binding: string): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.sign(binding, nonce)}`;
  }

  verify(token: string | undefined, binding: string): boolean {
    if (!token) return false;
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return safeEqual(mac, this.sign(binding, nonce));
  }

  private sign(binding: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`${binding}|${nonce}`).digest('base64url');
  }
}

export function csrfBinding(sessionId: string | undefined | null): string {
  return sessionId ? `sid:${sessionId}` : ANONYMOUS;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The session a request belongs to, for the binding only (not authentication): the access token's `sid` when
 * its signature is good (expired is fine), else the refresh cookie's session prefix.
 */
async function requestSessionId(request: FastifyRequest, tokens: TokenService): Promise<string | undefined> {
  const access = await tokens.verifyAccess(readAccessToken(request));
  if (access.claims) return access.claims.sid;
  return sessionIdOfRefreshToken(readRefreshToken(request));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the request's cookies point at (for the CSRF binding only; not authentication). */
    csrfSessionId: string | null;
  }
  interface FastifyReply {
    /** Sets a fresh CSRF token (cookie + response header) bound to the session, or anonymous. */
    issueCsrf(sessionId?: string | null): string;
  }
}

export interface CsrfOptions {
  csrf: CsrfTokens;
  tokens: TokenService;
  cookieSecure: boolean;
}

export function registerCsrf(app: FastifyInstance, { csrf, tokens, cookieSecure }: CsrfOptions): void {
  app.decorateReply('issueCsrf', function issueCsrf(this: FastifyReply, sessionId?: string | null) {
    const token = csrf.create(csrfBinding(sessionId));
    this.setCookie(XSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: secureCookies(this.request, cookieSecure),
      httpOnly: false,
    });
    this.header(XSRF_HEADER, token);
    return token;
  });

  app.decorateRequest('csrfSessionId', null);

  app.addHook('onRequest', async (request, reply) => {
    const sessionId = (await requestSessionId(request, tokens)) ?? null;
    request.csrfSessionId = sessionId;
    const binding = csrfBinding(sessionId);
    const cookieToken = request.cookies[XSRF_COOKIE];
    const cookieValid = csrf.verify(cookieToken, binding);

    const path = request.url.split('?', 1)[0] ?? '';
    const guarded =
      !SAFE_METHODS.has(request.method) &&
      (path === API_ROOT || path.startsWith(`${API_ROOT}/`)) &&
      !CSRF_EXEMPT.has(`${request.method} ${request.routeOptions.url ?? path}`);

    // A client that authenticates with an Authorization header (not a browser: the app uses cookies) has no use
    // for the double-submit cookie, and minting one per request cost a quarter of a list answer.
    if (!cookieValid && !request.headers.authorization) reply.issueCsrf(sessionId);
    if (guarded) {
      const header = request.headers[XSRF_HEADER];
      if (!cookieValid || typeof header !== 'string' || !safeEqual(header, cookieToken ?? '')) {
        throw new AppError('CSRF_INVALID', 'Invalid CSRF token');
      }
    }
  });
}
