import type { FilterGroup } from '@atrium/contracts';
import { ListFilters, SearchableSelect, Select, SimpleGrid, type FilterBuilderField } from '@atrium/ui';
import { TASK_FILTER_FIELDS, taskFilterFields, type TaskListParams } from '@atrium/domain-work';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from '../../components/task-fields';
import { useProjectOptions } from '../../hooks/use-task-pickers';
import { FILTER_KEYS, activeFilterCount } from './list-params';

type Patch = Record<string, string | null | undefined>;

const LABELS: Record<(typeof TASK_FILTER_FIELDS)[number], string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  startDate: 'Start date',
  dueDate: 'Due date',
  createdAt: 'Created',
};
const ADVANCED_FIELDS: FilterBuilderField[] = TASK_FILTER_FIELDS.map((name) => ({
  name,
  label: LABELS[name],
  values: taskFilterFields[name]?.values,
}));

/** Status, priority, project, and filter groups over the task fields (FilterBuilder with taskFilterFields). */
export function TasksFilters({
  params,
  groupsDraft,
  onChange,
}: {
  params: TaskListParams;
  groupsDraft: FilterGroup[];
  onChange: (patch: Patch) => void;
}) {
  const projects = useProjectOptions();
  const count = activeFilterCount(params);
  return (
    <ListFilters
      count={count}
      fields={ADVANCED_FIELDS}
      groupsDraft={groupsDraft}
      filterKeys={FILTER_KEYS}
      onChange={onChange}
    >
      <SimpleGrid cols={3}>
        <Select
          label="Status"
          data={[{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS]}
          value={params.status ?? ''}
          onChange={(v) => onChange({ status: v || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Priority"
          data={[{ value: '', label: 'All priorities' }, ...PRIORITY_OPTIONS]}
          value={params.priority ?? ''}
          onChange={(v) => onChange({ priority: v || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <SearchableSelect
          label="Project"
          placeholder="Any project"
          data={[{ value: 'none', label: 'No project' }, ...projects.options]}
          value={params.projectId ?? null}
          onChange={(v) => onChange({ projectId: v })}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
    </ListFilters>
  );
}
