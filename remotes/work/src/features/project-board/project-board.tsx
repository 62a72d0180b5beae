import { memo, useEffect, useRef, useState } from 'react';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import {
  draggable,
  dropTargetForElements,
  monitorForElements,
} from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import type { Project, ProjectStage } from '@atrium/domain-work';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  IconDotsVertical,
  Link,
  Menu,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  formatDay,
  LoadError,
} from '@atrium/ui';
import { DropLine } from '../../components/drop-line';
import { useColumnDrop } from '../../hooks/use-column-drop';
import { STAGE_COLORS, STAGES, stageLabel } from '../../lib/stages';
import { columnCards, columnTotal, dropIndex, edgeOf, type Edge } from './board-moves';
import { useBoardColumn, useMoveProject, type BoardMove } from './use-board';

const CARD = 'project-card';
const COLUMN = 'project-column';

interface CardData {
  [key: string]: unknown;
  type: typeof CARD;
  id: string;
  stage: ProjectStage;
  index: number;
}
const isCard = (d: Record<string, unknown>): d is CardData => d.type === CARD;

interface CardProps {
  project: Project;
  index: number;
  count: number;
  onMove: (m: BoardMove) => void;
}

/**
 * One card: dragged by itself, a drop target whose top or bottom half says where a dropped card goes, and a
 * "Move" menu for the keyboard (up, down, to the top, to another stage). Memoised: a column of many cards
 * re-renders only the card whose drop edge changes.
 */
const BoardCard = memo(function BoardCard({ project: p, index, count, onMove }: CardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<Edge | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const data: CardData = { type: CARD, id: p._id, stage: p.stage, index };
    return combine(
      draggable({
        element,
        getInitialData: () => data,
        onDragStart: () => setDragging(true),
        onDrop: () => setDragging(false),
      }),
      dropTargetForElements({
        element,
        // A card is a target for itself too: dropped back where it was, it stays (not to the column's end).
        canDrop: ({ source }) => isCard(source.data),
        getData: ({ input }) => ({ ...data, edge: edgeOf(input.clientY, element.getBoundingClientRect()) }),
        onDrag: ({ self, source }) =>
          setEdge(source.data.id === p._id ? null : ((self.data.edge as Edge | undefined) ?? null)),
        onDragLeave: () => setEdge(null),
        onDrop: () => setEdge(null),
      }),
    );
  }, [p._id, p.stage, index]);

  const move = (stage: ProjectStage, to: number) => onMove({ id: p._id, from: p.stage, stage, index: to });

  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="sm"
      pos="relative"
      data-testid={`card-${p._id}`}
      // content-visibility: the browser skips layout and paint of cards scrolled out of view (long columns).
      style={{
        cursor: 'grab',
        opacity: dragging ? 0.4 : 1,
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 84px',
      }}
    >
      {edge === 'top' && <DropLine side="top" height={3} />}
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <Anchor
          component={Link}
          to={`/projects/${encodeURIComponent(p._id)}/activity`}
          // A link is draggable by itself: the card, not the link, is what a drag takes.
          draggable={false}
          fw={600}
          size="sm"
          lineClamp={2}
        >
          {p.title}
        </Anchor>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="sm" color="gray" aria-label={`Move ${p.title}`}>
              <IconDotsVertical size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move</Menu.Label>
            <Menu.Item disabled={index === 0} onClick={() => move(p.stage, index - 1)}>
              Move up
            </Menu.Item>
            <Menu.Item disabled={index >= count - 1} onClick={() => move(p.stage, index + 1)}>
              Move down
            </Menu.Item>
            <Menu.Item disabled={index === 0} onClick={() => move(p.stage, 0)}>
              Move to top
            </Menu.Item>
            <Menu.Divider />
            {STAGES.filter((s) => s !== p.stage).map((s) => (
              <Menu.Item key={s} onClick={() => move(s, 0)}>
                Move to {stageLabel(s)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap={6} mt={6}>
        <Badge size="xs" variant="outline" color="gray" tt="none">
          {p.type}
        </Badge>
        {p.dueDate && (
          <Text size="xs" c="dimmed">
            Due {formatDay(p.dueDate)}
          </Text>
        )}
        <Text size="xs" c="dimmed" ml="auto">
          {p.taskCount} task{p.taskCount === 1 ? '' : 's'}
        </Text>
      </Group>
      {edge === 'bottom' && <DropLine side="bottom" height={3} />}
    </Paper>
  );
});

function BoardColumn({ stage, onMove }: { stage: ProjectStage; onMove: (m: BoardMove) => void }) {
  const column = useBoardColumn(stage);
  const { ref, over } = useColumnDrop(isCard, { type: COLUMN, stage });
  const cards = columnCards(column.data);

  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="xs"
      bg={over ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
      role="region"
      aria-label={`${stageLabel(stage)} column`}
      data-stage={stage}
      data-length={cards.length}
    >
      <Group justify="space-between" px={4} pb="xs">
        <Group gap={6}>
          <Box w={8} h={8} bg={`var(--mantine-color-${STAGE_COLORS[stage]}-6)`} style={{ borderRadius: 8 }} />
          <Text fw={700} size="sm">
            {stageLabel(stage)}
          </Text>
        </Group>
        <Badge variant="default" size="sm" aria-label={`${columnTotal(column.data)} projects`}>
          {columnTotal(column.data)}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 280px)" type="auto" offsetScrollbars>
        <Stack gap="xs" mih={120} pb="xs">
          {column.isPending ? (
            [0, 1, 2].map((i) => <Skeleton key={i} height={72} radius="md" />)
          ) : column.isError ? (
            <LoadError title="Could not load this column" onRetry={() => void column.refetch()} />
          ) : cards.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              Drop a project here
            </Text>
          ) : (
            cards.map((p, i) => <BoardCard key={p._id} project={p} index={i} count={cards.length} onMove={onMove} />)
          )}
          {column.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={column.isFetchingNextPage}
              onClick={() => void column.fetchNextPage()}
            >
              Show more ({columnTotal(column.data) - cards.length} more)
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/**
 * The stage board (docs/requirements.md §4): four columns in board order. A card dragged onto another card
 * lands above or below it, onto a column's free space at its end; the move is PATCH /projects/{id}/stage with
 * the stage and the position, shown at once and undone if the server refuses it.
 */
export function ProjectBoard() {
  const move = useMoveProject();
  const boardRef = useRef<HTMLDivElement>(null);
  const onMove = useRef((m: BoardMove) => move.mutate(m));
  onMove.current = (m: BoardMove) => move.mutate(m);
  const [stableMove] = useState(() => (m: BoardMove) => onMove.current(m));

  useEffect(
    () =>
      monitorForElements({
        canMonitor: ({ source }) => isCard(source.data),
        onDrop: ({ source, location }) => {
          const from = source.data as CardData;
          const [inner] = location.current.dropTargets;
          if (!inner) return;
          const target = inner.data;
          const targetStage = target.stage as ProjectStage;
          const columnEl = boardRef.current?.querySelector<HTMLElement>(`[data-stage="${targetStage}"]`);
          const index = dropIndex({
            sourceStage: from.stage,
            sourceIndex: from.index,
            targetStage,
            targetIndex: isCard(target) ? target.index : undefined,
            edge: target.edge as Edge | undefined,
            columnLength: Number(columnEl?.dataset.length ?? 0),
          });
          if (index === null) return;
          stableMove({ id: from.id, from: from.stage, stage: targetStage, index });
        },
      }),
    [stableMove],
  );

  return (
    <SimpleGrid ref={boardRef} cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" aria-label="Stage board">
      {STAGES.map((s) => (
        <BoardColumn key={s} stage={s} onMove={stableMove} />
      ))}
    </SimpleGrid>
  );
}
