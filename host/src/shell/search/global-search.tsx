import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import {
  GLOBAL_SEARCH_LIMIT,
  MESSAGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_DROPDOWN_MAX_HEIGHT_PX,
  orderSearchGroups,
  type RemoteName,
  type SearchItem,
  type SearchProvider,
} from '@atrium/contracts';
import { IconSearch, Kbd, Popover, ScrollArea, Text, TextInput, useDebouncedValue, useHotkeys } from '@atrium/ui';
import { ensureRemotesWith, remotesState } from '../../federation/remotes';
import { clearRecent, readRecent, rememberSearch } from './recent-searches';
import { RecentList, ResultGroups } from './search-results';
import { globalSearchKeys } from './search-events';

/**
 * Every loaded remote's search provider, by remote name (a remote that failed to load has none). Ready once
 * each remote whose metadata announces a provider has loaded or failed: they load when a search starts.
 */
function useSearchProviders(): { ready: boolean; providers: [RemoteName, SearchProvider][] } {
  const snap = useSnapshot(remotesState);
  const pending = (Object.keys(snap.meta) as RemoteName[]).some(
    (n) => snap.meta[n]?.search && !snap.modules[n] && !snap.failed[n],
  );
  const providers = Object.values(snap.modules)
    .filter((m) => typeof m.search === 'function')
    .map((m) => [m.name, m.search as SearchProvider] as [RemoteName, SearchProvider])
    .sort(([a], [b]) => a.localeCompare(b));
  return { ready: snap.status === 'ready' && !pending, providers };
}

/** Apple keyboards say ⌘ for mod; everywhere else mod is Ctrl. */
export function shortcutHint(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): string {
  return /Mac|iPhone|iPad|iPod/.test(nav.platform || nav.userAgent) ? '⌘K' : 'Ctrl K';
}

/**
 * Header search (docs/requirements.md §2): mod+k, Esc, 300 ms debounce, grouped results, recent searches. The host knows
 * no domain: it asks every loaded remote's provider side by side and shows the groups they answer, by order.
 */
export function GlobalSearch({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [opened, setOpened] = useState(false);
  const [recent, setRecent] = useState<string[]>(readRecent);
  const [hint] = useState(() => shortcutHint());
  const [term] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  useHotkeys([['mod+k', () => ref.current?.focus()]]);

  const { ready, providers } = useSearchProviders();
  // Opened before the manifest was read (a deep link, a fast typist): load the providers once it is.
  const { status } = useSnapshot(remotesState);
  useEffect(() => {
    if (opened && status === 'ready') void ensureRemotesWith('search');
  }, [opened, status]);
  const results = useQuery({
    queryKey: globalSearchKeys.term(term, providers.map(([name]) => name).join(',')),
    queryFn: async ({ signal }) =>
      orderSearchGroups(
        (
          await Promise.all(providers.map(([, provide]) => provide({ term, limit: GLOBAL_SEARCH_LIMIT, signal })))
        ).flat(),
      ),
    enabled: term.length > 0 && ready,
    staleTime: 30_000,
    // The app's default retry (QUERY_RETRY, docs/requirements.md §9) applies: one more try before 'Error searching'.
  });

  const close = () => {
    setOpened(false);
    ref.current?.blur();
    onDone?.();
  };
  const pick = (item: SearchItem) => {
    setRecent(rememberSearch(value));
    setValue('');
    close();
    navigate(item.href, item.state === undefined ? undefined : { state: item.state });
  };

  let body;
  if (!value.trim()) {
    body = <RecentList items={recent} onPick={(t) => setValue(t)} onClear={() => (clearRecent(), setRecent([]))} />;
  } else if (results.isError) {
    body = (
      <Text size="sm" c="red" ta="center" py="sm">
        Error searching
      </Text>
    );
  } else if (term !== value.trim() || !ready || results.isFetching || !results.data) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="sm">
        Searching...
      </Text>
    );
  } else if (results.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="sm">
        {MESSAGES.noResults}
      </Text>
    );
  } else {
    body = <ResultGroups groups={results.data} onPick={pick} />;
  }

  return (
    // withRoles off: the popover's aria-haspopup/aria-expanded are not allowed on a text box (axe, WCAG 4.1.2).
    <Popover
      opened={opened}
      onChange={setOpened}
      width="target"
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          ref={ref}
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setOpened(true);
            void ensureRemotesWith('search');
          }}
          onFocus={() => {
            setOpened(true);
            // The remotes that answer searches load on the first focus: the debounce covers their fetch.
            void ensureRemotesWith('search');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            if (e.key === 'Enter' && value.trim()) setRecent(rememberSearch(value));
          }}
          placeholder={MESSAGES.searchPlaceholder}
          aria-label="Search"
          leftSection={<IconSearch size={16} />}
          rightSection={<Kbd size="xs">{hint}</Kbd>}
          rightSectionWidth={hint.length > 2 ? 64 : 48}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" onMouseDown={(e) => e.preventDefault()} data-testid="search-dropdown">
        <ScrollArea.Autosize mah={SEARCH_DROPDOWN_MAX_HEIGHT_PX} type="auto">
          {body}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
