import type { FilterGroup } from '@atrium/contracts';
import { ListFilters, Select, SimpleGrid, TextInput, type FilterBuilderField } from '@atrium/ui';
import { PROJECT_FILTER_FIELDS, projectFilterFields, type ProjectListParams } from '@atrium/domain-work';
import { STAGES, stageLabel } from '../../lib/stages';
import { FILTER_KEYS, activeFilterCount } from './list-params';

type Patch = Record<string, string | string[] | boolean | null | undefined>;

const FIELD_LABELS: Record<(typeof PROJECT_FILTER_FIELDS)[number], string> = {
  title: 'Title',
  description: 'Description',
  stage: 'Stage',
  type: 'Type',
  location: 'Location',
  startDate: 'Start date',
  dueDate: 'Due date',
  createdAt: 'Created',
};

const ADVANCED_FIELDS: FilterBuilderField[] = PROJECT_FILTER_FIELDS.map((name) => ({
  name,
  label: FIELD_LABELS[name],
  values: projectFilterFields[name]?.values,
}));

/** The list filters of docs/requirements.md §7 "Projects": stage, type, start/due dates and filter groups. */
export function ProjectsFilters({
  params,
  groupsDraft,
  types,
  onChange,
}: {
  params: ProjectListParams;
  /** The advanced filter groups as edited (incomplete conditions included). */
  groupsDraft: FilterGroup[];
  /** The business's project types, by name. */
  types: string[];
  onChange: (patch: Patch) => void;
}) {
  const count = activeFilterCount(params);
  const typeOptions = params.type && !types.includes(params.type) ? [params.type, ...types] : types;
  return (
    <ListFilters
      count={count}
      fields={ADVANCED_FIELDS}
      groupsDraft={groupsDraft}
      filterKeys={FILTER_KEYS}
      clearDisabled={count === 0 && groupsDraft.length === 0}
      onChange={onChange}
    >
      <SimpleGrid cols={2}>
        <Select
          label="Stage"
          data={[{ value: '', label: 'All stages' }, ...STAGES.map((s) => ({ value: s, label: stageLabel(s) }))]}
          value={params.stage ?? ''}
          onChange={(v) => onChange({ stage: v || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Type"
          data={[{ value: '', label: 'All types' }, ...typeOptions.map((t) => ({ value: t, label: t }))]}
          value={params.type ?? ''}
          onChange={(v) => onChange({ type: v || null })}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Starting from"
          type="date"
          value={params.startDate ?? ''}
          onChange={(e) => onChange({ startDate: e.currentTarget.value })}
        />
        <TextInput
          label="Due by"
          type="date"
          value={params.dueDate ?? ''}
          onChange={(e) => onChange({ dueDate: e.currentTarget.value })}
        />
      </SimpleGrid>
    </ListFilters>
  );
}
