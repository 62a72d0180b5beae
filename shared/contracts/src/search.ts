import { contactDisplayName } from './contact';
import { RECENT_SEARCHES_MAX } from './constants';

export type SearchResultType = 'project' | 'contact' | 'task';

/** Spec section 3 "Global search result". */
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
