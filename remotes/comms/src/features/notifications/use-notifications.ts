import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_POLL_MS } from '@atrium/contracts';
import {
  notificationKeys,
  notifications,
  type NotificationListQuery,
  type NotificationPreferencesInput,
} from '@atrium/domain-comms';
import { handleError } from '@atrium/ui';

export type BellTab = 'all' | 'unread';

export const listQueryOf = (tab: BellTab): NotificationListQuery =>
  tab === 'unread' ? { limit: NOTIFICATION_LIST_LIMIT, read: 'false' } : { limit: NOTIFICATION_LIST_LIMIT };

/** The unread count, polled every 10 s (§9) whether the bell is open or not; the live stream refreshes it sooner. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => notifications.unreadCount({ signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled,
  });
}

/** The newest 20 of a tab, polled every 10 s while the dropdown is open. */
export function useNotificationList(tab: BellTab, open: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(listQueryOf(tab)),
    queryFn: ({ signal }) => notifications.list(listQueryOf(tab), { signal }),
    refetchInterval: open ? NOTIFICATION_POLL_MS : false,
    enabled: open,
  });
}

export function useNotificationMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const markRead = useMutation({
    mutationFn: notifications.markRead,
    onSettled: refresh,
    onError: (e) => handleError(e),
  });
  const markAllRead = useMutation({
    mutationFn: notifications.markAllRead,
    onSettled: refresh,
    onError: (e) => handleError(e),
  });
  const remove = useMutation({ mutationFn: notifications.remove, onSettled: refresh, onError: (e) => handleError(e) });
  return { markRead, markAllRead, remove };
}

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: notifications.preferences, enabled });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => notifications.savePreferences(input),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
    onError: (e) => handleError(e),
  });
}
