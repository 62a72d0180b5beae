import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactGroups, contacts } from '@atrium/api-client';
import type { ContactInput } from '@atrium/contracts';

export function useContact(id: string | undefined) {
  return useQuery({ queryKey: ['contacts', 'one', id], queryFn: () => contacts.get(id!), enabled: !!id });
}

/** Group options for the multi-select; an unavailable list simply offers no options. */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['contact-groups', 'options'],
    queryFn: async () =>
      (await contactGroups.list({ limit: 100 })).data.map((g) => ({ value: g._id, label: g.name, color: g.color })),
    staleTime: 60_000,
  });
}

export function useContactMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['contacts'] });
  return {
    create: useMutation({ mutationFn: (input: ContactInput) => contacts.create(input), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: ContactInput }) => contacts.update(id, input),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => contacts.remove(id), onSuccess: done }),
  };
}
