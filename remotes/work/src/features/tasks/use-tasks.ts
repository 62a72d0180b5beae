import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { taskKeys, tasks, type TaskListParams } from '@atrium/domain-work';

/** One page of the task list. */
export function useTasks(params: TaskListParams, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(params),
    queryFn: () => tasks.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
