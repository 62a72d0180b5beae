import { STORAGE_KEYS, addRecentSearch } from '@atrium/contracts';

export function readRecent(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentSearches) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
  } catch {
    return [];
  }
}

export function rememberSearch(term: string): string[] {
  const next = addRecentSearch(readRecent(), term);
  localStorage.setItem(STORAGE_KEYS.recentSearches, JSON.stringify(next));
  return next;
}

export function clearRecent(): void {
  localStorage.removeItem(STORAGE_KEYS.recentSearches);
}
