import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type Contact, type ContactStatus } from '@atrium/contracts';
import {
  Alert,
  Button,
  Group,
  IconPlus,
  IconSearch,
  PageSkeleton,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  useDebouncedValue,
  useSearchParams,
} from '@atrium/ui';
import { ContactModal } from '../features/contact-form/contact-modal';
import { ContactsTable } from '../features/contacts/contacts-table';
import { useContacts } from '../features/contacts/use-contacts';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

export default function ContactsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = (params.get('status') || undefined) as ContactStatus | undefined;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // undefined: closed; null: adding; a contact: editing it.
  const [editing, setEditing] = useState<Contact | null | undefined>(undefined);

  // Keep the address bar the source of truth, so a search or a page can be shared and survives reload.
  useEffect(() => {
    if ((params.get('search') ?? '') === debounced) return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (debounced) next.set('search', debounced);
      else next.delete('search');
      next.delete('page');
      return next;
    });
  }, [debounced, params, setParams]);

  const query = { page, limit: DEFAULT_PAGE_SIZE, search: params.get('search') || undefined, status };
  const { data, isPending, isError, error, refetch, isFetching } = useContacts(query);

  const setParam = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const total = data?.pagination.total ?? 0;
  const from = total === 0 ? 0 : (page - 1) * DEFAULT_PAGE_SIZE + 1;
  const to = Math.min(total, page * DEFAULT_PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Contacts
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Add Contact
        </Button>
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
        <Select
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(v) => setParam('status', v || null)}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <Alert color="red" title="Contacts could not be loaded" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{error.message}</Text>
              <Button size="xs" onClick={() => void refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {query.search || status ? 'No contacts match your search.' : 'No contacts yet.'}
          </Text>
        ) : (
          <ContactsTable rows={data.data} onOpen={setEditing} />
        )}
      </Paper>
      {data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="contacts-range">
            Showing {from}–{to} of {total} contacts
          </Text>
          {data.pagination.totalPages > 1 && (
            <Pagination total={data.pagination.totalPages} value={page} onChange={(p) => setParam('page', String(p))} />
          )}
        </Group>
      )}
      {editing !== undefined && <ContactModal contact={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
