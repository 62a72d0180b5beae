import type { MemberRole, User } from '@atrium/contracts';
import { API_ROOT } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';
import type {
  Business,
  BusinessInvite,
  BusinessMember,
  CreateBusinessInput,
  InviteMemberInput,
  UpdateBusinessInput,
} from '../schemas';

const enc = encodeURIComponent;

export type { BusinessInvite };

type Data<T> = { success: true; data: T };
/** Answers that may move the session to another business (delete, leave): the caller as /users/me now sees them. */
type Moved = { success: true; user?: User };

/** Business calls (docs/requirements.md §7, businesses): list, create, update, delete, invites, members, logo, switch. */
export function businessesApi(client: ApiClient) {
  /** The session store takes the answered user; a changed current business is announced on the bus. */
  const adopt = (user: User | undefined) => {
    if (user) client.auth.adoptUser(user);
  };
  /** A changed business that is the session's current one: the session user's name and type follow. */
  const changed = <B extends Partial<Business> | undefined>(business: B): B => {
    if (business?.id && business.name !== undefined)
      client.auth.businessChanged({ id: business.id, name: business.name, type: business.type ?? null });
    return business;
  };

  return {
    list: async () => (await client.get<Data<Business[]>>('businesses')).data,
    get: async (id: string) => (await client.get<Data<Business>>(`businesses/${enc(id)}`)).data,
    create: async (input: CreateBusinessInput) => (await client.post<Data<Business>>('businesses', input)).data,
    /** Answers the updated business; when it is the session's, the session user's business name follows. */
    update: async (id: string, input: UpdateBusinessInput) =>
      changed((await client.put<Data<Business>>(`businesses/${enc(id)}`, input)).data),
    /** Owner only. When it was the session's business, the session moves to another one (the store follows). */
    remove: async (id: string) => {
      adopt((await client.delete<Moved>(`businesses/${enc(id)}`))?.user);
    },

    invite: async (id: string, input: InviteMemberInput) =>
      (await client.post<Data<BusinessInvite>>(`businesses/${enc(id)}/invites`, input)).data,
    listInvites: async (id: string) => (await client.get<Data<BusinessInvite[]>>(`businesses/${enc(id)}/invites`)).data,
    revokeInvite: async (id: string, inviteId: string) => {
      await client.delete(`businesses/${enc(id)}/invites/${enc(inviteId)}`);
    },
    updateMemberRole: async (id: string, userId: string, role: MemberRole) =>
      (await client.put<Partial<Data<BusinessMember>>>(`businesses/${enc(id)}/members/${enc(userId)}`, { role })).data,
    /** Removing oneself leaves the business; the session then moves to another one (the store follows). */
    removeMember: async (id: string, userId: string) => {
      adopt((await client.delete<Moved>(`businesses/${enc(id)}/members/${enc(userId)}`))?.user);
    },
    /** Joins the invite's business; answers that business when the server sends it. */
    acceptInvite: async (token: string) =>
      (await client.post<Partial<Data<Business>> & { success: true }>('businesses/accept-invite', { token })).data,

    /**
     * Makes `id` the session's current business. The server re-issues the session cookies and answers the user
     * as /users/me for that business; the shared session store takes it, like a sign-in.
     */
    switchTo: async (id: string): Promise<User> => {
      const body = await client.post<{ success: boolean; user?: User }>(`businesses/${enc(id)}/switch`);
      if (!body?.success || !body.user) throw new Error('Failed to switch business');
      // The CSRF binding (the session id) stays: no renewal needed.
      adopt(body.user);
      return body.user;
    },

    /** Multipart, field 'logo'. Answers the updated business. */
    uploadLogo: async (id: string, file: Blob, fileName = 'logo') => {
      const form = new FormData();
      form.append('logo', file, fileName);
      return changed((await client.upload<Partial<Data<Business>>>(`businesses/${enc(id)}/logo`, form)).data);
    },
    deleteLogo: async (id: string) => {
      await client.delete(`businesses/${enc(id)}/logo`);
    },
    /** Same-origin URL of the logo image (for <img src>); `version` busts the browser cache after a change. */
    logoUrl: (id: string, version?: string | number) =>
      `${API_ROOT}/businesses/${enc(id)}/logo${version === undefined ? '' : `?v=${enc(String(version))}`}`,
  };
}

export type BusinessesApi = ReturnType<typeof businessesApi>;
