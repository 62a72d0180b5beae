import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@atrium/event-bus';
import { isApiError } from '@atrium/api-client';
import { projects, projectKeys, type ProjectListParams, type ProjectStage } from '@atrium/domain-work';
import { BOARD_PAGE_SIZE, applyMove, type ColumnData } from './board-moves';

/** One column's list parameters: the stage's cards in board order, a page at a time. */
export const columnParams = (stage: ProjectStage): ProjectListParams => ({
  stage,
  sortBy: 'board',
  sortOrder: 'asc',
  limit: BOARD_PAGE_SIZE,
});
export const columnKey = (stage: ProjectStage) => projectKeys.board(columnParams(stage));

export function useBoardColumn(stage: ProjectStage) {
  return useInfiniteQuery({
    queryKey: columnKey(stage),
    queryFn: ({ pageParam }) => projects.list({ ...columnParams(stage), page: pageParam as number }),
    initialPageParam: 1 as unknown,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });
}

export interface BoardMove {
  id: string;
  from: ProjectStage;
  stage: ProjectStage;
  /** 0 = top of the target column, counted without the card. */
  index: number;
}

/**
 * PATCH /projects/{id}/stage with the stage and the position: the board shows the move at once, puts the
 * columns back as they were if the server refuses it, and reloads what changed either way.
 */
export function useMoveProject() {
  const qc = useQueryClient();
  // Moves under way: the board reloads once the last one settles, so an earlier move's reload never puts a card
  // back where it was before a later move the server has not answered yet.
  const inFlight = useRef(0);
  return useMutation({
    mutationFn: (m: BoardMove) => projects.moveStage(m.id, { stage: m.stage, order: m.index }),
    onMutate: async (m) => {
      inFlight.current += 1;
      const fromKey = columnKey(m.from);
      const toKey = columnKey(m.stage);
      await Promise.all([qc.cancelQueries({ queryKey: fromKey }), qc.cancelQueries({ queryKey: toKey })]);
      const before = { from: qc.getQueryData<ColumnData>(fromKey), to: qc.getQueryData<ColumnData>(toKey) };
      if (before.from) {
        const next = applyMove(before.from, m.from === m.stage ? undefined : before.to, m);
        qc.setQueryData(fromKey, next.source);
        if (next.target) qc.setQueryData(toKey, next.target);
      }
      return before;
    },
    onError: (e, m, before) => {
      if (before?.from) qc.setQueryData(columnKey(m.from), before.from);
      if (before?.to && m.from !== m.stage) qc.setQueryData(columnKey(m.stage), before.to);
      toast.error(isApiError(e) ? e.message : 'The project could not be moved. Please try again.');
    },
    onSettled: () => {
      inFlight.current -= 1;
      if (inFlight.current > 0) return;
      return qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
