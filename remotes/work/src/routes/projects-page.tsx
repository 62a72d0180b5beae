import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
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
  useUrlSearch,
  useListSelection,
  useSearchParams,
} from '@atrium/ui';
import { projects, type ProjectSortField } from '@atrium/domain-work';
import { useProjectTypes } from '../hooks/use-project-types';
import { BulkTypeBar } from '../features/projects/bulk-type-bar';
import { projectsToCsv } from '../features/projects/export-csv';
import {
  activeFilterCount,
  filterGroupsFromUrl,
  nextSort,
  paramsFromUrl,
  patchUrl,
  viewFromUrl,
} from '../features/projects/list-params';
import { ProjectsFilters } from '../features/projects/projects-filters';
import { ProjectsTable } from '../features/projects/projects-table';
import { useProjects } from '../features/projects/use-projects';

// The board (with drag and drop) and the form (with its schema) load when first opened.
const ProjectBoard = lazy(() =>
  import('../features/project-board/project-board').then((m) => ({ default: m.ProjectBoard })),
);
const ProjectModal = lazy(() =>
  import('../features/project-form/project-modal').then((m) => ({ default: m.ProjectModal })),
);

/** /projects: the table (search, filters, pages, export, bulk type change) or the stage board (?view=board). */
export default function ProjectsPage() {
  const [url, setUrl] = useSearchParams();
  const view = viewFromUrl(url);
  const params = useMemo(() => paramsFromUrl(url), [url]);
  // The search box ↔ the address bar (typed, after the debounce; Back/Forward).
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) => setUrl((u) => patchUrl(u, { search: s })));
  const [creating, setCreating] = useState(false);
  const { selected, select, clear: clearSelection } = useListSelection(params);
  const types = useProjectTypes();
  const patch = (p: Parameters<typeof patchUrl>[1]) => setUrl((u) => patchUrl(u, p));

  const table = view === 'table';
  const { data, isPending, isError, error, refetch, isFetching } = useProjects(params, table);

  const { exporting, exportCsv } = useCsvExport({
    fetchAll: () => projects.exportAll(params),
    toCsv: projectsToCsv,
    name: 'projects',
    noun: 'project',
  });

  const total = data?.pagination.total ?? 0;
  const page = params.page ?? 1;
  const from = total === 0 ? 0 : (page - 1) * DEFAULT_PAGE_SIZE + 1;
  const to = Math.min(total, page * DEFAULT_PAGE_SIZE);
  const filtered = !!params.search || activeFilterCount(params) > 0;
  const lastPage = Math.max(1, data?.pagination.totalPages ?? 1);
  useEffect(() => {
    if (table && data && !isFetching && page > lastPage)
      setUrl((u) => patchUrl(u, { page: lastPage > 1 ? String(lastPage) : null }));
  }, [table, data, isFetching, page, lastPage, setUrl]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Projects
        </Title>
        <Group gap="xs">
          {table && (
            <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={total === 0}>
              Export CSV
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New project
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        {table ? (
          <Group>
            <TextInput
              placeholder="Search projects..."
              aria-label="Search projects"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={320}
            />
            <ProjectsFilters
              params={params}
              groupsDraft={filterGroupsFromUrl(url)}
              types={types.names}
              onChange={patch}
            />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Drag a card to another stage or position, or use its menu to move it.
          </Text>
        )}
        <SegmentedControl
          aria-label="View"
          data={[
            {
              value: 'table',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} />
                  Table
                </Group>
              ),
            },
            {
              value: 'board',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconLayoutKanban size={16} />
                  Board
                </Group>
              ),
            },
          ]}
          value={view}
          onChange={(v) => patch({ view: v === 'board' ? 'board' : null })}
        />
      </Group>
      {!table ? (
        <Suspense fallback={<PageSkeleton rows={6} />}>
          <ProjectBoard />
        </Suspense>
      ) : (
        <>
          {selected.size > 0 && <BulkTypeBar ids={[...selected]} types={types.names} onDone={clearSelection} />}
          <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
            {isPending ? (
              <PageSkeleton rows={6} />
            ) : isError ? (
              <LoadError title="Projects could not be loaded" message={error.message} onRetry={() => void refetch()} />
            ) : data.data.length === 0 ? (
              <Stack align="center" gap="xs" py="xl">
                <Text c="dimmed">{filtered ? 'No projects match your search or filters.' : 'No projects yet.'}</Text>
                {!filtered && (
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                    Create your first project
                  </Button>
                )}
              </Stack>
            ) : (
              <ProjectsTable
                rows={data.data}
                params={params}
                onSort={(field: ProjectSortField) => patch(nextSort(params, field))}
                selected={selected}
                onSelect={select}
              />
            )}
          </Paper>
          {data && total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="projects-range">
                Showing {from}–{to} of {total} projects
              </Text>
              {data.pagination.totalPages > 1 && (
                <Pagination
                  total={data.pagination.totalPages}
                  value={page}
                  onChange={(p) => patch({ page: String(p) })}
                />
              )}
            </Group>
          )}
        </>
      )}
      {creating && (
        <Suspense fallback={null}>
          <ProjectModal onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
