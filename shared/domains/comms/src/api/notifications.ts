import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type {
  NotificationListAnswer,
  NotificationListQuery,
  NotificationPreferences,
  NotificationPreferencesInput,
  UnreadCountAnswer,
} from '../notification';

const enc = encodeURIComponent;

/** Typed calls for notifications (docs/requirements.md §7 "Notifications"). */
export function notificationsApi(client: ApiClient) {
  return {
    list: (query: NotificationListQuery = {}, options?: { signal?: AbortSignal }) =>
      client.get<NotificationListAnswer>('notifications', { ...query }, options),
    unreadCount: async (options?: { signal?: AbortSignal }) =>
      (await client.get<UnreadCountAnswer>('notifications/unread/count', undefined, options)).count,
    markRead: async (id: string) => {
      await client.put(`notifications/${enc(id)}/read`, {});
    },
    markAllRead: async () => {
      await client.put('notifications/read/all', {});
    },
    remove: async (id: string) => {
      await client.delete(`notifications/${enc(id)}`);
    },
    preferences: async () => (await client.get<{ data: NotificationPreferences }>('notifications/preferences')).data,
    savePreferences: async (input: NotificationPreferencesInput) =>
      (await client.put<{ data: NotificationPreferences }>('notifications/preferences', input)).data,
    friendRequestSent: async (recipientUserId: string) => {
      await client.post('notifications/friend-request-sent', { recipientUserId });
    },
    friendRequestReceived: async (senderUserId: string) => {
      await client.post('notifications/friend-request-received', { senderUserId });
    },
    /** Where the browser opens the live stream (EventSource, with the session cookie). */
    streamUrl: `${API_ROOT}/notifications/stream`,
  };
}
export type NotificationsApi = ReturnType<typeof notificationsApi>;
