import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contacts } from '@atrium/api-client';
import type { ContactListParams } from '@atrium/contracts';

export function useContacts(params: ContactListParams) {
  return useQuery({
    queryKey: ['contacts', 'list', params],
    queryFn: () => contacts.list(params),
    placeholderData: keepPreviousData,
  });
}
