import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projects, projectKeys, type ProjectBulkTypes, type ProjectListParams } from '@atrium/domain-work';

/** One page of the table; `enabled` false while the board is shown (its columns ask for their own cards). */
export function useProjects(params: ProjectListParams, enabled = true) {
  return useQuery({
    queryKey: projectKeys.list(params),
    queryFn: () => projects.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBulkTypes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectBulkTypes) => projects.bulkUpdateTypes(body),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
