import { Select, type SelectProps } from '@mantine/core';
import { DROPDOWN_MAX_HEIGHT, MESSAGES } from '@atrium/contracts';

/**
 * Searchable single-select with a clear button (docs/requirements.md §2): 'No results found', 15rem list, closes on
 * outside click. After a choice the typed search text gives way to the chosen option's label (Mantine keeps the
 * two in step, also when the value is set from outside, as in an edit form), so the field shows what was chosen
 * and the next opening lists every option again. A controlled search blanked the field ~100 ms after a choice:
 * the value was set but the field looked empty.
 */
export function SearchableSelect(
  props: Omit<SelectProps, 'searchable' | 'clearable' | 'searchValue' | 'onSearchChange'>,
) {
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={MESSAGES.noResults}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      {...props}
    />
  );
}
