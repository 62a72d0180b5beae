import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contacts } from '@atrium/api-client';
import type { ContactListQuery } from '@atrium/contracts';

export function useContacts(query: ContactListQuery) {
  return useQuery({
    queryKey: ['contacts', 'list', query],
    queryFn: () => contacts.list(query),
    placeholderData: keepPreviousData,
  });
}
