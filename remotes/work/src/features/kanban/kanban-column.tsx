import { memo, useEffect } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, formatCount, LoadError } from '@atrium/ui';
import { TASK_STATUS_LABELS, type Task, type TaskStatus } from '@atrium/domain-work';
import { STATUS_COLORS } from '../../components/task-badges';
import { useColumnDrop } from '../../hooks/use-column-drop';
import { cardsOf } from './board-moves';
import { isCardData, KanbanCard, type KeyMove } from './kanban-card';
import { useKanbanColumn } from './use-kanban';

export const COLUMN_DROP_TYPE = 'task-column';

/** One status column: its total, its cards a page at a time ('Show more'), and a drop target for its end. */
export const KanbanColumn = memo(function KanbanColumn({
  status,
  total,
  onOpen,
  onKeyMove,
  onCards,
}: {
  status: TaskStatus;
  total: number | undefined;
  onOpen: (id: string) => void;
  onKeyMove: (task: Task, index: number, move: KeyMove) => void;
  /** The cards loaded, for the board's drop and keyboard arithmetic. */
  onCards: (status: TaskStatus, cards: Task[], complete: boolean) => void;
}) {
  const q = useKanbanColumn(status);
  const { ref, over } = useColumnDrop(isCardData, { type: COLUMN_DROP_TYPE, status });
  const cards = cardsOf(q.data);
  const complete = !q.hasNextPage;

  useEffect(() => onCards(status, cards, complete), [status, cards, complete, onCards]);

  const label = TASK_STATUS_LABELS[status];
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="sm"
      bg={over ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)'}
      data-testid={`kanban-column-${status}`}
      aria-label={`${label} column`}
      role="region"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 240 }}
    >
      <Group justify="space-between" mb="sm">
        <Group gap={6}>
          <Badge size="xs" circle color={STATUS_COLORS[status]} variant="filled" aria-hidden>
            {' '}
          </Badge>
          <Text fw={600} size="sm">
            {label}
          </Text>
        </Group>
        <Badge variant="light" color="gray" data-testid={`kanban-total-${status}`}>
          {total === undefined ? '…' : formatCount(total)}
        </Badge>
      </Group>
      {q.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} radius="sm" />
          ))}
        </Stack>
      ) : q.isError && cards.length === 0 ? (
        <LoadError title="This column could not be loaded" onRetry={() => void q.refetch()} />
      ) : (
        // A long column scrolls inside itself: the board keeps its height whatever a column holds.
        <Stack
          gap="xs"
          data-testid={`kanban-cards-${status}`}
          style={{ flex: 1, maxHeight: 'calc(100vh - 260px)', minHeight: 120, overflowY: 'auto', padding: 2 }}
        >
          {cards.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="lg">
              No tasks here. Drag a card into this column.
            </Text>
          )}
          {cards.map((t, i) => (
            <KanbanCard key={t._id} task={t} index={i} onOpen={onOpen} onKeyMove={onKeyMove} />
          ))}
          {q.hasNextPage && (
            <Button variant="subtle" size="xs" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
              Show more ({formatCount(Math.max(0, (total ?? cards.length) - cards.length))} more)
            </Button>
          )}
          {q.isFetchNextPageError && (
            <Text size="xs" c="red">
              More cards could not be loaded. Try again.
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
});
