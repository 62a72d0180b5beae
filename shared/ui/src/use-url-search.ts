import { SEARCH_DEBOUNCE_MS } from '@atrium/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * A list page's search box kept in step with the address bar (?search=): what is typed goes there after the
 * debounce (trimmed, through write), and a change from outside (Back/Forward, a link) comes back into the box.
 * Returns the box's text and its setter.
 */
export function useUrlSearch(urlSearch: string, write: (search: string) => void): [string, (text: string) => void] {
  const [search, setSearch] = useState(urlSearch);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The search the address bar holds as far as this page knows: what it last wrote there or read from it.
  const knownSearch = useRef(urlSearch);
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    if (debounced === knownSearch.current) return;
    knownSearch.current = debounced;
    writeRef.current(debounced);
  }, [debounced]);
  useEffect(() => {
    if (urlSearch === knownSearch.current) return;
    knownSearch.current = urlSearch;
    setSearch(urlSearch);
  }, [urlSearch]);
  return [search, setSearch];
}
