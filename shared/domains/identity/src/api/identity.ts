import type { User } from '@atrium/contracts';
import { API_ROOT } from '@atrium/contracts/constants';
import type { ApiClient } from '@atrium/api-client';
import { getSession } from '@atrium/api-client';
import type {
  ChangePasswordInput,
  EmailOnlyInput,
  PublicProfile,
  ResetPasswordInput,
  SessionInfo,
  UpdateProfileInput,
  VerifyEmailInput,
} from '../schemas';

const enc = encodeURIComponent;

type Ok = { success: true; message?: string };
type Data<T> = { success: true; data: T };

/** Profile answers carry the user as `data` or `user` (both are accepted). */
function userOf(body: unknown): User | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { data?: unknown; user?: unknown };
  const u = (b.user ?? b.data) as User | undefined;
  return u && typeof u === 'object' && 'id' in u ? u : null;
}

/** Identity calls (docs/requirements.md §7, auth and user): verify e-mail, resend, forgot/reset password, profile, password change, sessions. */
export function identityApi(client: ApiClient) {
  /** Keeps the shared session's user in step after a profile change. */
  const adopt = (user: User | null) => {
    if (user && getSession().status === 'authenticated') client.auth.adoptUser(user);
    return user;
  };

  return {
    /** POST /auth/verify-email: no session is opened; the user signs in afterwards. */
    verifyEmail: (input: VerifyEmailInput) => client.post<Ok>('auth/verify-email', input),
    resendVerification: (input: EmailOnlyInput) => client.post<Ok>('auth/resend-verification', input),
    /** Always answers success (the server does not tell whether the address exists). */
    forgotPassword: (input: EmailOnlyInput) => client.post<Ok>('auth/forgot-password', input),
    /** Single-use token from the e-mail; every session of the user is revoked on success. */
    resetPassword: (input: ResetPasswordInput) => client.post<Ok>('auth/reset-password', input),

    me: async () => adopt(userOf(await client.get<{ success: true; user: User }>('users/me'))),
    /** PATCH /users/me: answers the updated user, which also becomes the session's user. */
    updateProfile: async (input: UpdateProfileInput) => adopt(userOf(await client.patch('users/me', input))),
    changePassword: (input: ChangePasswordInput) => client.post<Ok>('users/me/password', input),

    sessions: async () => (await client.get<Data<SessionInfo[]>>('users/me/sessions')).data,
    revokeSession: (id: string) => client.delete<Ok>(`users/me/sessions/${enc(id)}`),
    revokeOtherSessions: () => client.post<Ok & { revoked?: number }>('users/me/sessions/revoke-others'),

    /** GET /users/{id}: the public profile of any user. */
    publicProfile: async (id: string) => {
      const body = await client.get<{ success: true; data?: PublicProfile; user?: PublicProfile }>(`users/${enc(id)}`);
      return (body.data ?? body.user) as PublicProfile;
    },

    /** Multipart, field 'file'. Answers the updated user when the server sends it. */
    uploadPicture: async (file: Blob, fileName = 'picture') => {
      const form = new FormData();
      form.append('file', file, fileName);
      return adopt(userOf(await client.upload('users/me/picture', form)));
    },
    deletePicture: async () => adopt(userOf(await client.delete('users/me/picture'))),
    /** Same-origin URL of a user's picture (for <img src>); `version` busts the browser cache after a change. */
    pictureUrl: (id: string, version?: string | number) =>
      `${API_ROOT}/users/${enc(id)}/picture/medium${version === undefined ? '' : `?v=${enc(String(version))}`}`,
  };
}

export type IdentityApi = ReturnType<typeof identityApi>;
