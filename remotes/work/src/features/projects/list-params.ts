import {
  completeGroups,
  countActiveFilters,
  DEFAULT_PAGE_SIZE,
  filterGroupsFromUrl,
  setUrlKeys,
  sortOrderFromUrl,
  type UrlPatch,
} from '@atrium/contracts';
import { PROJECT_SORT_FIELDS, type ProjectListParams, type ProjectSortField } from '@atrium/domain-work';
import { isStage } from '../../lib/stages';

export type ProjectsView = 'table' | 'board';

const text = (v: string | null) => v?.trim() || undefined;
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** Table or board: the address bar remembers it (?view=board). */
export const viewFromUrl = (p: URLSearchParams): ProjectsView => (p.get('view') === 'board' ? 'board' : 'table');

/** The address bar is the source of truth for the projects list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): ProjectListParams {
  const stage = p.get('stage');
  const sortBy = p.get('sortBy');
  const filters = completeGroups(filterGroupsFromUrl(p));
  return {
    page: Math.max(1, Math.floor(Number(p.get('page'))) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: text(p.get('search')),
    stage: isStage(stage) ? stage : undefined,
    type: text(p.get('type')),
    startDate: day(p.get('startDate')),
    dueDate: day(p.get('dueDate')),
    sortBy:
      sortBy !== 'board' && (PROJECT_SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
        ? (sortBy as ProjectSortField)
        : undefined,
    sortOrder: sortOrderFromUrl(p.get('sortOrder')),
    ...(filters.length ? { filters } : {}),
  };
}

/** The filters that narrow the list (the count badge, 'Clear filters'). */
export const FILTER_KEYS = ['stage', 'type', 'startDate', 'dueDate'] as const;

export const activeFilterCount = (params: ProjectListParams): number => countActiveFilters(params, FILTER_KEYS);

/** Sets (or clears) URL keys; any change but paging and the view goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: UrlPatch): URLSearchParams {
  const next = setUrlKeys(p, patch);
  if (!('page' in patch) && !('view' in patch)) next.delete('page');
  return next;
}

/** The parts every list shares (contracts' list-params). */
export { completeGroups, filterGroupsFromUrl, nextSort } from '@atrium/contracts';
