import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import {
  LoadError,
  useCsvExport,
  Button,
  Group,
  IconPlus,
  IconSearch,
  Link,
  PageSkeleton,
  retryImport,
  SegmentedControl,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  useListSelection,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import { contacts, type Contact, type ContactSortField } from '@atrium/domain-crm';
import { BulkBar } from '../features/contacts/bulk-bar';
import { readRunningImport } from '../features/import/running-import';
import { ContactsFilters } from '../features/contacts/contacts-filters';
import { ContactsTable } from '../features/contacts/contacts-table';
import { contactsToCsv } from '../features/contacts/export-csv';
import {
  activeFilterCount,
  filterGroupsFromUrl,
  nextSort,
  paramsFromUrl,
  patchUrl,
} from '../features/contacts/list-params';
import { useContacts } from '../features/contacts/use-contacts';
import { useContactsInfinite } from '../features/contacts/use-contacts-infinite';

// Fetched when first used, not with the page: the 'Scroll' view (with its virtualizer), the contact dialog and the
// import dialog.
const VirtualContactsList = lazy(() =>
  retryImport(() => import('../features/contacts/virtual-contacts-list')).then((m) => ({
    default: m.VirtualContactsList,
  })),
);
const ContactModal = lazy(() =>
  retryImport(() => import('../features/contact-form/contact-modal')).then((m) => ({ default: m.ContactModal })),
);
const ImportContactsModal = lazy(() =>
  retryImport(() => import('../features/import/import-contacts-modal')).then((m) => ({
    default: m.ImportContactsModal,
  })),
);

export default function ContactsPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => paramsFromUrl(url), [url]);
  // The search box ↔ the address bar: typed, after the debounce; Back/Forward or a link to /contacts from outside.
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) => setUrl((u) => patchUrl(u, { search: s })));
  // undefined: closed; null: adding; a contact: editing it.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);
  const { selected, select, clear: clearSelection } = useListSelection(params);
  const [importing, setImporting] = useState(false);
  // The import dialog is mounted from its first opening on, or at once when the tab has a running import to follow.
  const [importMounted, setImportMounted] = useState(() => !!readRunningImport());
  const patch = (p: Parameters<typeof patchUrl>[1]) => setUrl((u) => patchUrl(u, p));

  // 'Pages' (20 per page) or 'Scroll' (everything, loaded as you scroll, virtualized).
  const scrollMode = url.get('view') === 'scroll';
  const paged = useContacts(params);
  const scroll = useContactsInfinite(params, scrollMode);
  const { data, isPending, isError, error, refetch, isFetching } = paged;
  const scrollRows = useMemo(() => scroll.data?.pages.flatMap((p) => p.data) ?? [], [scroll.data]);

  const { exporting, exportCsv } = useCsvExport({
    fetchAll: () => contacts.exportAll(params),
    toCsv: contactsToCsv,
    name: 'contacts',
    noun: 'contact',
  });

  const total = data?.pagination.total ?? 0;
  const page = params.page ?? 1;
  const from = total === 0 ? 0 : (page - 1) * DEFAULT_PAGE_SIZE + 1;
  const to = Math.min(total, page * DEFAULT_PAGE_SIZE);
  const filtered = !!params.search || activeFilterCount(params) > 0;
  // A page past the end (its last contacts deleted, or an old link): go to the last page there is.
  const lastPage = Math.max(1, data?.pagination.totalPages ?? 1);
  useEffect(() => {
    if (data && !isFetching && page > lastPage)
      setUrl((u) => patchUrl(u, { page: lastPage > 1 ? String(lastPage) : null }));
  }, [data, isFetching, page, lastPage, setUrl]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Contacts
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/groups" variant="default">
            Groups
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setImportMounted(true);
              setImporting(true);
            }}
          >
            Import CSV
          </Button>
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={total === 0}>
            Export CSV
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Add Contact
          </Button>
        </Group>
      </Group>
      <Group>
        <TextInput
          placeholder="Search contacts..."
          aria-label="Search contacts"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <ContactsFilters params={params} groupsDraft={filterGroupsFromUrl(url)} onChange={patch} />
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'pages', label: 'Pages' },
            { value: 'scroll', label: 'Scroll' },
          ]}
          value={scrollMode ? 'scroll' : 'pages'}
          onChange={(v) => patch({ view: v === 'scroll' ? 'scroll' : null })}
        />
      </Group>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={clearSelection} />}
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError title="Contacts could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered ? 'No contacts match your search.' : 'No contacts yet.'}
          </Text>
        ) : scrollMode && scroll.isPending ? (
          <PageSkeleton rows={6} />
        ) : scrollMode && scroll.isError && scrollRows.length === 0 ? (
          <LoadError
            title="Contacts could not be loaded"
            message={scroll.error.message}
            onRetry={() => void scroll.refetch()}
          />
        ) : scrollMode ? (
          <Suspense fallback={<PageSkeleton rows={6} />}>
            <VirtualContactsList
              rows={scrollRows}
              total={scroll.data?.pages[0]?.pagination.total ?? total}
              hasMore={!!scroll.hasNextPage}
              loadingMore={scroll.isFetchingNextPage}
              onLoadMore={() => void scroll.fetchNextPage()}
              loadError={scroll.isFetchNextPageError ? scroll.error.message : null}
              onOpen={setEditing}
              selected={selected}
              onSelect={select}
            />
          </Suspense>
        ) : (
          <ContactsTable
            rows={data.data}
            onOpen={setEditing}
            params={params}
            onSort={(field: ContactSortField) => patch(nextSort(params, field))}
            selected={selected}
            onSelect={select}
          />
        )}
      </Paper>
      {data && total > 0 && !scrollMode && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="contacts-range">
            Showing {from}–{to} of {total} contacts
          </Text>
          {data.pagination.totalPages > 1 && (
            <Pagination total={data.pagination.totalPages} value={page} onChange={(p) => patch({ page: String(p) })} />
          )}
        </Group>
      )}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportContactsModal opened={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {editing !== undefined && (
        <Suspense fallback={null}>
          <ContactModal contact={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
    </Stack>
  );
}
