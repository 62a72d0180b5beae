import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUsers, isApiError } from '@atrium/api-client';
import { QUERY_RETRY, type AdminUsersQuery } from '@atrium/contracts';

/** Like the app's default (QUERY_RETRY), but a 4xx is final: asking again will not change who the caller is. */
const retry = (failures: number, e: Error) =>
  !(isApiError(e) && e.status >= 400 && e.status < 500) && failures < QUERY_RETRY;

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: ['admin-users', 'list', query],
    queryFn: () => adminUsers.list(query),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({
    queryKey: ['admin-users', 'detail', id],
    queryFn: () => adminUsers.get(id as string),
    enabled: !!id,
    retry,
  });
}

/** The server refused the caller (not company staff). */
export const isRefused = (e: unknown) => isApiError(e) && e.status === 403;
