import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactGroups,
  type ContactGroupInput,
  type ContactGroupListQuery,
  type ContactGroupUpdate,
  contactGroupKeys,
  contactKeys,
} from '@atrium/domain-crm';

export function useGroups(query: ContactGroupListQuery) {
  return useQuery({
    queryKey: contactGroupKeys.list(query),
    queryFn: () => contactGroups.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useGroupMutations() {
  const qc = useQueryClient();
  const done = async () => {
    await qc.invalidateQueries({ queryKey: contactGroupKeys.all });
    await qc.invalidateQueries({ queryKey: contactKeys.all });
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
