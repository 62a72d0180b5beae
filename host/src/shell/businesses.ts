import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribe, useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { BUSINESS_REFRESH_MIN_GAP_MS, BUSINESS_REFRESH_MS, type MemberRole, type User } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import { businesses, businessKeys, BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin/public';

/**
 * docs/requirements.md §9: the list refreshes every 5 min while the tab is visible (the interval pauses while the
 * document is hidden), and never sooner than 5 s after the last fetch however many places mount it.
 */
export const businessListOptions = {
  // The caller's businesses (GET /businesses); the admin pages share this key (businessKeys.list).
  queryKey: businessKeys.list,
  queryFn: () => businesses.list(),
  refetchInterval: BUSINESS_REFRESH_MS,
  refetchIntervalInBackground: false,
  staleTime: BUSINESS_REFRESH_MIN_GAP_MS,
} as const;

export function useBusinessList() {
  const { status } = useSnapshot(sessionView);
  return useQuery({ ...businessListOptions, enabled: status === 'authenticated' });
}

/**
 * Which business is current: the session's one (user.businessId) when it is in the list; otherwise the first
 * business of the list, which the session must switch to (the current one was deleted or left). No list, or
 * an empty one: none (the switcher shows 'No business selected').
 */
export function resolveCurrent(
  list: readonly Business[] | undefined,
  businessId: string | undefined,
): { current: Business | null; switchTo: string | null } {
  if (!list?.length) return { current: null, switchTo: null };
  const found = list.find((b) => b.id === businessId);
  if (found) return { current: found, switchTo: null };
  const first = list[0] as Business;
  return { current: first, switchTo: first.id };
}

/** The caller's role in a business, when the list carries its members. */
export function roleIn(business: Business, userId: string | undefined): MemberRole | null {
  return business.members?.find((m) => m.userId === userId)?.role ?? null;
}

/** Settings are for owner and admin; a list without members does not hide the link (the page checks). */
export function canManage(business: Business, userId: string | undefined): boolean {
  const role = roleIn(business, userId);
  return role === null || role === 'owner' || role === 'admin';
}

/**
 * Makes a business current: the server re-issues the session for it and the api-client puts the new user in
 * the session store (and announces it on the bus); BusinessSync then resets every query so all data follows.
 */
export function useSwitchBusiness() {
  const [switching, setSwitching] = useState<string | null>(null);
  const switchTo = useCallback(async (business: Pick<Business, 'id' | 'name'>) => {
    if (!sessionView.user) {
      toast.error(BUSINESS_MESSAGES.userNotAuthenticated);
      return;
    }
    if (business.id === sessionView.user.businessId) return;
    setSwitching(business.id);
    try {
      await businesses.switchTo(business.id);
      toast.success(`Switched to ${business.name}`);
    } catch (e) {
      toast.error((e as Error)?.message || BUSINESS_MESSAGES.invalidBusinessId);
    } finally {
      setSwitching(null);
    }
  }, []);
  return { switchTo, switching };
}

const identityKey = (u: User | null) => (u ? `${u.id}|${u.businessId}` : null);

/**
 * Mounted once by the app. Keeps cached data in step with the session: another user or another business
 * resets every query (sign-out drops them), wherever the change came from (switcher, invite, another app).
 * When a fresh list no longer holds the current business, the session moves to the first remaining one.
 */
export function BusinessSync() {
  const queryClient = useQueryClient();
  const { user } = useSnapshot(sessionView);
  const list = useBusinessList();
  const since = useRef(0);
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    let prev = identityKey(sessionView.user);
    return subscribe(sessionView, () => {
      const next = identityKey(sessionView.user);
      if (next === prev) return;
      const was = prev;
      prev = next;
      since.current = Date.now();
      if (was === null) return;
      if (next === null) queryClient.removeQueries();
      else void queryClient.resetQueries();
    });
  }, [queryClient]);

  const businessId = user?.businessId;
  useEffect(() => {
    // Only a list fetched after the business became current can say it is gone; without a signed-in user there
    // is no current business to reconcile (the list may still answer while the session is being torn down).
    if (!businessId || !list.data || list.isFetching || list.dataUpdatedAt < since.current) return;
    const { current, switchTo } = resolveCurrent(list.data, businessId);
    if (!switchTo || !current || attempted.current === `${businessId}>${switchTo}`) return;
    attempted.current = `${businessId}>${switchTo}`;
    businesses.switchTo(switchTo).then(
      () => toast.info(`Switched to ${current.name}`),
      () => undefined,
    );
  }, [list.data, list.isFetching, list.dataUpdatedAt, businessId]);

  return null;
}
