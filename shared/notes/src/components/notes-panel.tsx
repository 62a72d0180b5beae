import { useState } from 'react';
import {
  NOTE_MESSAGES,
  NOTE_SEARCH_DEBOUNCE_MS,
  NOTES_COMPACT_DEFAULT,
  NOTES_PAGE_SIZE,
  type NoteEntityType,
} from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  IconSearch,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  useDebouncedValue,
} from '@atrium/ui';
import { useNoteList, useNoteMutations } from '../hooks/use-notes';
import { flattenPages, pageLabel, showingLabel, viewAllLabel } from '../lib/note-helpers';
import { NoteCard } from './note-card';
import { NoteForm } from './note-form';
import { NotesFilter, type NotesFilterValue } from './notes-filter';

export interface NotesPanelProps {
  entityType: NoteEntityType;
  entityId: string;
  /** A short list (at most `limit` notes) with a 'View all N notes' link instead of paging. */
  compact?: boolean;
  /** Notes shown in compact mode; default 3 (the contact modal uses 5). */
  limit?: number;
  canEdit?: boolean;
  canDelete?: boolean;
  /** Shows 'Create Note'; default true. */
  canCreate?: boolean;
  /** Called by 'View all N notes' in compact mode. */
  onViewAll?: () => void;
}

/** The shared notes panel of docs/requirements.md §2: search, filters, create, list, paging. */
export function NotesPanel({
  entityType,
  entityId,
  compact = false,
  limit,
  canEdit = true,
  canDelete = true,
  canCreate = true,
  onViewAll,
}: NotesPanelProps) {
  const pageSize = compact ? Math.max(1, limit ?? NOTES_COMPACT_DEFAULT) : NOTES_PAGE_SIZE;
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), NOTE_SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<NotesFilterValue>({ category: null, statuses: [] });
  const [creating, setCreating] = useState(false);

  // Paging starts over whenever what is asked for changes.
  const view = { search, category: filter.category, statuses: filter.statuses };
  const viewKey = JSON.stringify(view);
  const [paging, setPaging] = useState({ viewKey, startPage: 1 });
  const startPage = paging.viewKey === viewKey ? paging.startPage : 1;
  const goTo = (page: number) => setPaging({ viewKey, startPage: page });

  const query = useNoteList({ entityType, entityId, view, limit: pageSize, startPage });
  const mutations = useNoteMutations(entityType, entityId);

  const all = flattenPages(query.data);
  const shown = compact ? all.slice(0, pageSize) : all;
  const lastPage = query.data?.pages[query.data.pages.length - 1];
  const total = lastPage?.meta.total ?? 0;
  const firstLoaded = (query.data?.pageParams[0] as number | undefined) ?? 1;
  const currentPage = firstLoaded + Math.max(0, (query.data?.pages.length ?? 1) - 1);
  const totalPages = Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE));

  const createButton = canCreate && !creating && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} size={compact ? 'xs' : 'sm'}>
      Create Note
    </Button>
  );

  return (
    <Stack gap="sm" data-testid="notes-panel">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          size={compact ? 'xs' : 'sm'}
          placeholder="Search notes..."
          aria-label="Search notes"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
        <NotesFilter value={filter} onChange={setFilter} />
        {createButton}
      </Group>

      {creating && (
        <Paper withBorder p="sm" radius="md">
          <NoteForm
            submitLabel="Save Note"
            busy={mutations.create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              try {
                await mutations.create.mutateAsync({
                  title: values.title.trim() || null,
                  content: values.content,
                  category: values.category,
                });
              } catch {
                return false; // reported by the mutation; what was typed stays
              }
              setCreating(false);
              return true;
            }}
          />
        </Paper>
      )}

      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading notes" />
        </Center>
      ) : query.isError && !query.data ? (
        <Alert color="red" title="Notes could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => query.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {NOTE_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {shown.map((note) => (
            <NoteCard
              key={note._id}
              note={note}
              canEdit={canEdit}
              canDelete={canDelete}
              pinning={mutations.togglePin.isPending && mutations.togglePin.variables === note._id}
              onTogglePin={(n) => mutations.togglePin.mutate(n._id)}
              onSave={(n, changes) => mutations.update.mutate({ note: n, changes })}
              onDelete={(n) => mutations.remove.mutateAsync(n._id)}
            />
          ))}
        </Stack>
      )}

      {!compact && query.hasNextPage && (
        <Button
          variant="light"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          disabled={query.isPlaceholderData}
        >
          Load More Notes
        </Button>
      )}

      {total > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {showingLabel(shown.length, total)}
          </Text>
          {compact && onViewAll && (
            <Anchor component="button" type="button" size="sm" onClick={onViewAll}>
              {viewAllLabel(total)}
            </Anchor>
          )}
        </Group>
      )}

      {!compact && total > NOTES_PAGE_SIZE && (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={currentPage <= 1 || query.isPlaceholderData}
            onClick={() => goTo(currentPage - 1)}
          >
            Previous
          </Button>
          <Text size="sm">{pageLabel(currentPage, totalPages)}</Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={currentPage >= totalPages || query.isPlaceholderData}
            onClick={() => goTo(currentPage + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}
