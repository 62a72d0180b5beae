import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeys, taskKeys, tasks, type TaskUpdate } from '@atrium/domain-work';

/** One task with its comments, attachments and history (GET /tasks/{id}). */
export function useTask(id: string | null | undefined) {
  return useQuery({
    queryKey: taskKeys.one(id ?? undefined),
    queryFn: () => tasks.get(id as string),
    enabled: !!id,
  });
}

/**
 * Every change a task can take from its drawer. Each one invalidates the tasks (lists, board columns, totals,
 * the task itself) and the projects (their task counts and feeds) once it settles.
 */
export function useTaskMutations(id: string) {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: taskKeys.all });
    void client.invalidateQueries({ queryKey: projectKeys.all });
  };
  const opts = { onSettled: settled };
  return {
    update: useMutation({ mutationFn: (input: TaskUpdate) => tasks.update(id, input), ...opts }),
    moveToProject: useMutation({
      mutationFn: (projectId: string | null) => tasks.moveToProject(id, projectId),
      ...opts,
    }),
    addComment: useMutation({ mutationFn: (content: string) => tasks.addComment(id, content), ...opts }),
    removeComment: useMutation({ mutationFn: (commentId: string) => tasks.removeComment(id, commentId), ...opts }),
    upload: useMutation({ mutationFn: (files: File[]) => tasks.uploadFiles(id, files), ...opts }),
    removeFile: useMutation({ mutationFn: (fileId: string) => tasks.removeFile(id, fileId), ...opts }),
    duplicate: useMutation({ mutationFn: () => tasks.duplicate(id), ...opts }),
    remove: useMutation({ mutationFn: () => tasks.remove(id), ...opts }),
  };
}
