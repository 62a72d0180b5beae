import { EncryptJWT, jwtDecrypt } from 'jose';
import { API_ROOT, COOKIE_PREFIX } from '@atrium/contracts';
import { GMAIL_ORIGINS, type GmailOrigin } from '@atrium/domain-comms/schemas';
import { deriveKey } from '../../lib/secret';

export const CONNECT_COOKIE = `${COOKIE_PREFIX}gmail_flow`;
/** Sent only to the connection's routes (connect sets it, the callback spends it). */
export const CONNECT_COOKIE_PATH = `${API_ROOT}/integrations/gmail`;
export const CONNECT_TTL_SECONDS = 10 * 60;

export interface ConnectFlow {
  state: string;
  codeVerifier: string;
  userId: string;
  businessId: string;
  startedAt: number;
  from: GmailOrigin;
}

const AUDIENCE = 'atrium-gmail-connect';

/**
 * The connect flow in an HttpOnly cookie as an encrypted JWT (dir + A256GCM, key derived from the app secret), as the
 * Google Calendar connection does: the browser can neither read the PKCE verifier nor alter the state or the member.
 */
export class GmailFlowCookie {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new Uint8Array(deriveKey(secret, 'gmail-flow'));
  }

  seal(flow: ConnectFlow): Promise<string> {
    const iat = Math.floor(flow.startedAt / 1000);
    return new EncryptJWT({ ...flow })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CONNECT_TTL_SECONDS)
      .encrypt(this.key);
  }

  async open(token: string | undefined): Promise<ConnectFlow | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtDecrypt(token, this.key, { audience: AUDIENCE });
      const p = payload as Partial<ConnectFlow>;
      if (
        typeof p.state !== 'string' ||
        typeof p.codeVerifier !== 'string' ||
        typeof p.userId !== 'string' ||
        typeof p.businessId !== 'string' ||
        typeof p.startedAt !== 'number' ||
        !GMAIL_ORIGINS.includes(p.from as GmailOrigin)
      ) {
        return null;
      }
      return {
        state: p.state,
        codeVerifier: p.codeVerifier,
        userId: p.userId,
        businessId: p.businessId,
        startedAt: p.startedAt,
        from: p.from as GmailOrigin,
      };
    } catch {
      return null;
    }
  }
}
