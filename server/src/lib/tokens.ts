import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { deriveKey } from './secret';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** The access token's claims: user, refresh session (token family), current business. */
export interface AccessClaims {
  sub: string;
  sid: string;
  bid: string;
}

export type AccessCheck =
  | { ok: true; claims: AccessClaims }
  /** `claims` is set when the signature was good but the token expired. */
  | { ok: false; reason: 'expired' | 'invalid'; claims?: AccessClaims };

function toClaims(payload: JWTPayload): AccessClaims | undefined {
  const { sub, sid, bid } = payload as JWTPayload & { sid?: unknown; bid?: unknown };
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof bid !== 'string') return undefined;
  return { sub, sid, bid };
}

const ISSUER = 'atrium';
/** About the access tokens of the sessions active in any 15 minutes on one server process. */
const VERIFIED_TOKENS_KEPT = 2000;
const AUDIENCE = 'atrium-api';

export class TokenService {
  private readonly key: Uint8Array;
  /** HMAC key for mailed codes, refresh-token successors and known-device entries (inputs carry their purpose). */
  private readonly macKey: Buffer;
  /** Tokens whose signature and claims were verified, oldest first (bounded). */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(secret: string) {
    this.key = new Uint8Array(deriveKey(secret, 'jwt'));
    this.macKey = deriveKey(secret, 'mail-code');
  }

  /**
   * HMAC-SHA256 (hex) keyed with the app secret, for short secrets such as 6-digit e-mail codes: unlike a plain
   * hash, a leaked table cannot be brute-forced without the secret. Callers prefix the value with their purpose
   * (`verify_email:…`), so no two uses can produce the same input.
   */
  keyedHash(value: string): string {
    return this.mac(value).toString('hex');
  }

  /**
   * The refresh token that follows `token` in its session: derived from it with the app secret rather than drawn
   * at random, so a request that replays `token` (a lost answer, two tabs refreshing at once) computes the very
   * token its twin was given — nothing but its hash is stored. Without the secret it cannot be guessed.
   */
  successorRefreshToken(token: string, sessionId: string): { token: string; hash: string } {
    const next = `${sessionId}.${this.mac(`refresh_successor:${token}`).toString('base64url')}`;
    return { token: next, hash: hashRefreshToken(next) };
  }

  /** A "known device" entry `<user id>.<device id>.<mac>`: proof that this browser signed in to that user before. */
  signKnownDevice(userId: string, deviceId: string): string {
    return `${userId}.${deviceId}.${this.knownDeviceMac(userId, deviceId)}`;
  }

  /** The user and device of an entry made by signKnownDevice, or undefined when it is malformed or forged. */
  verifyKnownDevice(entry: string): { userId: string; deviceId: string } | undefined {
    const [userId, deviceId, mac, extra] = entry.split('.');
    if (!userId || !deviceId || !mac || extra !== undefined) return undefined;
    const given = Buffer.from(mac, 'base64url');
    const expected = Buffer.from(this.knownDeviceMac(userId, deviceId), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, deviceId } : undefined;
  }

  private knownDeviceMac(userId: string, deviceId: string): string {
    return this.mac(`known_device:${userId}:${deviceId}`).toString('base64url');
  }

  private mac(value: string): Buffer {
    return createHmac('sha256', this.macKey).update(value).digest();
  }

  signAccess(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ sid: claims.sid, bid: claims.bid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /**
   * Checks an access token: HS256 signature (node:crypto, synchronous — WebCrypto's async HMAC cost more than
   * the rest of a list request), then issuer, audience and expiry. Tokens are only ever signed by signAccess.
   */
  verifyAccess(token: string | undefined, now = Date.now()): Promise<AccessCheck> {
    return Promise.resolve(this.check(token, now));
  }

  private check(token: string | undefined, now: number): AccessCheck {
    const invalid: AccessCheck = { ok: false, reason: 'invalid' };
    if (!token) return invalid;
    let good = this.verified.get(token);
    if (!good) {
      good = this.verifySignedClaims(token);
      if (!good) return invalid;
      // A token is presented on every request of its 15 minutes (twice: CSRF binding, then authentication):
      // remember the ones whose signature and claims checked out, so the next time costs a map lookup.
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, good);
    }
    if (good.exp <= Math.floor(now / 1000)) return { ok: false, reason: 'expired', claims: good.claims };
    return { ok: true, claims: good.claims };
  }

  /** Signature, algorithm, issuer, audience and claim shapes; expiry is the caller's (it changes with time). */
  private verifySignedClaims(token: string): { claims: AccessClaims; exp: number } | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.key).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const json = (part: string): unknown => {
      try {
        return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
    };
    const head = json(header) as { alg?: unknown } | undefined;
    const payload = json(body) as JWTPayload | undefined;
    if (head?.alg !== 'HS256' || !payload || typeof payload !== 'object') return undefined;
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (payload.iss !== ISSUER || !audience.includes(AUDIENCE) || typeof payload.exp !== 'number') return undefined;
    const claims = toClaims(payload);
    return claims ? { claims, exp: payload.exp } : undefined;
  }
}

/**
 * Refresh tokens are opaque: `<session id>.<32 random bytes>`. Only their sha256 is stored. The session-id
 * prefix lets the CSRF check find the binding without a database read; it grants nothing by itself.
 */
export function newRefreshToken(sessionId: string): { token: string; hash: string } {
  const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionIdOfRefreshToken(token: string | undefined): string | undefined {
  if (!token) return undefined;
  const dot = token.indexOf('.');
  return dot > 0 ? token.slice(0, dot) : undefined;
}
