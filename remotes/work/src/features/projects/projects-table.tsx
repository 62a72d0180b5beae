import type { Project, ProjectListParams, ProjectSortField } from '@atrium/domain-work';
import { Anchor, Checkbox, Link, Table, Text, formatDay, formatInstant, SortHeader, SelectAllHeader } from '@atrium/ui';
import { StageBadge } from '../../components/stage-badge';

interface ProjectsTableProps {
  rows: Project[];
  params: ProjectListParams;
  onSort: (field: ProjectSortField) => void;
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
}

/** The projects table: title (opens the project), stage, type, dates, tasks, created; rows can be selected. */
export function ProjectsTable({ rows, params, onSort, selected, onSelect }: ProjectsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Projects">
        <Table.Thead>
          <Table.Tr>
            <SelectAllHeader ids={rows.map((r) => r._id)} selected={selected} onSelect={onSelect} />
            <SortHeader field="title" label="Title" params={params} onSort={onSort} />
            <Table.Th>Stage</Table.Th>
            <Table.Th>Type</Table.Th>
            <SortHeader field="startDate" label="Start" params={params} onSort={onSort} />
            <SortHeader field="dueDate" label="Due" params={params} onSort={onSort} />
            <Table.Th ta="right">Tasks</Table.Th>
            <SortHeader field="createdAt" label="Created" params={params} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p._id} bg={selected.has(p._id) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${p.title}`}
                  checked={selected.has(p._id)}
                  onChange={(e) => onSelect([p._id], e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td maw={320}>
                <Anchor component={Link} to={`/projects/${encodeURIComponent(p._id)}/activity`} fw={500}>
                  {p.title}
                </Anchor>
                {p.location && (
                  <Text size="xs" c="dimmed" truncate>
                    {p.location}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StageBadge stage={p.stage} />
              </Table.Td>
              <Table.Td>{p.type}</Table.Td>
              <Table.Td>{formatDay(p.startDate)}</Table.Td>
              <Table.Td>{formatDay(p.dueDate)}</Table.Td>
              <Table.Td ta="right">{p.taskCount}</Table.Td>
              <Table.Td>{formatInstant(p.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
