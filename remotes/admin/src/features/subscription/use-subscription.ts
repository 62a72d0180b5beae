import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { handleError } from '@atrium/ui';
import {
  businessKeys,
  subscription,
  subscriptionKeys,
  SUBSCRIPTION_MESSAGES as M,
  type PaidTier,
  type SubscriptionOverview,
} from '@atrium/domain-admin';
import { SUBSCRIPTION_TEXTS as T } from './subscription-texts';

/** How long the page waits for Stripe's webhook after a change before saying it has not arrived yet. */
export const CONFIRM_WAIT_MS = 60_000;
export const CONFIRM_POLL_MS = 1_500;

/** A change asked of Stripe whose webhook has not been seen yet: what the overview must show once it has. */
export interface Awaiting {
  done: (o: SubscriptionOverview) => boolean;
  success: string;
  until: number;
}

/**
 * The subscription page's data and actions: the overview (asked again every 1.5 s while a change waits for Stripe's
 * webhook — the tier changes only then), the owner's invoices, and checkout / change / cancel / resume.
 */
export function useSubscription(navigate: (url: string) => void) {
  const qc = useQueryClient();
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const overview = useQuery({
    queryKey: subscriptionKeys.overview,
    queryFn: () => subscription.overview(),
    refetchInterval: awaiting ? CONFIRM_POLL_MS : false,
  });
  const canManage = overview.data?.canManage === true;
  const invoices = useQuery({
    queryKey: subscriptionKeys.invoices,
    queryFn: () => subscription.invoices(),
    enabled: canManage,
  });

  const data = overview.data;
  useEffect(() => {
    if (!awaiting || !data) return;
    if (awaiting.done(data)) {
      setAwaiting(null);
      toast.success(awaiting.success);
      void qc.invalidateQueries({ queryKey: subscriptionKeys.invoices });
      void qc.invalidateQueries({ queryKey: businessKeys.list });
    } else if (Date.now() > awaiting.until) {
      setAwaiting(null);
      toast.info(T.notConfirmedYet);
    }
  }, [awaiting, data, qc]);

  const wait = useCallback(
    (done: Awaiting['done'], success: string) => setAwaiting({ done, success, until: Date.now() + CONFIRM_WAIT_MS }),
    [],
  );
  const learn = (o: SubscriptionOverview) => qc.setQueryData(subscriptionKeys.overview, o);

  const checkout = useMutation({
    mutationFn: (tier: PaidTier) => subscription.checkout(tier),
    onSuccess: ({ url }) => navigate(url),
    onError: (e) => failed(e, M.changeFailed),
  });
  const portal = useMutation({
    mutationFn: () => subscription.portal(),
    onSuccess: ({ url }) => navigate(url),
    onError: (e) => failed(e, M.portalFailed),
  });
  const change = useMutation({
    mutationFn: (tier: PaidTier) => subscription.change(tier),
    onSuccess: (o, tier) => {
      learn(o);
      wait((x) => x.tier === tier, T.upgraded(tierLabel(tier)));
    },
    onError: (e) => failed(e, M.changeFailed),
  });
  const cancel = useMutation({
    mutationFn: () => subscription.cancel(),
    onSuccess: (o) => {
      learn(o);
      wait((x) => x.cancelAtPeriodEnd, T.cancelRequested);
    },
    onError: (e) => failed(e, M.cancelFailed),
  });
  const resume = useMutation({
    mutationFn: () => subscription.resume(),
    onSuccess: (o) => {
      learn(o);
      wait((x) => !x.cancelAtPeriodEnd, T.resumed);
    },
    onError: (e) => failed(e, M.resumeFailed),
  });

  return { overview, invoices, awaiting: awaiting !== null, wait, checkout, portal, change, cancel, resume };
}

/** The server's own message for a refusal it explains (not set up, already subscribed, owners only, Stripe down…). */
function failed(e: unknown, fallback: string) {
  const explained = isApiError(e) && e.status >= 400 && !['NETWORK_ERROR', 'TIMEOUT'].includes(String(e.code));
  return explained ? handleError(e) : handleError(e, { message: fallback });
}

const tierLabel = (tier: PaidTier) => tier.charAt(0).toUpperCase() + tier.slice(1);
