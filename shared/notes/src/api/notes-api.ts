import type { Note, NoteEntityType, NoteInput, NoteListEnvelope, NoteListQuery, NoteUpdate } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';

type Params = Record<string, string | number | boolean | undefined | null>;

/** GET /notes query as search params: filter groups travel as JSON text, empty values are left out. */
export function listParams(query: NoteListQuery): Params {
  const { filters, ...rest } = query;
  return { ...rest, filters: filters && filters.length > 0 ? JSON.stringify(filters) : undefined };
}

/** Typed calls for notes (docs/requirements.md §7 "Notes"); every answer wraps its result in data. */
export function notesApi(client: Pick<ApiClient, 'get' | 'post' | 'put' | 'patch' | 'delete'>) {
  const one = (id: string) => `notes/${encodeURIComponent(id)}`;
  return {
    /** Sorted by the server: pinned first, then newest created first. */
    list: (query: NoteListQuery, signal?: AbortSignal) =>
      client.get<NoteListEnvelope>('notes', listParams(query), { signal }),
    get: async (id: string) => (await client.get<{ data: Note }>(one(id))).data,
    create: async (input: NoteInput) => (await client.post<{ data: Note }>('notes', input)).data,
    update: async (id: string, input: NoteUpdate) => (await client.put<{ data: Note }>(one(id), input)).data,
    remove: async (id: string) => {
      await client.delete(one(id));
    },
    /** PATCH /notes/:id/pin flips isPinned and answers the note. */
    togglePin: async (id: string) => (await client.patch<{ data: Note }>(`${one(id)}/pin`)).data,
    search: (
      query: { entityType: NoteEntityType; entityId: string; search: string; page?: number; limit?: number },
      signal?: AbortSignal,
    ) => client.get<NoteListEnvelope>('notes/search', { ...query }, { signal }),
  };
}

export type NotesApi = ReturnType<typeof notesApi>;
