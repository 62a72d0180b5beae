import { EncryptJWT, jwtDecrypt } from 'jose';
import { API_ROOT, COOKIE_PREFIX } from '@atrium/contracts';
import { GOOGLE_CALENDAR_ORIGINS, type GoogleCalendarOrigin } from '@atrium/domain-work/schemas';
import { deriveKey } from '../../lib/secret';

export const CONNECT_COOKIE = `${COOKIE_PREFIX}gcal_flow`;
/** Sent only to the connection's routes (connect sets it, the callback spends it). */
export const CONNECT_COOKIE_PATH = `${API_ROOT}/integrations/google-calendar`;
/** How long a started connection may take, the time at Google's consent screen included. */
export const CONNECT_TTL_SECONDS = 10 * 60;

/** What the browser carries between GET connect and Google's redirect to GET callback. */
export interface ConnectFlow {
  state: string;
  codeVerifier: string;
  userId: string;
  businessId: string;
  startedAt: number;
  /** The integrations tab the member started from, where Google's redirect brings them back. */
  from: GoogleCalendarOrigin;
}

const AUDIENCE = 'atrium-google-calendar-connect';

/**
 * The connect flow travels in an HttpOnly cookie as an encrypted JWT (dir + A256GCM, key derived from the app
 * secret): the browser can neither read the PKCE verifier nor alter the state or the member it names, and the cookie
 * expires with the flow. Nothing is stored server-side until Google answers.
 */
export class ConnectFlowCookie {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new Uint8Array(deriveKey(secret, 'google-calendar-flow'));
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

  /** The flow, or null when the cookie is missing, altered, from another secret or expired. */
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
        !GOOGLE_CALENDAR_ORIGINS.includes(p.from as GoogleCalendarOrigin)
      ) {
        return null;
      }
      return {
        state: p.state,
        codeVerifier: p.codeVerifier,
        userId: p.userId,
        businessId: p.businessId,
        startedAt: p.startedAt,
        from: p.from as GoogleCalendarOrigin,
      };
    } catch {
      return null;
    }
  }
}
