import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_STREAM_EVENTS, notificationKeys, notifications } from '@atrium/domain-comms';

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * The live side of the bell: an EventSource on GET /notifications/stream (the session cookie goes with it). Each
 * `notification` event refreshes the bell's queries at once, so a new notification shows within a second. When the
 * stream fails (the server restarted, the access token expired: 401) it is reopened after a growing pause while the
 * 10 s polling carries on (and refreshes the session through the api-client). `key` reopens it (a business switch).
 */
export function useLiveNotifications(enabled: boolean, key: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let stopped = false;
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
    const open = () => {
      if (stopped) return;
      source = new EventSource(notifications.streamUrl, { withCredentials: true });
      source.addEventListener(NOTIFICATION_STREAM_EVENTS.ready, () => {
        delay = RETRY_FIRST_MS;
      });
      source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, refresh);
      source.onerror = () => {
        // The browser's own reconnect stops on an HTTP error; take over: close, wait, open anew.
        source?.close();
        source = null;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, key, client]);
}
