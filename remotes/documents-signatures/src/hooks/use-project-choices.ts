import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@atrium/contracts';
import { projects, projectKeys } from '@atrium/domain-work/public';

const FIRST_PROJECTS = { page: 1, limit: MAX_PAGE_SIZE, sortBy: 'title', sortOrder: 'asc' } as const;

/**
 * The business's projects for a document's project picker (work's public list call, the first 100 by title), with
 * the document's own project kept as a choice when it is not among them.
 */
export function useProjectChoices(current: { _id: string; name: string } | null) {
  const q = useQuery({
    queryKey: projectKeys.list(FIRST_PROJECTS),
    queryFn: () => projects.list(FIRST_PROJECTS),
    staleTime: 60_000,
  });
  const choices = (q.data?.data ?? []).map((p) => ({ value: p._id, label: p.title }));
  if (current && !choices.some((c) => c.value === current._id))
    choices.unshift({ value: current._id, label: current.name });
  return { choices, isPending: q.isPending };
}
