import { DEFAULT_PAGE_SIZE, filterGroupsSchema, isConditionComplete, type FilterGroup } from '@atrium/contracts';
import { PROJECT_SORT_FIELDS, type ProjectListParams, type ProjectSortField } from '@atrium/domain-work';
import { isStage } from '../../lib/stages';

export type ProjectsView = 'table' | 'board';
type Patch = Record<string, string | string[] | boolean | null | undefined>;

const text = (v: string | null) => v?.trim() || undefined;
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

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

/** Table or board: the address bar remembers it (?view=board). */
export const viewFromUrl = (p: URLSearchParams): ProjectsView => (p.get('view') === 'board' ? 'board' : 'table');

/** The address bar is the source of truth for the projects list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): ProjectListParams {
  const stage = p.get('stage');
  const sortBy = p.get('sortBy');
  const sortOrder = p.get('sortOrder');
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
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : undefined,
    ...(filters.length ? { filters } : {}),
  };
}

/** The filters that narrow the list (the count badge, 'Clear filters'). */
export const FILTER_KEYS = ['stage', 'type', 'startDate', 'dueDate'] as const;

export function activeFilterCount(params: ProjectListParams): number {
  const simple = FILTER_KEYS.filter((k) => params[k] !== undefined).length;
  return simple + (params.filters ?? []).reduce((n, g) => n + g.conditions.length, 0);
}

/** Sets (or clears) URL keys; any change but paging and the view goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: Patch): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    const s = Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v);
    if (s) next.set(k, s);
    else next.delete(k);
  }
  if (!('page' in patch) && !('view' in patch)) next.delete('page');
  return next;
}

/** Clicking a column header: ascending first, then descending, then back to the default order (newest first). */
export function nextSort(
  current: ProjectListParams,
  field: ProjectSortField,
): { sortBy: string | null; sortOrder: string | null } {
  if (current.sortBy !== field) return { sortBy: field, sortOrder: 'asc' };
  if (current.sortOrder !== 'desc') return { sortBy: field, sortOrder: 'desc' };
  return { sortBy: null, sortOrder: null };
}
