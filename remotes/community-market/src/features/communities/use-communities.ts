import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  communities,
  communityKeys,
  type CommunityInput,
  type CommunityListQuery,
  type CommunityUpdate,
  type EventInput,
  type MemberUpdate,
  type ReactionKind,
  type RsvpStatus,
} from '@atrium/domain-market';

export function useCommunityList(query: CommunityListQuery, enabled = true) {
  return useQuery({ queryKey: communityKeys.list(query), queryFn: () => communities.list(query), enabled });
}

export function useCommunity(id: string) {
  return useQuery({ queryKey: communityKeys.one(id), queryFn: () => communities.get(id) });
}

export function useMembers(id: string, enabled: boolean) {
  return useQuery({ queryKey: communityKeys.members(id), queryFn: () => communities.members(id), enabled });
}

export function usePosts(id: string, page: number, enabled: boolean) {
  return useQuery({ queryKey: communityKeys.posts(id, page), queryFn: () => communities.posts(id, page), enabled });
}

export function useComments(id: string, postId: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.comments(id, postId),
    queryFn: () => communities.comments(id, postId),
    enabled,
  });
}

export function useEvents(id: string, enabled: boolean) {
  return useQuery({ queryKey: communityKeys.events(id), queryFn: () => communities.events(id), enabled });
}

/**
 * The community calls that change something; each refreshes every view of communities (lists, the page and its
 * tabs) once it answered. Errors reach the caller (the page shows them through handleError).
 */
export function useCommunityActions() {
  const qc = useQueryClient();
  return useMemo(() => {
    const after = async <R>(call: Promise<R>): Promise<R> => {
      const result = await call;
      await qc.invalidateQueries({ queryKey: communityKeys.all });
      return result;
    };
    return {
      create: (input: CommunityInput) => after(communities.create(input)),
      update: (id: string, input: CommunityUpdate) => after(communities.update(id, input)),
      remove: (id: string) => after(communities.remove(id)),
      uploadCover: (id: string, file: File) => after(communities.uploadCover(id, file, file.name)),
      join: (id: string) => after(communities.join(id)),
      leave: (id: string) => after(communities.leave(id)),
      updateMember: (id: string, userId: string, input: MemberUpdate) =>
        after(communities.updateMember(id, userId, input)),
      removeMember: (id: string, userId: string) => after(communities.removeMember(id, userId)),
      createPost: (id: string, body: string) => after(communities.createPost(id, body)),
      removePost: (id: string, postId: string) => after(communities.removePost(id, postId)),
      react: (id: string, postId: string, kind: ReactionKind | null) =>
        after(kind ? communities.react(id, postId, kind) : communities.unreact(id, postId)),
      comment: (id: string, postId: string, body: string) => after(communities.comment(id, postId, body)),
      removeComment: (id: string, postId: string, commentId: string) =>
        after(communities.removeComment(id, postId, commentId)),
      rsvp: (id: string, eventId: string, status: RsvpStatus | null) =>
        after(status ? communities.rsvp(id, eventId, status) : communities.cancelRsvp(id, eventId)),
      createEvent: (id: string, input: EventInput) => after(communities.createEvent(id, input)),
      removeEvent: (id: string, eventId: string) => after(communities.removeEvent(id, eventId)),
    };
  }, [qc]);
}

export function useEvent(id: string, eventId: string) {
  return useQuery({ queryKey: communityKeys.event(id, eventId), queryFn: () => communities.event(id, eventId) });
}
