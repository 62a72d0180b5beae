import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Note, NoteEntityType, NoteInput, NoteListEnvelope, NoteUpdate } from '@atrium/contracts';
import { handleError } from '@atrium/ui';
import { notes } from '../api/notes';
import { buildListQuery, insertNote, removeNote, replaceNote, type NoteListView } from '../lib/note-helpers';

type Pages = InfiniteData<NoteListEnvelope, number>;

export const notesKeys = {
  all: ['notes'] as const,
  entity: (entityType: NoteEntityType, entityId: string) => ['notes', entityType, entityId] as const,
  lists: (entityType: NoteEntityType, entityId: string) => ['notes', entityType, entityId, 'list'] as const,
  list: (entityType: NoteEntityType, entityId: string, params: NoteListView & { limit: number; startPage: number }) =>
    ['notes', entityType, entityId, 'list', params] as const,
};

export interface UseNoteListOptions {
  entityType: NoteEntityType;
  entityId: string;
  view: NoteListView;
  limit: number;
  /** The first page shown; Load More adds the following ones. */
  startPage: number;
}

/** Pages of GET /notes from startPage on, in the server's order (pinned first, newest first). */
export function useNoteList({ entityType, entityId, view, limit, startPage }: UseNoteListOptions) {
  return useInfiniteQuery({
    queryKey: notesKeys.list(entityType, entityId, { ...view, limit, startPage }),
    queryFn: ({ pageParam, signal }) =>
      notes.list(buildListQuery(entityType, entityId, view, pageParam, limit), signal),
    initialPageParam: startPage,
    getNextPageParam: (last) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    // While another search, filter or page loads, the last list stays (dimmed) — but never another entity's notes.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === entityType && previousQuery.queryKey[2] === entityId
        ? keepPreviousData(previous)
        : undefined,
  });
}

function updateLists(qc: QueryClient, key: QueryKey, change: (data: Pages) => Pages) {
  qc.setQueriesData<Pages>({ queryKey: key }, (data) => (data ? change(data) : data));
}

/** Create, edit, pin and delete, each keeping every loaded list of the entity in order and counted. */
export function useNoteMutations(entityType: NoteEntityType, entityId: string) {
  const qc = useQueryClient();
  const lists = notesKeys.lists(entityType, entityId);
  const refresh = () => qc.invalidateQueries({ queryKey: notesKeys.entity(entityType, entityId) });

  const create = useMutation({
    mutationFn: (input: Omit<NoteInput, 'entityType' | 'entityId'>) => notes.create({ ...input, entityType, entityId }),
    onSuccess: (note) => updateLists(qc, lists, (data) => insertNote(data, note)),
    onError: (error) => handleError(error),
    onSettled: refresh,
  });

  /** Optimistic: the card shows the new values at once; on failure the original values come back. */
  const update = useMutation({
    mutationFn: ({ note, changes }: { note: Note; changes: NoteUpdate }) => notes.update(note._id, changes),
    onMutate: async ({ note, changes }) => {
      await qc.cancelQueries({ queryKey: lists });
      const before = qc.getQueriesData<Pages>({ queryKey: lists });
      const draft: Note = {
        ...note,
        ...(changes.title !== undefined ? { title: changes.title?.trim() || null } : {}),
        ...(changes.content !== undefined ? { content: changes.content } : {}),
        ...(changes.category !== undefined ? { category: changes.category } : {}),
      };
      updateLists(qc, lists, (data) => replaceNote(data, draft));
      return { before };
    },
    onSuccess: (note) => updateLists(qc, lists, (data) => replaceNote(data, note)),
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data);
      handleError(error);
    },
    onSettled: refresh,
  });

  const togglePin = useMutation({
    mutationFn: (id: string) => notes.togglePin(id),
    onSuccess: (note) => updateLists(qc, lists, (data) => replaceNote(data, note)),
    onError: (error) => handleError(error),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (id: string) => notes.remove(id),
    onSuccess: (_done, id) => updateLists(qc, lists, (data) => removeNote(data, id)),
    onError: (error) => handleError(error),
    onSettled: refresh,
  });

  return { create, update, togglePin, remove };
}
