import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { API_ROOT, COOKIE_PREFIX } from '@atrium/contracts';

export const FLOW_COOKIE = `${COOKIE_PREFIX}google_flow`;
/** Sent only to /api/v1/auth/google and below (start, the code exchange). */
export const FLOW_COOKIE_PATH = `${API_ROOT}/auth/google`;
/** How long a started Google sign-in may take (the time spent at Google included). */
export const FLOW_TTL_SECONDS = 10 * 60;

export type FlowMode = 'signin' | 'link';

/** What the browser carries between /auth/google/start and POST /auth/google. */
export interface FlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  mode: FlowMode;
  /** link mode: the user who started it (the callback must come from the same user). */
  userId: string | null;
  startedAt: number;
}

const AUDIENCE = 'atrium-google-flow';

/**
 * The flow state travels in an HttpOnly cookie as an encrypted JWT (dir + A256GCM, key derived from the app
 * secret): the browser cannot read the PKCE verifier and nonce nor forge or alter any of it, and the token
 * expires with the flow. Nothing is stored server-side.
 */
export class FlowCookie {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('atrium:google-flow').digest());
  }

  seal(flow: FlowState): Promise<string> {
    const iat = Math.floor(flow.startedAt / 1000);
    return new EncryptJWT({ ...flow })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + FLOW_TTL_SECONDS)
      .encrypt(this.key);
  }

  /** The flow, or null when the cookie is missing, altered, from another secret or expired. */
  async open(token: string | undefined): Promise<FlowState | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtDecrypt(token, this.key, { audience: AUDIENCE });
      const p = payload as Partial<FlowState>;
      if (
        typeof p.state !== 'string' ||
        typeof p.nonce !== 'string' ||
        typeof p.codeVerifier !== 'string' ||
        (p.mode !== 'signin' && p.mode !== 'link') ||
        typeof p.startedAt !== 'number'
      ) {
        return null;
      }
      return {
        state: p.state,
        nonce: p.nonce,
        codeVerifier: p.codeVerifier,
        mode: p.mode,
        userId: typeof p.userId === 'string' ? p.userId : null,
        startedAt: p.startedAt,
      };
    } catch {
      return null;
    }
  }
}
