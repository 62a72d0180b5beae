import * as z from 'zod';
import {
  booleanParamSchema,
  CONTACT_STATUSES,
  dateParamSchema,
  filterFields,
  type FilterGroupInput,
  filtersParamSchema,
  idListParamSchema,
  type SortOrder,
  sortOrderSchema,
} from '@atrium/contracts';
import { contactListQuerySchema, type ContactListQuery } from './contact';
import { CONTACT_IMPORT_FIELDS } from './contact-import';

/** Columns GET /contacts sorts by (default dateCreated desc). */
export const CONTACT_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'business',
  'status',
  'dateCreated',
  'lastContact',
] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** The contact's own fields (the same a CSV column can fill) plus its creation date: what a filter condition may name (types by the spec rule: see fieldType). */
export const CONTACT_FILTER_FIELDS = [...CONTACT_IMPORT_FIELDS, 'dateCreated'] as const;
export type ContactFilterField = (typeof CONTACT_FILTER_FIELDS)[number];

export const contactFilterFields = filterFields(CONTACT_FILTER_FIELDS, { status: CONTACT_STATUSES });

/**
 * GET /contacts query (docs/requirements.md §3 "Contact list filters"), as the server parses it. groupIds/groups and
 * tags match contacts in ANY of the listed groups / with ANY of the tags; every other filter narrows (AND).
 */
export const contactListParamsSchema = contactListQuerySchema.extend({
  groupId: z.string().trim().min(1).max(100).optional(),
  groupIds: idListParamSchema.optional(),
  /** Alias of groupIds. */
  groups: idListParamSchema.optional(),
  hasGroups: booleanParamSchema.optional(),
  tags: idListParamSchema.optional(),
  dateCreatedFrom: dateParamSchema.optional(),
  dateCreatedTo: dateParamSchema.optional(),
  lastContactFrom: dateParamSchema.optional(),
  lastContactTo: dateParamSchema.optional(),
  sortBy: z
    .enum(CONTACT_SORT_FIELDS, { error: `Sort by one of: ${CONTACT_SORT_FIELDS.join(', ')}` })
    .default('dateCreated'),
  sortOrder: sortOrderSchema.optional(),
  export: booleanParamSchema.default(false),
  filters: filtersParamSchema(contactFilterFields).optional(),
});
export type ContactListParamsData = z.output<typeof contactListParamsSchema>;

/** What a client may ask GET /contacts for (a superset of ContactListQuery). */
export interface ContactListParams extends ContactListQuery {
  groupId?: string;
  groupIds?: string[];
  hasGroups?: boolean;
  tags?: string[];
  /** 'YYYY-MM-DD' (inclusive UTC day) or an ISO date-time. */
  dateCreatedFrom?: string;
  dateCreatedTo?: string;
  lastContactFrom?: string;
  lastContactTo?: string;
  sortBy?: ContactSortField;
  sortOrder?: SortOrder;
  export?: boolean;
  filters?: FilterGroupInput[];
}

/** The query-string form of ContactListParams: lists comma-joined, filters as JSON, blanks left out. */
export function contactListSearchParams(params: ContactListParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'filters') {
      if (Array.isArray(value) && value.length > 0) out[key] = JSON.stringify(value);
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else {
      out[key] = String(value);
    }
  }
  return out;
}
