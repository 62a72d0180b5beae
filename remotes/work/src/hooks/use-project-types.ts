import { useQuery } from '@tanstack/react-query';
import { projects, projectKeys } from '@atrium/domain-work';

/** The business's own project types, by name (filters, the bulk change, the form's creatable type). */
export function useProjectTypes() {
  const q = useQuery({ queryKey: projectKeys.types, queryFn: () => projects.types(), staleTime: 60_000 });
  return { names: (q.data ?? []).map((t) => t.name), isPending: q.isPending };
}
