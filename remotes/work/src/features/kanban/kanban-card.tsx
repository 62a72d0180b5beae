import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { Box, Group, IconPaperclip, Paper, Text } from '@atrium/ui';
import type { Task, TaskStatus } from '@atrium/domain-work';
import { CardMoveMenu } from './card-move-menu';
import { DropLine } from '../../components/drop-line';
import { TaskDueDate, TaskPriorityBadge } from '../../components/task-badges';
import { edgeOf, type Edge } from './board-moves';

/**
 * Moves without a pointer: Alt+↑/↓ within the column, Alt+←/→ to the neighbouring column (keyboard), or the
 * card's Move menu (top, bottom, any column).
 */
export type KeyMove = 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom' | { to: TaskStatus };

export const CARD_DRAG_TYPE = 'task-card';

/** What a card carries while dragged, and what it says as a drop target. */
export interface CardData {
  [key: string | symbol]: unknown;
  type: typeof CARD_DRAG_TYPE;
  task: Task;
  index: number;
  edge?: Edge;
}

export const isCardData = (d: Record<string | symbol, unknown>): d is CardData => d.type === CARD_DRAG_TYPE;

/**
 * One kanban card: title, priority, due date, project. Cheap to render (a column may hold hundreds): memoised,
 * and the only state is its own drop indicator. Draggable and a drop target (top/bottom half by the pointer).
 */
export const KanbanCard = memo(function KanbanCard({
  task,
  index,
  onOpen,
  onKeyMove,
}: {
  task: Task;
  index: number;
  onOpen: (id: string) => void;
  onKeyMove: (task: Task, index: number, move: KeyMove) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [edge, setEdge] = useState<Edge | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return combine(
      draggable({
        element,
        getInitialData: (): CardData => ({ type: CARD_DRAG_TYPE, task, index }),
        onDragStart: () => setDragging(true),
        onDrop: () => setDragging(false),
      }),
      dropTargetForElements({
        element,
        // The card is a target for itself too: released where it started, it stays (a no-op), rather than
        // falling through to the column, which would mean "to the end".
        canDrop: ({ source }) => isCardData(source.data),
        getData: ({ input }): CardData => ({
          type: CARD_DRAG_TYPE,
          task,
          index,
          edge: edgeOf(input.clientY, element.getBoundingClientRect()),
        }),
        onDrag: ({ self, source }) =>
          setEdge(
            isCardData(source.data) && source.data.task._id === task._id
              ? null
              : ((self.data as CardData).edge ?? null),
          ),
        onDragLeave: () => setEdge(null),
        onDrop: () => setEdge(null),
      }),
    );
  }, [task, index]);

  // Alt+arrows from anywhere in the card but its Move menu's own button.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!e.altKey || (e.target as HTMLElement).closest('button')) return;
    const move = ({ ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' } as const)[
      e.key as 'ArrowUp'
    ];
    if (!move) return;
    e.preventDefault();
    onKeyMove(task, index, move);
  };
  const onTitleKey = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onOpen(task._id);
  };

  return (
    // content-visibility: the browser skips layout and paint of cards scrolled out of view (long columns).
    <Box pos="relative" style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 76px' }}>
      {edge === 'top' && <DropLine side="top" height={2} />}
      <Paper
        ref={ref}
        withBorder
        radius="sm"
        p="xs"
        data-task-id={task._id}
        data-testid="kanban-card"
        onClick={() => onOpen(task._id)}
        onKeyDown={onKeyDown}
        style={{ cursor: 'grab', opacity: dragging ? 0.4 : 1 }}
      >
        {/* The card's focus and its open action: a span (not a <button>), so a drag may start on it too. */}
        <Text
          component="span"
          role="button"
          tabIndex={0}
          data-card-title
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
          onKeyDown={onTitleKey}
          size="sm"
          fw={500}
          lineClamp={2}
          style={{ wordBreak: 'break-word', display: '-webkit-box' }}
        >
          {task.title}
        </Text>
        <Group gap={6} mt={6} justify="space-between" wrap="nowrap">
          <Group gap={2} wrap="nowrap">
            <TaskPriorityBadge priority={task.priority} />
            <CardMoveMenu task={task} onMove={(m) => onKeyMove(task, index, m)} />
          </Group>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {task.attachmentCount > 0 && (
              <IconPaperclip size={12} aria-label={`${task.attachmentCount} attachment(s)`} />
            )}
            {task.dueDate && <TaskDueDate task={task} size="xs" compact />}
          </Group>
        </Group>
        {task.project && (
          <Text size="xs" c="dimmed" mt={4} truncate>
            {task.project.title}
          </Text>
        )}
      </Paper>
      {edge === 'bottom' && <DropLine side="bottom" height={2} />}
    </Box>
  );
});
