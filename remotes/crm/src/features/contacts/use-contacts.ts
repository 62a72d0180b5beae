import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contacts, type ContactListParams, contactKeys } from '@atrium/domain-crm';

export function useContacts(params: ContactListParams) {
  return useQuery({
    queryKey: contactKeys.list(params),
    queryFn: () => contacts.list(params),
    placeholderData: keepPreviousData,
  });
}
