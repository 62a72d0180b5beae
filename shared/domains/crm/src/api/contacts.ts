import { type ListEnvelope } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';
import {
  contactListSearchParams,
  type Contact,
  type ContactGroup,
  type ContactGroupInput,
  type ContactGroupListEnvelope,
  type ContactGroupListQuery,
  type ContactGroupUpdate,
  type ContactInput,
  type ContactListParams,
  type ContactTag,
  type ContactTagInput,
  type ContactTagUpdate,
} from '../schemas';

const enc = encodeURIComponent;

/** Typed calls for contacts (docs/requirements.md §7 "Contacts"). */
export function contactsApi(client: ApiClient) {
  return {
    /** Every filter of docs/requirements.md §3; lists travel comma-joined and filter groups as JSON. */
    list: (params: ContactListParams = {}) =>
      client.get<ListEnvelope<Contact>>('contacts', contactListSearchParams(params)),
    /** The whole filtered list (export=true), for CSV export. */
    exportAll: async (params: ContactListParams = {}) =>
      (
        await client.get<ListEnvelope<Contact>>(
          'contacts',
          contactListSearchParams({ ...params, export: true, page: undefined, limit: undefined }),
        )
      ).data,
    get: async (id: string) => (await client.get<{ data: Contact }>(`contacts/${enc(id)}`)).data,
    create: async (input: ContactInput) => (await client.post<{ data: Contact }>('contacts', input)).data,
    update: async (id: string, input: ContactInput) =>
      (await client.put<{ data: Contact }>(`contacts/${enc(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`contacts/${enc(id)}`);
    },
  };
}

export type ContactGroupSummary = Pick<ContactGroup, '_id' | 'name' | 'color'>;

/** Typed calls for contact groups (docs/requirements.md §7 "Contact groups"). */
export function contactGroupsApi(client: ApiClient) {
  return {
    list: (query: ContactGroupListQuery = {}) =>
      client.get<ContactGroupListEnvelope>('contact-groups', contactListSearchParams(query as ContactListParams)),
    get: async (id: string) => (await client.get<{ data: ContactGroup }>(`contact-groups/${enc(id)}`)).data,
    create: async (input: ContactGroupInput) =>
      (await client.post<{ data: ContactGroup }>('contact-groups', input)).data,
    update: async (id: string, input: ContactGroupUpdate) =>
      (await client.put<{ data: ContactGroup }>(`contact-groups/${enc(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`contact-groups/${enc(id)}`);
    },
    /** Bulk assign: one call per group; answers how many contacts joined. */
    assignContacts: async (id: string, contactIds: string[]) =>
      (await client.post<{ modifiedCount: number }>(`contact-groups/${enc(id)}/assign-contacts`, { contactIds }))
        .modifiedCount,
    removeContacts: async (id: string, contactIds: string[]) =>
      (await client.delete<{ modifiedCount: number }>(`contact-groups/${enc(id)}/contacts`, { json: { contactIds } }))
        .modifiedCount,
  };
}

/** Typed calls for contact tags (docs/requirements.md §7 "Contacts": /contacts/tags). */
export function contactTagsApi(client: ApiClient) {
  return {
    list: async () => (await client.get<{ data: ContactTag[] }>('contacts/tags')).data,
    create: async (input: ContactTagInput) => (await client.post<{ data: ContactTag }>('contacts/tags', input)).data,
    update: async (id: string, input: ContactTagUpdate) =>
      (await client.put<{ data: ContactTag }>(`contacts/tags/${enc(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`contacts/tags/${enc(id)}`);
    },
  };
}
