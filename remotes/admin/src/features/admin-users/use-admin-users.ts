import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { QUERY_RETRY } from '@atrium/contracts';
import { adminUsers, type AdminUsersQuery, adminUserKeys } from '@atrium/domain-admin';

/** Like the app's default (QUERY_RETRY), but a 4xx is final: asking again will not change who the caller is. */
const retry = (failures: number, e: Error) =>
  !(isApiError(e) && e.status >= 400 && e.status < 500) && failures < QUERY_RETRY;

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminUserKeys.list(query),
    queryFn: () => adminUsers.list(query),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({
    queryKey: adminUserKeys.detail(id),
    queryFn: () => adminUsers.get(id as string),
    enabled: !!id,
    retry,
  });
}

/** The server refused the caller (not company staff). */
export const isRefused = (e: unknown) => isApiError(e) && e.status === 403;
