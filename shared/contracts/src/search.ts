import { RECENT_SEARCHES_MAX } from './constants';

/** docs/requirements.md §3: name, else first plus last, else either one, else 'Unnamed Contact'. */
export function contactDisplayName(c: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  if (c.name && c.name.trim()) return c.name.trim();
  const full = [c.firstName, c.lastName].filter((p) => p && p.trim()).join(' ');
  return full || 'Unnamed Contact';
}

export type SearchResultType = 'project' | 'contact' | 'task';

/** docs/requirements.md §3 "Global search result". */
export interface SearchResult {
  type: SearchResultType;
  id: string;
  title: string;
}

interface RawItem {
  _id?: string;
  id?: string;
  title?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Contacts: name, else first plus last, else either one, else 'Unnamed Contact'. Others: title, else name, else 'Untitled'. */
export function toSearchResult(type: SearchResultType, item: RawItem): SearchResult {
  const id = String(item._id ?? item.id ?? '');
  if (type === 'contact') return { type, id, title: contactDisplayName(item) };
  const title = item.title?.trim() || item.name?.trim() || 'Untitled';
  return { type, id, title };
}

/** Recent searches: at most 5, most recent first, no duplicates, never blank. */
export function addRecentSearch(list: readonly string[], term: string, max = RECENT_SEARCHES_MAX): string[] {
  const t = term.trim();
  if (!t) return [...list];
  return [t, ...list.filter((x) => x !== t)].slice(0, max);
}

/** How many results each list of the global search asks for (docs/requirements.md §7, global search). */
export const GLOBAL_SEARCH_LIMIT = 5;

/** One hit a remote's search provider found: the host shows title (and subtitle) and navigates to href. */
export interface SearchItem {
  id: string;
  title: string;
  subtitle?: string;
  /** Where picking it goes, e.g. '/contacts/c1'. */
  href: string;
  /** Navigation state passed along (a task opens on /tasks by the id it carries). */
  state?: unknown;
}

/** A labelled group of hits; the host sorts groups by order across every remote and hides empty ones. */
export interface SearchGroup {
  /** Unique across remotes, e.g. 'contacts'. */
  key: string;
  /** The group's heading, e.g. 'Contacts'. */
  label: string;
  /** Name of an icon the shared UI package knows (NavIcon). */
  icon?: string;
  order: number;
  items: SearchItem[];
}

export interface SearchQuery {
  /** Trimmed, never blank. */
  term: string;
  limit: number;
  signal?: AbortSignal;
}

/**
 * A remote's part of the header's global search. The host calls every loaded remote's provider side by side
 * and knows no domain by name; a provider that rejects makes the box say 'Error searching'.
 */
export type SearchProvider = (query: SearchQuery) => Promise<SearchGroup[]>;

/** Groups with at least one item, in ascending order (ties keep the order they came in). */
export function orderSearchGroups(groups: readonly SearchGroup[]): SearchGroup[] {
  return groups.filter((g) => g.items.length > 0).sort((a, b) => a.order - b.order);
}
