import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meetingKeys, meetings, type MeetingUpdate } from '@atrium/domain-work';

/** One meeting (GET /meetings/{id}). */
export function useMeeting(id: string | null | undefined) {
  return useQuery({
    queryKey: meetingKeys.one(id ?? undefined),
    queryFn: () => meetings.get(id as string),
    enabled: !!id,
  });
}

/**
 * Every change a meeting can take from its panel or its modal. Each one invalidates the meetings (the calendar's
 * items, a contact's or project's meetings, the meeting itself) once it settles.
 */
export function useMeetingMutations(id: string) {
  const client = useQueryClient();
  const opts = { onSettled: () => void client.invalidateQueries({ queryKey: meetingKeys.all }) };
  return {
    update: useMutation({ mutationFn: (input: MeetingUpdate) => meetings.update(id, input), ...opts }),
    remove: useMutation({ mutationFn: () => meetings.remove(id), ...opts }),
    linkProject: useMutation({ mutationFn: (projectId: string) => meetings.linkProject(id, projectId), ...opts }),
    unlinkProject: useMutation({ mutationFn: () => meetings.unlinkProject(id), ...opts }),
    upload: useMutation({
      // One call per file; every file is tried, and the count of those that failed comes back.
      mutationFn: async (files: File[]) => {
        const results = await Promise.allSettled(files.map((f) => meetings.uploadAttachment(id, f)));
        return {
          uploaded: results.filter((r) => r.status === 'fulfilled').length,
          failed: results.filter((r) => r.status === 'rejected').length,
        };
      },
      ...opts,
    }),
    removeAttachment: useMutation({
      mutationFn: (attachmentId: string) => meetings.removeAttachment(id, attachmentId),
      ...opts,
    }),
  };
}
