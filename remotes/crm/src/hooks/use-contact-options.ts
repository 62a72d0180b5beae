import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@atrium/contracts';
import type { MultiSelectOption } from '@atrium/ui';
import { contactGroups, contactTags, contactGroupKeys, contactTagKeys } from '@atrium/domain-crm';

/** Every group, page after page (a picker that knew only the first page showed later groups as bare ids). */
async function allGroups(): Promise<MultiSelectOption[]> {
  const options: MultiSelectOption[] = [];
  for (let page = 1; ; page++) {
    const { data, pagination } = await contactGroups.list({
      page,
      limit: MAX_PAGE_SIZE,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    options.push(...data.map((g) => ({ value: g._id, label: g.name, color: g.color })));
    if (!pagination.hasNextPage || data.length === 0) return options;
  }
}

/** Group and tag options for selects; an unavailable list simply offers no options. */
export function useGroupOptions() {
  return useQuery({ queryKey: contactGroupKeys.options, queryFn: allGroups, staleTime: 60_000 });
}

export function useTagOptions() {
  return useQuery({
    queryKey: contactTagKeys.options,
    queryFn: async (): Promise<MultiSelectOption[]> =>
      (await contactTags.list()).map((t) => ({ value: t._id, label: t.name, color: t.color })),
    staleTime: 60_000,
  });
}
