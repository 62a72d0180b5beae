import { toSearchResult, type SearchResult } from '@atrium/contracts';
import type { ApiClient } from './client';

type Listish = { data?: unknown } | unknown[] | undefined;

function itemsOf(body: Listish, key?: string): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const data = (body as { data?: unknown } | undefined)?.data;
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  if (key && data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[key])) {
    return (data as Record<string, unknown[]>)[key] as Record<string, unknown>[];
  }
  return [];
}

/**
 * Global search (docs/requirements.md §7): three parallel GETs — /projects, /contacts, /tasks (tasks arrive under
 * data.tasks; projects may answer an envelope or a plain array). Any failure rejects: the box says 'Error searching'.
 */
export function searchApi(client: ApiClient) {
  return {
    async all(term: string, signal?: AbortSignal): Promise<SearchResult[]> {
      const q = { search: term, limit: 5 };
      const [projects, contacts, tasks] = await Promise.all([
        client.get<Listish>('projects', q, { signal }),
        client.get<Listish>('contacts', q, { signal }),
        client.get<Listish>('tasks', q, { signal }),
      ]);
      return [
        ...itemsOf(projects).map((p) => toSearchResult('project', p)),
        ...itemsOf(contacts).map((c) => toSearchResult('contact', c)),
        ...itemsOf(tasks, 'tasks').map((t) => toSearchResult('task', t)),
      ];
    },
  };
}
