import { DEFAULT_PAGE_SIZE, setUrlKeys, type UrlPatch } from '@atrium/contracts';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentListParams,
  type DocumentStatus,
  type DocumentType,
} from '@atrium/domain-documents';

const isType = (v: string | null): v is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(v ?? '');
const isStatus = (v: string | null): v is DocumentStatus => (DOCUMENT_STATUSES as readonly string[]).includes(v ?? '');

/**
 * The address bar is the source of truth for the documents list (shareable, survives reload): ?search, ?type,
 * ?status, ?page, and ?templates=1 for the business's templates instead of its documents.
 */
export function paramsFromUrl(p: URLSearchParams): DocumentListParams {
  const type = p.get('type');
  const status = p.get('status');
  const templates = p.get('templates') === '1';
  return {
    page: Math.max(1, Math.floor(Number(p.get('page'))) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: p.get('search')?.trim() || undefined,
    type: isType(type) ? type : undefined,
    // Templates have no status of their own worth filtering on.
    status: !templates && isStatus(status) ? status : undefined,
    isTemplate: templates,
  };
}

/** Sets (or clears) URL keys; any change but paging goes back to page 1. */
export function patchUrl(p: URLSearchParams, patch: UrlPatch): URLSearchParams {
  const next = setUrlKeys(p, patch);
  if (!('page' in patch)) next.delete('page');
  return next;
}
