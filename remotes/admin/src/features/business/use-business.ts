import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import {
  businesses,
  type Business,
  type InviteMemberInput,
  type UpdateBusinessInput,
  businessKeys,
} from '@atrium/domain-admin';

export function useBusiness(id: string | undefined) {
  return useQuery({
    queryKey: businessKeys.one(id ?? ''),
    queryFn: () => businesses.get(id as string),
    enabled: !!id,
  });
}

export function useInvites(id: string, enabled: boolean) {
  return useQuery({ queryKey: businessKeys.invites(id), queryFn: () => businesses.listInvites(id), enabled });
}

export function roleOf(business: Business, userId: string | undefined): MemberRole | null {
  return business.members.find((m) => m.userId === userId)?.role ?? null;
}

export const canManage = (role: MemberRole | null) => role === 'owner' || role === 'admin';

/** Every change to a business: its own query, the host's list and anyone listening on the bus follow. */
export function useBusinessMutations(id: string) {
  const qc = useQueryClient();
  const changed = async (business?: Business) => {
    // The session user's copy of the business name follows inside the api-client (businesses.update, uploadLogo).
    if (business) qc.setQueryData(businessKeys.one(id), business);
    await Promise.all([
      qc.invalidateQueries({ queryKey: businessKeys.one(id) }),
      qc.invalidateQueries({ queryKey: businessKeys.list }),
    ]);
    bus.emit('entity:changed', { entity: 'business', id });
  };
  return {
    update: useMutation({
      mutationFn: (input: UpdateBusinessInput) => businesses.update(id, input),
      onSuccess: changed,
    }),
    uploadLogo: useMutation({
      mutationFn: (file: File) => businesses.uploadLogo(id, file, file.name),
      onSuccess: (b) => changed(b),
    }),
    deleteLogo: useMutation({ mutationFn: () => businesses.deleteLogo(id), onSuccess: () => changed() }),
    remove: useMutation({
      mutationFn: () => businesses.remove(id),
      onSuccess: () => qc.invalidateQueries({ queryKey: businessKeys.list }),
    }),
    invite: useMutation({
      mutationFn: (input: InviteMemberInput) => businesses.invite(id, input),
      onSuccess: () => qc.invalidateQueries({ queryKey: businessKeys.invites(id) }),
    }),
    revokeInvite: useMutation({
      mutationFn: (inviteId: string) => businesses.revokeInvite(id, inviteId),
      onSuccess: () => qc.invalidateQueries({ queryKey: businessKeys.invites(id) }),
    }),
    updateRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
        businesses.updateMemberRole(id, userId, role),
      onSuccess: () => changed(),
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) => businesses.removeMember(id, userId),
      onSuccess: () => changed(),
    }),
  };
}
