import { filterGroupsSchema, isConditionComplete, type FilterGroup } from './filters';

/**
 * Helpers of the list pages whose address bar is the source of truth (?search=…&status=…&filters=[…]&sortBy=…):
 * shareable, survives reload. Each list keeps its own keys and rules; these are the parts they share.
 */

/** The advanced filter groups as edited (incomplete conditions included); bad JSON counts as none. */
export function filterGroupsFromUrl(p: URLSearchParams): FilterGroup[] {
  const raw = p.get('filters');
  if (!raw) return [];
  try {
    const parsed = filterGroupsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** What the API gets: only complete conditions, and no empty groups. */
export function completeGroups(groups: FilterGroup[]): FilterGroup[] {
  return groups
    .map((g) => ({ ...g, conditions: g.conditions.filter((c) => isConditionComplete(c)) }))
    .filter((g) => g.conditions.length > 0);
}

/** 'asc' or 'desc' from the address bar; anything else is the list's default order. */
export const sortOrderFromUrl = (v: string | null): 'asc' | 'desc' | undefined =>
  v === 'asc' || v === 'desc' ? v : undefined;

/**
 * How many filters narrow a list (the badge on Filters, and whether 'Clear filters' does anything): the simple
 * keys that are set (a list only when not empty), plus every condition of the advanced groups.
 */
export function countActiveFilters<P extends { filters?: readonly { conditions: readonly unknown[] }[] }>(
  params: P,
  keys: readonly (keyof P)[],
): number {
  const simple = keys.filter((k) => {
    const v = params[k];
    return Array.isArray(v) ? v.length > 0 : v !== undefined;
  }).length;
  return simple + (params.filters ?? []).reduce((n, g) => n + g.conditions.length, 0);
}

/** A change to the address bar's keys: a list is joined with ',', empty, null and undefined remove the key. */
export type UrlPatch = Record<string, string | string[] | boolean | null | undefined>;

/** The address bar's keys with a patch applied (a copy; the list's own page rule is the caller's). */
export function setUrlKeys(p: URLSearchParams, patch: UrlPatch): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    const s = Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v);
    if (s) next.set(k, s);
    else next.delete(k);
  }
  return next;
}

/** Clicking a column header: ascending first, then descending, then back to the list's default order. */
export function nextSort<F extends string>(
  current: { sortBy?: F; sortOrder?: 'asc' | 'desc' },
  field: F,
): { sortBy: string | null; sortOrder: string | null } {
  if (current.sortBy !== field) return { sortBy: field, sortOrder: 'asc' };
  if (current.sortOrder !== 'desc') return { sortBy: field, sortOrder: 'desc' };
  return { sortBy: null, sortOrder: null };
}
