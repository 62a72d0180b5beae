import { IconFilter } from '@tabler/icons-react';
import { NOTE_STATUSES, type NoteCategory } from '@atrium/contracts';
import { ActionIcon, Button, Checkbox, Group, Popover, Select, Stack, Text } from '@atrium/ui';
import { categoryLabel, type NoteStatus } from '../lib/note-helpers';
import { CATEGORY_OPTIONS } from './note-form';

export interface NotesFilterValue {
  category: NoteCategory | null;
  statuses: NoteStatus[];
}

interface NotesFilterProps {
  value: NotesFilterValue;
  onChange: (value: NotesFilterValue) => void;
}

/** The filter popover: category and status (pinned / unpinned). */
export function NotesFilter({ value, onChange }: NotesFilterProps) {
  const active = (value.category ? 1 : 0) + (value.statuses.length > 0 ? 1 : 0);
  return (
    <Popover position="bottom-end" shadow="md" width={240} trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={active ? 'light' : 'default'}
          size="lg"
          aria-label={active ? `Filter notes (${active} active)` : 'Filter notes'}
        >
          <IconFilter size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label="Category"
            placeholder="All categories"
            data={CATEGORY_OPTIONS}
            value={value.category}
            clearable
            comboboxProps={{ withinPortal: false }}
            onChange={(category) => onChange({ ...value, category: (category as NoteCategory | null) ?? null })}
          />
          <Checkbox.Group
            label="Status"
            value={value.statuses}
            onChange={(statuses) => onChange({ ...value, statuses: statuses as NoteStatus[] })}
          >
            <Group gap="md" mt={4}>
              {NOTE_STATUSES.map((status) => (
                <Checkbox key={status} value={status} label={categoryLabel(status)} />
              ))}
            </Group>
          </Checkbox.Group>
          {active > 0 ? (
            <Button variant="subtle" size="xs" onClick={() => onChange({ category: null, statuses: [] })}>
              Clear filters
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Showing all notes
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
