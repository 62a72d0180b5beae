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

/**
 * The "known device" cookie: signed entries (TokenService.signKnownDevice) of the accounts that signed in from this
 * browser, newest first. HttpOnly, only sent to the auth routes, kept a year and left in place by sign-out: it is
 * what lets the right password through while an account is locked against unknown devices (auth/login-throttle.ts).
 */
export const KNOWN_DEVICE_COOKIE = 'atrium_device';
export const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;

export function readKnownDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[KNOWN_DEVICE_COOKIE] || undefined;
}

export function setKnownDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(reply.request, secure),
    path: REFRESH_COOKIE_PATH,
    maxAge: KNOWN_DEVICE_SECONDS,
  });
}

/**
 * The request header by which a client that is not the browser app (a script, a native app) asks for the session
 * tokens in the JSON answer of login, auto-login and Google sign-in: `X-Atrium-Token-Body: 1`. Without it the
 * tokens travel only in the HttpOnly cookies, out of reach of any script on the page.
 */
export const TOKEN_BODY_HEADER = 'x-atrium-token-body';

/** The tokens when the client asked for them (TOKEN_BODY_HEADER), else nothing: spread into the answer. */
export function tokensForBody(
  request: FastifyRequest,
  tokens: { accessToken: string; refreshToken?: string },
): { accessToken?: string; refreshToken?: string } {
  const asked = request.headers[TOKEN_BODY_HEADER];
  if (asked !== '1' && asked !== 'true') return {};
  const { accessToken, refreshToken } = tokens;
  return refreshToken === undefined ? { accessToken } : { accessToken, refreshToken };
}
