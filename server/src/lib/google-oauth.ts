import { createHash, randomBytes } from 'node:crypto';

/** Pieces shared by the Google integrations (modules/google-calendar, modules/gmail). */

export interface GoogleTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface GrantedConnection extends GoogleTokens {
  scope: string | null;
  /** The Google account's address (from the ID token of the code exchange; null when Google sent none). */
  email: string | null;
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The email claim of an ID token received straight from the token endpoint over TLS (OIDC Core 3.1.3.7 lets TLS stand
 * in for the signature there). Used only to show which account is connected.
 */
export function emailOfIdToken(idToken: string | null | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
