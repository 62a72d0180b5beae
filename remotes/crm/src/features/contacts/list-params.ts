import {
  filterGroupsSchema,
  isConditionComplete,
  type FilterGroup,
  CONTACT_STATUSES,
  DEFAULT_PAGE_SIZE,
} from '@atrium/contracts';
import {
  CONTACT_SORT_FIELDS,
  type ContactListParams,
  type ContactSortField,
  type ContactStatus,
} from '@atrium/domain-crm';

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : undefined);
const text = (v: string | null) => v || undefined;

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

/** The address bar is the source of truth for the contacts list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): ContactListParams {
  const status = p.get('status');
  const sortBy = p.get('sortBy');
  const sortOrder = p.get('sortOrder');
  const hasGroups = p.get('hasGroups');
  return {
    page: Math.max(1, Number(p.get('page')) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: text(p.get('search')),
    status: (CONTACT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ContactStatus) : undefined,
    groupIds: list(p.get('groupIds')),
    tags: list(p.get('tags')),
    hasGroups: hasGroups === 'true' ? true : hasGroups === 'false' ? false : undefined,
    dateCreatedFrom: text(p.get('dateCreatedFrom')),
    dateCreatedTo: text(p.get('dateCreatedTo')),
    lastContactFrom: text(p.get('lastContactFrom')),
    lastContactTo: text(p.get('lastContactTo')),
    sortBy: (CONTACT_SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ContactSortField)
      : undefined,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : undefined,
    filters: completeGroups(filterGroupsFromUrl(p)),
  };
}

/** Filters that narrow the list (used for the count badge and 'Clear filters'). */
export const FILTER_KEYS = [
  'status',
  'groupIds',
  'tags',
  'hasGroups',
  'dateCreatedFrom',
  'dateCreatedTo',
  'lastContactFrom',
  'lastContactTo',
] as const;

export function activeFilterCount(params: ContactListParams): number {
  const simple = FILTER_KEYS.filter((k) => {
    const v = params[k];
    return Array.isArray(v) ? v.length > 0 : v !== undefined;
  }).length;
  return simple + (params.filters ?? []).reduce((n, g) => n + g.conditions.length, 0);
}

/** Sets (or clears) URL keys; any change but paging goes back to page 1. */
export function patchUrl(
  p: URLSearchParams,
  patch: Record<string, string | string[] | boolean | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    const s = Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v);
    if (s) next.set(k, s);
    else next.delete(k);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** Clicking a column header: ascending first, then descending, then back to the default order. */
export function nextSort(
  current: ContactListParams,
  field: ContactSortField,
): { sortBy: string | null; sortOrder: string | null } {
  if (current.sortBy !== field) return { sortBy: field, sortOrder: 'asc' };
  if (current.sortOrder !== 'desc') return { sortBy: field, sortOrder: 'desc' };
  return { sortBy: null, sortOrder: null };
}
