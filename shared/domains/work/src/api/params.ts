import type { FilterGroupInput } from '@atrium/contracts';

/** A list's parameters as a query string: lists comma-joined, filters as JSON, blanks left out. */
export function listSearchParams(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'filters') {
      if (Array.isArray(value) && value.length > 0) out[key] = JSON.stringify(value as FilterGroupInput[]);
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else {
      out[key] = String(value);
    }
  }
  return out;
}

/** The query of an export: every match of the list's parameters (export=true), without page or limit. */
export function exportSearchParams(params: object): Record<string, string> {
  return listSearchParams({ ...params, export: true, page: undefined, limit: undefined });
}
