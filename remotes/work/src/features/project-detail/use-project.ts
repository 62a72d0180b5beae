import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projects, projectKeys, type ProjectUpdate } from '@atrium/domain-work';

/** GET /projects/{id}: the project with its files; a 404 is not retried (the page says so). */
export function useProject(id: string | undefined) {
  return useQuery({ queryKey: projectKeys.one(id), queryFn: () => projects.get(id!), enabled: !!id, retry: false });
}

/** The feed, newest first, a page at a time backwards ("Load more" asks for entries before the oldest shown). */
export function useProjectFeed(id: string) {
  return useInfiniteQuery({
    queryKey: projectKeys.feed(id),
    queryFn: ({ pageParam }) => projects.feed(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data[last.data.length - 1]?.timestamp : undefined),
  });
}

export function useProjectActions(id: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: projectKeys.all });
  return {
    update: useMutation({ mutationFn: (input: ProjectUpdate) => projects.update(id, input), onSuccess: refresh }),
    duplicate: useMutation({ mutationFn: () => projects.duplicate(id), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: () => projects.remove(id),
      onSuccess: () => {
        qc.removeQueries({ queryKey: projectKeys.one(id) });
        return refresh();
      },
    }),
    addActivity: useMutation({
      mutationFn: (message: string) => projects.addActivity(id, { message }),
      onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.feed(id) }),
    }),
    addContacts: useMutation({
      mutationFn: (contactIds: string[]) => projects.addContacts(id, contactIds),
      onSuccess: refresh,
    }),
  };
}
