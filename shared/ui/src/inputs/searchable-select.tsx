import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { DROPDOWN_MAX_HEIGHT, MESSAGES } from '@atrium/contracts';

/**
 * Searchable single-select with a clear button (docs/requirements.md §2): 'No results found', 15rem list, closes on
 * outside click; after a choice it closes and clears its search text about 100 ms later.
 */
export function SearchableSelect(
  props: Omit<SelectProps, 'searchable' | 'clearable' | 'searchValue' | 'onSearchChange'>,
) {
  const [search, setSearch] = useState('');
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={MESSAGES.noResults}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      searchValue={search}
      onSearchChange={setSearch}
      {...props}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        setTimeout(() => setSearch(''), 100);
      }}
    />
  );
}
