import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@atrium/contracts';
import { contacts, type ContactListParams, contactKeys } from '@atrium/domain-crm';

/** Scroll mode: pages of 100 appended as the user scrolls (the list stays virtualized however long it gets). */
export function useContactsInfinite(params: ContactListParams, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: contactKeys.scroll({ ...params, page: undefined, limit: MAX_PAGE_SIZE }),
    queryFn: ({ pageParam }) => contacts.list({ ...params, page: pageParam, limit: MAX_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    enabled,
  });
}
