import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@atrium/contracts';
import { projectKeys, projects, taskKeys, tasks, type TaskInput, type TaskUpdate } from '@atrium/domain-work';

export const projectTaskParams = (projectId: string) =>
  ({ projectId, page: 1, limit: MAX_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'asc' }) as const;

/** A project's tasks (GET /tasks?projectId=), oldest first, the first 100. */
export function useProjectTasks(projectId: string) {
  return useQuery({
    queryKey: taskKeys.list(projectTaskParams(projectId)),
    queryFn: () => tasks.list(projectTaskParams(projectId)),
  });
}

/** Add, edit and delete through the project's own task routes; tasks and projects (counts, feed) refetch after. */
export function useProjectTaskMutations(projectId: string) {
  const client = useQueryClient();
  const onSettled = () => {
    void client.invalidateQueries({ queryKey: taskKeys.all });
    void client.invalidateQueries({ queryKey: projectKeys.all });
  };
  return {
    add: useMutation({ mutationFn: (input: TaskInput) => projects.addTask(projectId, input), onSettled }),
    update: useMutation({
      mutationFn: ({ taskId, input }: { taskId: string; input: TaskUpdate }) =>
        projects.updateTask(projectId, taskId, input),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (taskId: string) => projects.removeTask(projectId, taskId), onSettled }),
  };
}
