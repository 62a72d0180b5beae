import { CALENDAR_ITEM_TYPES, type CalendarItemType } from '@atrium/domain-work';
import { Checkbox, Group, IconSearch, Select, Switch, TextInput } from '@atrium/ui';
import { ITEM_STYLES } from '../../lib/calendar-items';
import { STATUS_CHOICES, type CalendarState } from './calendar-params';

const TYPE_LABELS: Record<CalendarItemType, string> = { meeting: 'Meetings', task: 'Tasks', project: 'Projects' };

/**
 * The calendar's filters: the kinds shown (all when none is ticked off), a status, the title search (debounced by
 * the page) and 'Include Google Calendar'. Every change goes to the address bar through `onChange`.
 */
export function CalendarFilters({
  state,
  search,
  onSearch,
  onChange,
}: {
  state: CalendarState;
  /** The search box's text (the address bar follows it after the debounce). */
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  const shown = state.types.length ? state.types : [...CALENDAR_ITEM_TYPES];
  const toggle = (t: CalendarItemType, on: boolean) => {
    const next = CALENDAR_ITEM_TYPES.filter((x) => (x === t ? on : shown.includes(x)));
    // All ticked = no filter; none ticked keeps the last one (an empty calendar by filter says nothing useful).
    if (next.length === 0) return;
    onChange({ type: next.length === CALENDAR_ITEM_TYPES.length ? null : next.join(',') });
  };
  return (
    <Group gap="md" wrap="wrap">
      <TextInput
        placeholder="Search the calendar..."
        aria-label="Search the calendar"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={260}
      />
      <Group gap="sm" role="group" aria-label="Show">
        {CALENDAR_ITEM_TYPES.map((t) => (
          <Checkbox
            key={t}
            label={TYPE_LABELS[t]}
            color={ITEM_STYLES[t].mantine}
            checked={shown.includes(t)}
            onChange={(e) => toggle(t, e.currentTarget.checked)}
          />
        ))}
      </Group>
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={STATUS_CHOICES}
        value={state.status || null}
        onChange={(v) => onChange({ status: v })}
        clearable
        w={170}
      />
      <Switch
        label="Include Google Calendar"
        checked={state.google}
        onChange={(e) => onChange({ google: e.currentTarget.checked ? '1' : null })}
      />
    </Group>
  );
}
