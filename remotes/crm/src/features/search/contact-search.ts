import { api } from '@atrium/api-client';
import { toSearchResult, type ListEnvelope, type SearchGroup, type SearchQuery } from '@atrium/contracts';
import type { Contact } from '@atrium/domain-crm';

/** Where the contacts group sits among every remote's groups (projects 10, contacts 20, tasks 30). */
export const CONTACTS_SEARCH_ORDER = 20;

/**
 * The crm remote's part of the global search (docs/requirements.md §7, global search): GET
 * /contacts?search=&limit=, each contact named by the display-name rule and linked to its page. A failure
 * rejects, so the host's box says 'Error searching'.
 */
export async function searchContacts({ term, limit, signal }: SearchQuery): Promise<SearchGroup[]> {
  const body = await api.get<ListEnvelope<Contact>>('contacts', { search: term, limit }, { signal });
  const items = (Array.isArray(body?.data) ? body.data : []).map((contact) => {
    const { id, title } = toSearchResult('contact', contact);
    return {
      id,
      title,
      ...(contact.email ? { subtitle: contact.email } : {}),
      href: `/contacts/${encodeURIComponent(id)}`,
    };
  });
  return [{ key: 'contacts', label: 'Contacts', icon: 'contacts', order: CONTACTS_SEARCH_ORDER, items }];
}
