import {
  completeGroups,
  countActiveFilters,
  CONTACT_STATUSES,
  DEFAULT_PAGE_SIZE,
  filterGroupsFromUrl,
  setUrlKeys,
  sortOrderFromUrl,
  type UrlPatch,
} from '@atrium/contracts';
import {
  CONTACT_SORT_FIELDS,
  type ContactListParams,
  type ContactSortField,
  type ContactStatus,
} from '@atrium/domain-crm';

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : undefined);
const text = (v: string | null) => v || undefined;

/** The address bar is the source of truth for the contacts list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): ContactListParams {
  const status = p.get('status');
  const sortBy = p.get('sortBy');
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
    sortOrder: sortOrderFromUrl(p.get('sortOrder')),
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

export const activeFilterCount = (params: ContactListParams): number => countActiveFilters(params, FILTER_KEYS);

/** Sets (or clears) URL keys; any change but paging goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: UrlPatch): URLSearchParams {
  const next = setUrlKeys(p, patch);
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** The parts every list shares (contracts' list-params). */
export { completeGroups, filterGroupsFromUrl, nextSort } from '@atrium/contracts';
