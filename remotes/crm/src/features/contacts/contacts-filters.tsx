import { CONTACT_STATUSES, type FilterGroup } from '@atrium/contracts';
import { ChipMultiSelect, ListFilters, Select, SimpleGrid, TextInput, type FilterBuilderField } from '@atrium/ui';
import { CONTACT_FILTER_FIELDS, CONTACT_IMPORT_FIELD_LABELS, type ContactListParams } from '@atrium/domain-crm';
import { FILTER_KEYS, activeFilterCount } from './list-params';
import { useGroupOptions, useTagOptions } from '../../hooks/use-contact-options';

type Patch = Record<string, string | string[] | boolean | null | undefined>;

const ADVANCED_FIELDS: FilterBuilderField[] = CONTACT_FILTER_FIELDS.map((name) => ({
  name,
  label: name === 'dateCreated' ? 'Date created' : CONTACT_IMPORT_FIELD_LABELS[name],
  values: name === 'status' ? CONTACT_STATUSES : undefined,
}));

/** The list filters of docs/requirements.md §3: status, groups, tags, has-groups and the two date ranges. */
export function ContactsFilters({
  params,
  groupsDraft,
  onChange,
}: {
  params: ContactListParams;
  /** The advanced filter groups as edited (incomplete conditions included). */
  groupsDraft: FilterGroup[];
  onChange: (patch: Patch) => void;
}) {
  const groups = useGroupOptions();
  const tags = useTagOptions();
  const count = activeFilterCount(params);
  return (
    <ListFilters
      count={count}
      fields={ADVANCED_FIELDS}
      groupsDraft={groupsDraft}
      filterKeys={FILTER_KEYS}
      onChange={onChange}
    >
      <SimpleGrid cols={2}>
        <Select
          label="Status"
          data={[{ value: '', label: 'All statuses' }, 'Active', 'Inactive']}
          value={params.status ?? ''}
          onChange={(v) => onChange({ status: v || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="In a group"
          data={[
            { value: '', label: 'Any' },
            { value: 'true', label: 'In at least one group' },
            { value: 'false', label: 'In no group' },
          ]}
          value={params.hasGroups === undefined ? '' : String(params.hasGroups)}
          onChange={(v) => onChange({ hasGroups: v || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
      <ChipMultiSelect
        label="Groups"
        placeholder="Any group"
        data={groups.data ?? []}
        value={params.groupIds ?? []}
        onChange={(v) => onChange({ groupIds: v })}
      />
      <ChipMultiSelect
        label="Tags"
        placeholder="Any tag"
        data={tags.data ?? []}
        value={params.tags ?? []}
        onChange={(v) => onChange({ tags: v })}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Created from"
          type="date"
          value={params.dateCreatedFrom ?? ''}
          onChange={(e) => onChange({ dateCreatedFrom: e.currentTarget.value })}
        />
        <TextInput
          label="Created to"
          type="date"
          value={params.dateCreatedTo ?? ''}
          onChange={(e) => onChange({ dateCreatedTo: e.currentTarget.value })}
        />
        <TextInput
          label="Last contact from"
          type="date"
          value={params.lastContactFrom ?? ''}
          onChange={(e) => onChange({ lastContactFrom: e.currentTarget.value })}
        />
        <TextInput
          label="Last contact to"
          type="date"
          value={params.lastContactTo ?? ''}
          onChange={(e) => onChange({ lastContactTo: e.currentTarget.value })}
        />
      </SimpleGrid>
    </ListFilters>
  );
}
