import type { ContactGroupListQuery } from './contact-groups';
import type { ContactListParams } from './contact-list';

/*
 * Every query key of the crm domain, spelled once (no literal keys in apps). Keys start with the entity, so
 * invalidating `.all` reaches every view of it: after a contact changes, `contactKeys.all` refreshes lists,
 * scroll pages, counts and single contacts alike.
 */

export const contactKeys = {
  all: ['contacts'] as const,
  /** One page of the list, by its parameters (filters, sort, page). */
  list: (params: ContactListParams) => ['contacts', 'list', params] as const,
  /** The 'Scroll' view's pages, by the parameters without page and limit. */
  scroll: (params: ContactListParams) => ['contacts', 'scroll', params] as const,
  /** How many contacts match (dashboard counts). */
  count: (params: ContactListParams) => ['contacts', 'count', params] as const,
  one: (id: string | undefined) => ['contacts', 'one', id] as const,
};

export const contactGroupKeys = {
  all: ['contact-groups'] as const,
  list: (query: ContactGroupListQuery) => ['contact-groups', 'list', query] as const,
  /** Every group, for pickers. */
  options: ['contact-groups', 'options'] as const,
};

export const contactTagKeys = {
  all: ['contact-tags'] as const,
  list: ['contact-tags', 'list'] as const,
  /** Every tag, for pickers. */
  options: ['contact-tags', 'options'] as const,
};

export const contactImportKeys = {
  all: ['contact-import'] as const,
  job: (jobId: string | null) => ['contact-import', 'job', jobId] as const,
};
