import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { bus } from '@atrium/event-bus';
import {
  ActionIcon,
  Button,
  Group,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  LoadError,
  PageSkeleton,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  retryImport,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import type { CalendarItem } from '@atrium/domain-work';
import { TaskDrawer } from '../components/task-drawer';
import { fromCalendarRange, localDay } from '../lib/meeting-dates';
import { itemPath } from '../lib/calendar-items';
import { toEventInputs } from '../features/calendar/calendar-events';
import { CalendarFilters } from '../features/calendar/calendar-filters';
import {
  CALENDAR_VIEWS,
  VIEW_LABELS,
  calendarQuery,
  patchUrl,
  shiftDate,
  stateFromUrl,
  type CalendarViewName,
} from '../features/calendar/calendar-params';
import type { CalendarRange } from '../features/calendar/calendar-view';
import { useCalendarItems, useMoveItem } from '../features/calendar/use-calendar-items';
import { ProjectPanel } from '../features/calendar/project-panel';
import { MeetingPanel } from '../features/meeting-panel/meeting-panel';

// FullCalendar loads with the calendar itself, never with the remote's other pages.
const CalendarView = lazy(() => retryImport(() => import('../features/calendar/calendar-view')));

/**
 * /calendar: meetings, tasks and projects with dates in month, week, day or list view (view, date and filters in
 * the address bar). Drag or resize moves an item, a selected range opens the meeting modal over it, a click opens
 * the item: /calendar/meetings/{id} (its panel), /calendar/tasks/{id} (the task drawer), /calendar/projects/{id}.
 */
export default function CalendarPage() {
  const [url, setUrl] = useSearchParams();
  const { meetingId, taskId, projectId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = useMemo(() => stateFromUrl(url), [url]);
  const patch = useCallback((p: Record<string, string | null>) => setUrl((u) => patchUrl(u, p)), [setUrl]);
  const [search, setSearch] = useUrlSearch(state.search, (s) => setUrl((u) => patchUrl(u, { search: s })));

  const [range, setRange] = useState<CalendarRange | null>(null);
  const onRange = useCallback(
    (r: CalendarRange) =>
      setRange((old) =>
        old &&
        old.start.getTime() === r.start.getTime() &&
        old.end.getTime() === r.end.getTime() &&
        old.title === r.title
          ? old
          : r,
      ),
    [],
  );
  const query = useMemo(() => (range ? calendarQuery(range, state) : null), [range, state]);
  const items = useCalendarItems(query);
  const events = useMemo(() => toEventInputs(items.data ?? []), [items.data]);
  const move = useMoveItem();

  // An item opens over the calendar, keeping its view, date and filters.
  const go = useCallback(
    (pathname: string) => void navigate({ pathname, search: location.search }),
    [navigate, location.search],
  );
  const open = useCallback((item: CalendarItem) => go(itemPath(item)), [go]);
  const close = useCallback(() => go('/calendar'), [go]);
  const select = useCallback((r: { start: Date; end: Date; allDay: boolean }) => {
    const w = fromCalendarRange(r.start, r.end, r.allDay);
    bus.openModal('meeting', { start: w.startDate, end: w.endDate, allDay: w.isAllDay });
  }, []);
  const setView = (v: CalendarViewName) => patch({ view: v === 'month' ? null : v });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Calendar
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => bus.openModal('meeting', undefined)}>
          New meeting
        </Button>
      </Group>
      <CalendarFilters state={state} search={search} onSearch={setSearch} onChange={patch} />
      <Group justify="space-between">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous"
            onClick={() => patch({ date: shiftDate(state.date, state.view, -1) })}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Button
            variant="default"
            onClick={() => patch({ date: null })}
            disabled={state.date === localDay(new Date())}
          >
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next"
            onClick={() => patch({ date: shiftDate(state.date, state.view, 1) })}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
          <Text fw={600} fz="lg" data-testid="calendar-title" aria-live="polite">
            {range?.title ?? ''}
          </Text>
        </Group>
        <SegmentedControl
          aria-label="View"
          data={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
          value={state.view}
          onChange={(v) => setView(v as CalendarViewName)}
        />
      </Group>
      {items.isError && (
        <LoadError
          title="The calendar could not be loaded"
          message={items.error.message}
          onRetry={() => void items.refetch()}
        />
      )}
      <Paper withBorder radius="md" p="sm" aria-busy={items.isFetching}>
        <Suspense fallback={<PageSkeleton rows={8} />}>
          <CalendarView
            view={state.view}
            date={state.date}
            events={events}
            onRange={onRange}
            onMove={(item, moved, revert) => void move(item, moved, revert)}
            onSelect={select}
            onOpen={open}
          />
        </Suspense>
      </Paper>
      <MeetingPanel meetingId={meetingId ?? null} onClose={close} />
      <TaskDrawer
        taskId={taskId ?? null}
        onClose={close}
        onOpen={(id) => go(`/calendar/tasks/${encodeURIComponent(id)}`)}
      />
      <ProjectPanel projectId={projectId ?? null} onClose={close} />
    </Stack>
  );
}
