import { useState } from 'react';
import { CheckIcon, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { DROPDOWN_MAX_HEIGHT, MULTISELECT_MAX_CHIPS } from '@atrium/contracts';

/** docs/requirements.md §3 "Multi-select option". */
export interface MultiSelectOption {
  value: string;
  label: string;
  color?: string;
  disabled?: boolean;
}

/** Up to `max` chips; past that the first chip and a '+N more' chip (N = the rest). */
export function visibleChips<T>(selected: T[], max = MULTISELECT_MAX_CHIPS): { chips: T[]; more: number } {
  if (selected.length <= max) return { chips: selected, more: 0 };
  return { chips: selected.slice(0, 1), more: selected.length - 1 };
}

interface ChipMultiSelectProps {
  label?: string;
  /** The field's accessible name when it has no visible label (a toolbar). */
  ariaLabel?: string;
  size?: 'xs' | 'sm';
  placeholder?: string;
  data: MultiSelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Multi-select with colored chips (docs/requirements.md §2). Closes on outside click and on Escape. */
export function ChipMultiSelect({
  label,
  ariaLabel,
  size,
  placeholder,
  data,
  value,
  onChange,
  error,
  disabled,
}: ChipMultiSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const byValue = new Map(data.map((o) => [o.value, o]));
  const selected = value.map((v) => byValue.get(v) ?? { value: v, label: v });
  const { chips, more } = visibleChips(selected);
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  const options = data.filter((o) => o.label.toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput label={label} size={size} error={error} disabled={disabled} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {chips.map((o) => (
              <Pill
                key={o.value}
                size={size}
                withRemoveButton={!disabled}
                onRemove={() => toggle(o.value)}
                style={o.color ? { backgroundColor: o.color, color: 'white' } : undefined}
              >
                {o.label}
              </Pill>
            ))}
            {more > 0 && <Pill size={size}>{`+${more} more`}</Pill>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                aria-label={label ?? ariaLabel}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.openDropdown();
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') combobox.closeDropdown();
                  if (e.key === 'Backspace' && search.length === 0 && value.length > 0) onChange(value.slice(0, -1));
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={DROPDOWN_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
          {options.length === 0 ? (
            <Combobox.Empty>No options available</Combobox.Empty>
          ) : (
            options.map((o) => (
              <Combobox.Option value={o.value} key={o.value} disabled={o.disabled} active={value.includes(o.value)}>
                <Group gap="sm">
                  {value.includes(o.value) ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                  {o.color && (
                    <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: o.color }} />
                  )}
                  <span>{o.label}</span>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
