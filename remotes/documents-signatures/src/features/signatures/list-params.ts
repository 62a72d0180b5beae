import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import { WORKFLOW_STATUSES, type WorkflowListParams, type WorkflowStatus } from '@atrium/domain-documents';

const isStatus = (v: string | null): v is WorkflowStatus => (WORKFLOW_STATUSES as readonly string[]).includes(v ?? '');

/** The list's URL: ?status, ?search, ?page (1 when absent or not a number). */
export function workflowParamsFromUrl(p: URLSearchParams): WorkflowListParams & { page: number } {
  const status = p.get('status');
  return {
    page: Math.max(1, Math.floor(Number(p.get('page'))) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: p.get('search')?.trim() || undefined,
    status: isStatus(status) ? status : undefined,
  };
}

/** The status tabs of the list: all, then each state in the order a workflow goes through them. */
export const STATUS_TABS: readonly (WorkflowStatus | 'all')[] = ['all', ...WORKFLOW_STATUSES];
