import { type User } from '@atrium/contracts';
import { ApiError } from '@atrium/api-client';
import type { ApiClient } from '@atrium/api-client';
import { IDENTITY_MESSAGES } from '../messages';

export type GoogleMode = 'signin' | 'link';

export interface GoogleStatus {
  enabled: boolean;
  linked: boolean;
  hasPassword: boolean;
  email: string;
}

/** The callback's query as Google sent it back (RFC 9207 `iss` when the issuer adds one). */
export interface GoogleCallback {
  code: string;
  state: string;
  iss?: string;
}

export type GoogleResult = { user: User; linked: boolean };

/**
 * Google sign-in (docs/requirements.md §7: POST /auth/google; §9: cooldown and callback window live in the
 * host's pages). The server holds the OIDC client: start hands out the authorization URL (and sets the
 * flow cookie), the callback's code and state go back to POST /auth/google.
 */
export function googleApi(client: ApiClient) {
  return {
    /** Whether Google sign-in is configured on this installation. */
    config: async (): Promise<{ enabled: boolean }> => {
      const body = await client.get<{ success: true; enabled?: boolean }>('auth/google/config');
      return { enabled: body?.enabled === true };
    },

    /** The issuer's authorization URL to send the browser to. `link` needs a session. */
    start: async (mode: GoogleMode = 'signin'): Promise<string> => {
      const body = await client.get<{ success: true; url?: string }>('auth/google/start', { mode });
      if (!body?.url) throw new ApiError(500, 'INVALID_RESPONSE', IDENTITY_MESSAGES.googleSignInFailed);
      return body.url;
    },

    /**
     * POST /auth/google with the callback's code and state. A sign-in opens the session like a password login
     * (cookies, user in the shared session, a fresh CSRF token through renew-csrf, 'auth:signed-in');
     * a link answers the signed-in user with `linked: true`. Throws ApiError on refusal.
     */
    complete: async (callback: GoogleCallback): Promise<GoogleResult> => {
      const body = await client.post<{ success: true; user?: User; linked?: boolean }>('auth/google', {
        code: callback.code,
        state: callback.state,
        ...(callback.iss ? { iss: callback.iss } : {}),
      });
      if (!body?.user) throw new ApiError(500, 'INVALID_RESPONSE', IDENTITY_MESSAGES.googleSignInFailed);
      if (body.linked) {
        client.auth.adoptUser(body.user);
        return { user: body.user, linked: true };
      }
      await client.auth.openSession(body.user);
      return { user: body.user, linked: false };
    },

    /** The signed-in user's Google link: linked, whether they have a password (unlinking needs one). */
    status: async (): Promise<GoogleStatus> => {
      const body = await client.get<{ success: true } & GoogleStatus>('auth/google/status');
      return { enabled: body.enabled, linked: body.linked, hasPassword: body.hasPassword, email: body.email };
    },

    /** Refused (400) without a password. Answers the new status. */
    unlink: async (): Promise<GoogleStatus> => {
      const body = await client.post<{ success: true } & GoogleStatus>('auth/google/unlink');
      return { enabled: body.enabled, linked: body.linked, hasPassword: body.hasPassword, email: body.email };
    },
  };
}

export type GoogleApi = ReturnType<typeof googleApi>;
