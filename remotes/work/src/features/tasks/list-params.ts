import {
  DEFAULT_PAGE_SIZE,
  filterGroupsSchema,
  isConditionComplete,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type FilterGroup,
} from '@atrium/contracts';
import {
  TASK_SORT_FIELDS,
  type TaskListParams,
  type TaskPriority,
  type TaskSortField,
  type TaskStatus,
} from '@atrium/domain-work';

const text = (v: string | null) => v?.trim() || undefined;
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

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

/** The address bar is the source of truth for the task list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): TaskListParams {
  const sortOrder = p.get('sortOrder');
  return {
    page: Math.max(1, Number(p.get('page')) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: text(p.get('search')),
    status: oneOf<TaskStatus>(TASK_STATUSES, p.get('status')),
    priority: oneOf<TaskPriority>(TASK_PRIORITIES, p.get('priority')),
    projectId: text(p.get('projectId')),
    sortBy: oneOf<TaskSortField>(TASK_SORT_FIELDS, p.get('sortBy')),
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : undefined,
    filters: completeGroups(filterGroupsFromUrl(p)),
  };
}

export const FILTER_KEYS = ['status', 'priority', 'projectId'] as const;

/** How many filters narrow the list (the badge on Filters, and whether 'Clear filters' does anything). */
export function activeFilterCount(params: TaskListParams): number {
  const simple = FILTER_KEYS.filter((k) => params[k] !== undefined).length;
  return simple + (params.filters ?? []).reduce((n, g) => n + g.conditions.length, 0);
}

/** Sets (or clears) URL keys; any change but paging (or opening a task, or the view) goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  const keepsPage = Object.keys(patch).every((k) => k === 'page' || k === 'task' || k === 'view');
  if (!keepsPage) next.delete('page');
  return next;
}

/** Clicking a column header: ascending first, then descending, then back to the default order. */
export function nextSort(
  current: TaskListParams,
  field: TaskSortField,
): { sortBy: string | null; sortOrder: string | null } {
  if (current.sortBy !== field) return { sortBy: field, sortOrder: 'asc' };
  if (current.sortOrder !== 'desc') return { sortBy: field, sortOrder: 'desc' };
  return { sortBy: null, sortOrder: null };
}
