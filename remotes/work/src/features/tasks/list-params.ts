import {
  completeGroups,
  countActiveFilters,
  DEFAULT_PAGE_SIZE,
  filterGroupsFromUrl,
  setUrlKeys,
  sortOrderFromUrl,
  TASK_PRIORITIES,
  TASK_STATUSES,
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

/** The address bar is the source of truth for the task list: shareable, survives reload. */
export function paramsFromUrl(p: URLSearchParams): TaskListParams {
  return {
    page: Math.max(1, Number(p.get('page')) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: text(p.get('search')),
    status: oneOf<TaskStatus>(TASK_STATUSES, p.get('status')),
    priority: oneOf<TaskPriority>(TASK_PRIORITIES, p.get('priority')),
    projectId: text(p.get('projectId')),
    sortBy: oneOf<TaskSortField>(TASK_SORT_FIELDS, p.get('sortBy')),
    sortOrder: sortOrderFromUrl(p.get('sortOrder')),
    filters: completeGroups(filterGroupsFromUrl(p)),
  };
}

export const FILTER_KEYS = ['status', 'priority', 'projectId'] as const;

/** How many filters narrow the list (the badge on Filters, and whether 'Clear filters' does anything). */
export const activeFilterCount = (params: TaskListParams): number => countActiveFilters(params, FILTER_KEYS);

/** Sets (or clears) URL keys; any change but paging (or opening a task, or the view) goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: Record<string, string | null | undefined>): URLSearchParams {
  const next = setUrlKeys(p, patch);
  const keepsPage = Object.keys(patch).every((k) => k === 'page' || k === 'task' || k === 'view');
  if (!keepsPage) next.delete('page');
  return next;
}

/** The parts every list shares (contracts' list-params). */
export { completeGroups, filterGroupsFromUrl, nextSort } from '@atrium/contracts';
