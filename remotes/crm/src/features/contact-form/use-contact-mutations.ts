import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contacts, type ContactInput, contactKeys } from '@atrium/domain-crm';

export function useContact(id: string | undefined) {
  return useQuery({ queryKey: contactKeys.one(id), queryFn: () => contacts.get(id!), enabled: !!id });
}

export function useContactMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: contactKeys.all });
  return {
    create: useMutation({ mutationFn: (input: ContactInput) => contacts.create(input), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: ContactInput }) => contacts.update(id, input),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => contacts.remove(id), onSuccess: done }),
  };
}
