import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projects, projectKeys, type ProjectInput, type ProjectUpdate } from '@atrium/domain-work';

export function useProjectMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: projectKeys.all });
  return {
    create: useMutation({ mutationFn: (input: ProjectInput) => projects.create(input), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: ProjectUpdate }) => projects.update(id, input),
      onSuccess: done,
    }),
  };
}
