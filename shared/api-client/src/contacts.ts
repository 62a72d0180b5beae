import type { Contact, ContactInput, ContactListQuery, ListEnvelope } from '@atrium/contracts';
import type { ApiClient } from './client';

/** Typed calls for contacts (spec section 7 "Contacts"). */
export function contactsApi(client: ApiClient) {
  return {
    /** Any filter of spec section 3 besides the typed ones (dateCreatedFrom, groupIds, sortBy, filters...). */
    list: (query: ContactListQuery | Record<string, string | number | boolean | undefined> = {}) =>
      client.get<ListEnvelope<Contact>>('contacts', {
        ...(query as Record<string, string | number | boolean | undefined>),
      }),
    get: async (id: string) => (await client.get<{ data: Contact }>(`contacts/${encodeURIComponent(id)}`)).data,
    create: async (input: ContactInput) => (await client.post<{ data: Contact }>('contacts', input)).data,
    update: async (id: string, input: ContactInput) =>
      (await client.put<{ data: Contact }>(`contacts/${encodeURIComponent(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`contacts/${encodeURIComponent(id)}`);
    },
  };
}

export interface ContactGroupSummary {
  _id: string;
  name: string;
  color: string;
}

/** Typed calls for contact groups (spec section 7 "Contact groups"). */
export function contactGroupsApi(client: ApiClient) {
  return {
    list: (query: { page?: number; limit?: number; search?: string } = {}) =>
      client.get<{
        success: true;
        data: ContactGroupSummary[];
        pagination: { total: number; page: number; limit: number; hasNextPage: boolean };
      }>('contact-groups', { ...query }),
  };
}
