import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contacts } from '@atrium/api-client';
import type { ContactInput } from '@atrium/contracts';

export function useContact(id: string | undefined) {
  return useQuery({ queryKey: ['contacts', 'one', id], queryFn: () => contacts.get(id!), enabled: !!id });
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
