import { useQuery } from '@tanstack/react-query';
import { contactGroups, contactTags } from '@atrium/api-client';
import type { MultiSelectOption } from '@atrium/ui';

/** Group and tag options for selects; an unavailable list simply offers no options. */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['contact-groups', 'options'],
    queryFn: async (): Promise<MultiSelectOption[]> =>
      (await contactGroups.list({ limit: 100, sortBy: 'name', sortOrder: 'asc' })).data.map((g) => ({
        value: g._id,
        label: g.name,
        color: g.color,
      })),
    staleTime: 60_000,
  });
}

export function useTagOptions() {
  return useQuery({
    queryKey: ['contact-tags', 'options'],
    queryFn: async (): Promise<MultiSelectOption[]> =>
      (await contactTags.list()).map((t) => ({ value: t._id, label: t.name, color: t.color })),
    staleTime: 60_000,
  });
}
