import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, API_ROOT, REFRESH_COOKIE } from '@atrium/contracts';

export const REFRESH_COOKIE_PATH = `${API_ROOT}/auth`;
export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;

/** Bearer header first (API clients), then the HttpOnly cookie (the browser). */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  return request.cookies[ACCESS_COOKIE] || undefined;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/**
 * Cookies are Secure when COOKIE_SECURE says so, and also whenever the request itself came over https — directly
 * or, with TRUST_PROXY, as the proxy's X-Forwarded-Proto says (request.protocol honours trustProxy only).
 */
export function secureCookies(request: FastifyRequest, configured: boolean): boolean {
  return configured || request.protocol === 'https';
}

export interface SessionCookieValues {
  accessToken: string;
  refreshToken: string;
  rememberMe: boolean;
}

/**
 * Both cookies live as long as the session (30 days with rememberMe, else until the browser closes). The
 * access JWT inside expires after 15 minutes regardless; the cookie outliving it keeps the CSRF binding
 * readable and lets the API answer 'Access token expired' rather than 'Not signed in'.
 */
export function setSessionCookies(reply: FastifyReply, values: SessionCookieValues, secure: boolean): void {
  const maxAge = values.rememberMe ? REMEMBER_ME_SECONDS : undefined;
  const base = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(reply.request, secure),
    ...(maxAge ? { maxAge } : {}),
  };
  reply.setCookie(ACCESS_COOKIE, values.accessToken, { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, values.refreshToken, { ...base, path: REFRESH_COOKIE_PATH });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(reply.request, secure) };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}

/**
 * Re-issues only the access cookie (a business switch: same session, another `bid`). The refresh cookie is
 * path-scoped to /auth, so other routes never see it; it stays valid because the session row carries the
 * business the next refresh signs for.
 */
export function setAccessCookie(reply: FastifyReply, accessToken: string, rememberMe: boolean, secure: boolean): void {
  const maxAge = rememberMe ? REMEMBER_ME_SECONDS : undefined;
  reply.setCookie(ACCESS_COOKIE, accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(reply.request, secure),
    path: '/',
    ...(maxAge ? { maxAge } : {}),
  });
}
