import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projects, projectKeys, type ProjectBulkTypes, type ProjectListParams } from '@atrium/domain-work';

export function useProjects(params: ProjectListParams) {
  return useQuery({
    queryKey: projectKeys.list(params),
    queryFn: () => projects.list(params),
    placeholderData: keepPreviousData,
  });
}

export function useBulkTypes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectBulkTypes) => projects.bulkUpdateTypes(body),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
