import { useEffect, useRef } from 'react';
import { toast } from '@atrium/event-bus';
import { NOTIFICATION_TEXTS } from '@atrium/domain-comms';

/**
 * 'You have a new notification' / 'You have N new notifications' when the unread count rises (§8) — never for the
 * first count loaded, nor when it falls (read, deleted). `scope` (the business) starts a new first load.
 */
export function useArrivalToast(count: number | undefined, scope: string | undefined): void {
  const last = useRef<{ scope: string | undefined; count: number } | null>(null);
  useEffect(() => {
    if (count === undefined) return;
    const before = last.current;
    last.current = { scope, count };
    if (!before || before.scope !== scope) return;
    if (count > before.count) toast.info(NOTIFICATION_TEXTS.arrived(count - before.count));
  }, [count, scope]);
}
