import { useCallback, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  taskKeys,
  tasks,
  type KanbanTotals,
  type Task,
  type TaskListAnswer,
  type TaskListParams,
  type TaskStatus,
} from '@atrium/domain-work';
import { movedTotals, withCard, withoutCard } from './board-moves';

/** Cards fetched per page of a column ('Show more' fetches the next). */
export const KANBAN_PAGE = 50;

/** One column of the kanban: its status, in board order (the server's sortBy=board), a page at a time. */
export const columnParams = (status: TaskStatus): TaskListParams => ({
  status,
  sortBy: 'board',
  sortOrder: 'asc',
  limit: KANBAN_PAGE,
});

type Pages = InfiniteData<TaskListAnswer, number>;

export function useKanbanColumn(status: TaskStatus) {
  const params = columnParams(status);
  return useInfiniteQuery({
    queryKey: taskKeys.board(params),
    queryFn: ({ pageParam }: { pageParam: number }) => tasks.list({ ...params, page: pageParam }),
    initialPageParam: 1 as number,
    getNextPageParam: (last) =>
      last.data.pagination.page < last.data.pagination.totalPages ? last.data.pagination.page + 1 : undefined,
  });
}

export function useKanbanTotals() {
  return useQuery({ queryKey: taskKeys.totals, queryFn: () => tasks.totals() });
}

export interface CardMove {
  task: Task;
  to: TaskStatus;
  /** Position in the target column without the card (0 = top). */
  index: number;
}

/**
 * A card's move (PATCH /tasks/{id}/move with columnId and taskOrder): shown at once (both columns and the
 * totals), put back as it was if the server refuses, and every task view refetched after either way.
 */
export function useMoveTask() {
  const client = useQueryClient();
  // Moves in flight: the board refetches only after the last one settles, so a quick second move is not
  // overwritten by the refetch of the first.
  const inFlight = useRef(0);
  const touched = useRef(new Set<TaskStatus>());
  const mutation = useMutation({
    mutationFn: ({ task, to, index }: CardMove) => tasks.moveColumn(task._id, { columnId: to, taskOrder: index }),
    onMutate: async ({ task, to, index }: CardMove) => {
      inFlight.current += 1;
      touched.current.add(task.status).add(to);
      const fromKey = taskKeys.board(columnParams(task.status));
      const toKey = taskKeys.board(columnParams(to));
      await Promise.all([
        client.cancelQueries({ queryKey: fromKey }),
        client.cancelQueries({ queryKey: toKey }),
        client.cancelQueries({ queryKey: taskKeys.totals }),
      ]);
      const before = {
        from: client.getQueryData<Pages>(fromKey),
        to: client.getQueryData<Pages>(toKey),
        totals: client.getQueryData<KanbanTotals>(taskKeys.totals),
      };
      const same = task.status === to;
      if (!same) client.setQueryData<Pages>(fromKey, (d) => withoutCard(d, task._id));
      client.setQueryData<Pages>(toKey, (d) => withCard(d, { ...task, status: to }, index, same));
      client.setQueryData<KanbanTotals>(taskKeys.totals, (t) => movedTotals(t, task.status, to));
      return { before, fromKey, toKey };
    },
    onError: (e, _move, ctx) => {
      if (ctx) {
        client.setQueryData(ctx.fromKey, ctx.before.from);
        client.setQueryData(ctx.toKey, ctx.before.to);
        client.setQueryData(taskKeys.totals, ctx.before.totals);
      }
      toast.error(isApiError(e) && e.message ? e.message : 'The task could not be moved. Please try again.');
    },
    onSettled: () => {
      inFlight.current -= 1;
      if (inFlight.current > 0) return;
      // The columns moved between, the totals, lists and tasks; other columns' loaded pages stay as they are.
      const board = taskKeys.board({})[1];
      for (const s of touched.current) void client.invalidateQueries({ queryKey: taskKeys.board(columnParams(s)) });
      touched.current.clear();
      void client.invalidateQueries({ queryKey: taskKeys.all, predicate: (q) => q.queryKey[1] !== board });
    },
  });
  const { mutate } = mutation;
  const move = useCallback((m: CardMove) => mutate(m), [mutate]);
  return { move, isPending: mutation.isPending };
}
