import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Note, NoteListEnvelope } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';

export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <UiProvider env="test">{children}</UiProvider>
    </QueryClientProvider>
  );
  // A wrapper (not a wrapped element) so that rerender keeps the providers and the cache.
  return { ...render(ui, { wrapper }), client };
}

let seq = 0;
export function makeNote(overrides: Partial<Note> = {}): Note {
  seq += 1;
  return {
    _id: `n${seq}`,
    title: `Title ${seq}`,
    content: `<p>Content ${seq}</p>`,
    category: 'general',
    priority: null,
    isPinned: false,
    tags: [],
    entityType: 'contact',
    entityId: 'c1',
    createdBy: { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace' },
    createdAt: new Date(Date.UTC(2026, 10, 1, 12) - seq * 60_000).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 10, 1, 12)).toISOString(),
    ...overrides,
  };
}

export function envelope(data: Note[], total = data.length, page = 1, limit = 10): NoteListEnvelope {
  return { success: true, data, meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}
