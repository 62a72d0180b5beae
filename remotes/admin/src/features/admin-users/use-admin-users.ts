import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUsers, isApiError } from '@atrium/api-client';
import type { AdminUsersQuery } from '@atrium/contracts';

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: ['admin-users', 'list', query],
    queryFn: () => adminUsers.list(query),
    placeholderData: keepPreviousData,
    // A refusal is final: asking again will not change who the caller is.
    retry: (n, e) => !(isApiError(e) && e.status >= 400 && e.status < 500) && n < 2,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({
    queryKey: ['admin-users', 'detail', id],
    queryFn: () => adminUsers.get(id as string),
    enabled: !!id,
    retry: (n, e) => !(isApiError(e) && e.status >= 400 && e.status < 500) && n < 2,
  });
}

/** The server refused the caller (not company staff). */
export const isRefused = (e: unknown) => isApiError(e) && e.status === 403;
