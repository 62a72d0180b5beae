import { useCallback, useEffect, useRef } from 'react';
import { monitorForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { TASK_STATUSES } from '@atrium/contracts';
import { SimpleGrid, Stack, Text } from '@atrium/ui';
import type { Task, TaskStatus } from '@atrium/domain-work';
import { dropIndex, isNoop } from './board-moves';
import { isCardData, type KeyMove } from './kanban-card';
import { COLUMN_DROP_TYPE, KanbanColumn } from './kanban-column';
import { useKanbanTotals, useMoveTask } from './use-kanban';

interface ColumnState {
  cards: Task[];
  complete: boolean;
}

/**
 * The kanban (spec §4 task statuses): todo, in progress, blocked, completed with their totals. Cards move by
 * drag and drop (within and between columns, to a position) or from the keyboard (Alt+arrows on a card); a
 * move shows at once and is put back if the server refuses it.
 */
export function KanbanBoard({ onOpen }: { onOpen: (id: string) => void }) {
  const totals = useKanbanTotals();
  const { move } = useMoveTask();
  // What each column has loaded: read by the drop and key handlers, never rendered (no re-render per column load).
  const columns = useRef<Partial<Record<TaskStatus, ColumnState>>>({});
  const onCards = useCallback((status: TaskStatus, cards: Task[], complete: boolean) => {
    columns.current[status] = { cards, complete };
  }, []);
  const sizeOf = (status: TaskStatus) => {
    const c = columns.current[status];
    const total = totals.data?.[status];
    return c?.complete ? c.cards.length : (total ?? c?.cards.length ?? 0);
  };
  const sizeRef = useRef(sizeOf);
  sizeRef.current = sizeOf;

  useEffect(
    () =>
      monitorForElements({
        canMonitor: ({ source }) => isCardData(source.data),
        onDrop: ({ source, location }) => {
          const target = location.current.dropTargets[0];
          if (!target || !isCardData(source.data)) return;
          const { task, index: fromIndex } = source.data;
          const data = target.data;
          let toStatus: TaskStatus;
          let index: number;
          if (isCardData(data)) {
            toStatus = data.task.status;
            index = dropIndex({
              fromStatus: task.status,
              fromIndex,
              toStatus,
              overIndex: data.index,
              edge: data.edge,
              columnSize: sizeRef.current(toStatus),
            });
          } else if (data.type === COLUMN_DROP_TYPE) {
            toStatus = data.status as TaskStatus;
            index = dropIndex({ fromStatus: task.status, fromIndex, toStatus, columnSize: sizeRef.current(toStatus) });
          } else return;
          if (isNoop(task.status, fromIndex, toStatus, index)) return;
          move({ task, to: toStatus, index });
        },
      }),
    [move],
  );

  const onKeyMove = useCallback(
    (task: Task, index: number, key: KeyMove) => {
      const size = sizeRef.current(task.status);
      let to: TaskStatus = task.status;
      let at: number;
      if (typeof key === 'object') {
        // Another column, at its top.
        to = key.to;
        at = 0;
      } else if (key === 'left' || key === 'right') {
        const next = TASK_STATUSES[TASK_STATUSES.indexOf(task.status) + (key === 'left' ? -1 : 1)];
        if (!next) return;
        // To the same height in the neighbouring column (or its end).
        to = next;
        at = Math.min(index, sizeRef.current(next));
      } else {
        at = { up: index - 1, down: index + 1, top: 0, bottom: size - 1 }[key];
        if (at < 0 || at > size - 1) return;
      }
      if (isNoop(task.status, index, to, at)) return;
      move({ task, to, index: at });
      // Keep the keyboard on the card wherever it went.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(task._id)}"] [data-card-title]`)?.focus(),
      );
    },
    [move],
  );

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Drag cards between columns, use a card's ⋮ menu, or focus a card and press Alt+↑/↓ to reorder it and Alt+←/→ to
        move it to the next column. The board shows every task; search and filters apply to the list.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" style={{ alignItems: 'start' }}>
        {TASK_STATUSES.map((s) => (
          <KanbanColumn
            key={s}
            status={s}
            total={totals.data?.[s]}
            onOpen={onOpen}
            onKeyMove={onKeyMove}
            onCards={onCards}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
