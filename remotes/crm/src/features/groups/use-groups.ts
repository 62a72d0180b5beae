import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactGroups } from '@atrium/api-client';
import type { ContactGroupInput, ContactGroupListQuery, ContactGroupUpdate } from '@atrium/contracts';

export function useGroups(query: ContactGroupListQuery) {
  return useQuery({
    queryKey: ['contact-groups', 'list', query],
    queryFn: () => contactGroups.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useGroupMutations() {
  const qc = useQueryClient();
  const done = async () => {
    await qc.invalidateQueries({ queryKey: ['contact-groups'] });
    await qc.invalidateQueries({ queryKey: ['contacts'] });
  };
  return {
    create: useMutation({ mutationFn: (input: ContactGroupInput) => contactGroups.create(input), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: ContactGroupUpdate }) => contactGroups.update(id, input),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => contactGroups.remove(id), onSuccess: done }),
  };
}
