import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { googleCalendar, googleCalendarKeys, type GoogleCalendarStatus } from '@atrium/domain-work/public';

/** How often the status is asked again while a sync asked for here has not finished. */
const POLL_MS = 2_000;
/** A sync that has not reported within this stops being waited for (the job goes on; the card shows its error). */
const POLL_LIMIT_MS = 60_000;

/**
 * The member's Google Calendar connection: its status (polled while a sync started here runs) and the actions —
 * sync now, disconnect, and connect (a browser navigation to the API, which answers 302 to Google's consent).
 */
export function useGoogleCalendar(enabled = true) {
  const qc = useQueryClient();
  const [syncingSince, setSyncingSince] = useState<number | null>(null);
  const status = useQuery({
    queryKey: googleCalendarKeys.status,
    queryFn: () => googleCalendar.status(),
    enabled,
    refetchInterval: syncingSince ? POLL_MS : false,
  });
  const lastSynced = status.data?.lastSyncedAt ? Date.parse(status.data.lastSyncedAt) : 0;
  useEffect(() => {
    if (!syncingSince) return;
    const failed = !!status.data?.lastError || status.data?.state !== 'connected';
    if (lastSynced >= syncingSince || failed || Date.now() - syncingSince > POLL_LIMIT_MS) setSyncingSince(null);
  }, [syncingSince, lastSynced, status.data]);
  const settle = (data: GoogleCalendarStatus) => qc.setQueryData(googleCalendarKeys.status, data);
  const sync = useMutation({
    mutationFn: () => googleCalendar.sync(),
    onSuccess: (data) => {
      settle(data);
      // The server's clock: a sync that ends after now shows a newer lastSyncedAt.
      setSyncingSince(Date.now() - 1_000);
    },
  });
  const disconnect = useMutation({ mutationFn: () => googleCalendar.disconnect(), onSuccess: settle });
  return { status, sync, disconnect, syncing: syncingSince !== null, connectUrl: googleCalendar.connectUrl };
}
