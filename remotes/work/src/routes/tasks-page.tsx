import { Suspense, lazy, useCallback, useEffect, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import {
  LoadError,
  useCsvExport,
  Button,
  Group,
  IconLayoutKanban,
  IconList,
  IconPlus,
  IconSearch,
  PageSkeleton,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  retryImport,
  useLocation,
  useNavigate,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import { TASK_MESSAGES, tasks, type TaskSortField } from '@atrium/domain-work';
import { TaskDrawer } from '../components/task-drawer';
import { tasksToCsv } from '../features/tasks/export-csv';
import {
  activeFilterCount,
  filterGroupsFromUrl,
  nextSort,
  paramsFromUrl,
  patchUrl,
} from '../features/tasks/list-params';
import { TasksFilters } from '../features/tasks/tasks-filters';
import { TasksTable } from '../features/tasks/tasks-table';
import { useTasks } from '../features/tasks/use-tasks';

// The kanban (with the drag-and-drop library) loads when the board is first shown.
const KanbanBoard = lazy(() =>
  retryImport(() => import('../features/kanban/kanban-board')).then((m) => ({ default: m.KanbanBoard })),
);

/**
 * /tasks: the list (search, filters, 20 a page, CSV) or the kanban (?view=kanban); a task opens in the drawer
 * (?task=id — the global search passes { taskId } in navigation state, which lands here).
 */
export default function TasksPage() {
  const [url, setUrl] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => paramsFromUrl(url), [url]);
  const kanban = url.get('view') === 'kanban';
  const openId = url.get('task');
  const patch = useCallback((p: Record<string, string | null | undefined>) => setUrl((u) => patchUrl(u, p)), [setUrl]);
  const openTask = useCallback((id: string | null) => patch({ task: id }), [patch]);

  // The global search's pick: navigation state { taskId } → the drawer (and the state is consumed).
  const stateTaskId = (location.state as { taskId?: unknown } | null)?.taskId;
  useEffect(() => {
    if (typeof stateTaskId !== 'string' || !stateTaskId) return;
    const next = patchUrl(new URLSearchParams(location.search), { task: stateTaskId });
    void navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true, state: null });
  }, [stateTaskId, location.pathname, location.search, navigate]);

  // Search: typed → the address bar after the debounce; the address bar → the box (Back/Forward).
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) => setUrl((u) => patchUrl(u, { search: s })));

  const { data, isPending, isError, error, refetch, isFetching } = useTasks(params, !kanban);
  const { exporting, exportCsv } = useCsvExport({
    fetchAll: () => tasks.exportAll(params),
    toCsv: tasksToCsv,
    name: 'tasks',
    noun: 'task',
    errorText: TASK_MESSAGES.fetchFailed,
  });

  const total = data?.data.pagination.total ?? 0;
  const page = params.page ?? 1;
  const totalPages = Math.max(1, data?.data.pagination.totalPages ?? 1);
  const from = total === 0 ? 0 : (page - 1) * DEFAULT_PAGE_SIZE + 1;
  const to = Math.min(total, page * DEFAULT_PAGE_SIZE);
  const filtered = !!params.search || activeFilterCount(params) > 0;
  useEffect(() => {
    if (data && !isFetching && page > totalPages) patch({ page: totalPages > 1 ? String(totalPages) : null });
  }, [data, isFetching, page, totalPages, patch]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Tasks
        </Title>
        <Group gap="xs">
          {!kanban && (
            <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={total === 0}>
              Export CSV
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => bus.openModal('task', undefined)}>
            New task
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        <Group>
          {!kanban && (
            <>
              <TextInput
                placeholder="Search tasks..."
                aria-label="Search tasks"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={320}
              />
              <TasksFilters params={params} groupsDraft={filterGroupsFromUrl(url)} onChange={patch} />
            </>
          )}
        </Group>
        <SegmentedControl
          aria-label="View"
          data={[
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={14} /> List
                </Group>
              ),
            },
            {
              value: 'kanban',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconLayoutKanban size={14} /> Kanban
                </Group>
              ),
            },
          ]}
          value={kanban ? 'kanban' : 'list'}
          onChange={(v) => patch({ view: v === 'kanban' ? 'kanban' : null })}
        />
      </Group>
      {kanban ? (
        <Suspense fallback={<PageSkeleton rows={6} />}>
          <KanbanBoard onOpen={openTask} />
        </Suspense>
      ) : (
        <>
          <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
            {isPending ? (
              <PageSkeleton rows={6} />
            ) : isError ? (
              <LoadError
                title="Tasks could not be loaded"
                message={TASK_MESSAGES.fetchFailed(error.message)}
                onRetry={() => void refetch()}
              />
            ) : data.data.tasks.length === 0 ? (
              <Stack align="center" gap="xs" py="xl">
                <Text c="dimmed">{filtered ? 'No tasks match your search.' : 'No tasks yet.'}</Text>
                {!filtered && (
                  <Button variant="light" size="xs" onClick={() => bus.openModal('task', undefined)}>
                    Create your first task
                  </Button>
                )}
              </Stack>
            ) : (
              <TasksTable
                rows={data.data.tasks}
                params={params}
                onOpen={openTask}
                onSort={(field: TaskSortField) => patch(nextSort(params, field))}
              />
            )}
          </Paper>
          {data && total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="tasks-range">
                Showing {from}–{to} of {total} tasks
              </Text>
              {totalPages > 1 && (
                <Pagination total={totalPages} value={page} onChange={(p) => patch({ page: String(p) })} />
              )}
            </Group>
          )}
        </>
      )}
      <TaskDrawer taskId={openId} onClose={() => openTask(null)} onOpen={openTask} />
    </Stack>
  );
}
