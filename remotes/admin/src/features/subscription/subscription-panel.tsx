import { useEffect, useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Badge,
  Button,
  ConfirmDialog,
  Group,
  Loader,
  LoadError,
  Notice,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  formatInstant,
  useSearchParams,
} from '@atrium/ui';
import { SUBSCRIPTION_MESSAGES as M, type Plan, type SubscriptionOverview } from '@atrium/domain-admin';
import { InvoiceList } from './invoice-list';
import { PlanGrid, type PlanAction } from './plan-grid';
import { formatPrice, SUBSCRIPTION_TEXTS as T, tierName } from './subscription-texts';
import { useSubscription } from './use-subscription';

/** Where Stripe's Checkout sends the owner back: /subscription?checkout=success|canceled. */
export const CHECKOUT_PARAM = 'checkout';

type Choice = { plan: Plan; action: Exclude<PlanAction, { kind: 'current' | 'none' }> };

function confirmation(o: SubscriptionOverview, { plan, action }: Choice) {
  const price = plan.price ? formatPrice(plan.price) : T.priceUnknown;
  const end = formatInstant(o.currentPeriodEnd);
  switch (action.kind) {
    case 'checkout':
      return {
        title: `Upgrade to ${plan.name}?`,
        message: T.confirmCheckout(plan.name, price),
        label: 'Go to checkout',
      };
    case 'upgrade':
      return { title: `Upgrade to ${plan.name}?`, message: T.confirmUpgrade(plan.name, price), label: 'Upgrade' };
    case 'downgrade':
      return { title: `Downgrade to ${plan.name}?`, message: T.confirmDowngrade(plan.name, price), label: 'Downgrade' };
    case 'cancel':
      return {
        title: 'Cancel the subscription?',
        message: T.confirmCancel(tierName(o.tier), end),
        label: 'Cancel subscription',
        danger: true,
      };
  }
}

/**
 * The business's plan (/subscription, and the profile's subscription tab through the same page): the current plan
 * and its period, the plans with Stripe's prices and what choosing one does (confirmed first), the invoices for
 * owners. Every change is asked of Stripe; the tier shown changes only when Stripe's verified webhook has arrived
 * (the page asks again meanwhile). Not set up: said plainly, nothing to press.
 */
export function SubscriptionPanel({ navigate = (url: string) => window.location.assign(url) }) {
  const { overview, invoices, awaiting, wait, checkout, portal, change, cancel, resume } = useSubscription(navigate);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [params, setParams] = useSearchParams();
  const returned = params.get(CHECKOUT_PARAM);

  // Back from Stripe's Checkout: say so once, drop the parameter, wait for the webhook to change the plan.
  useEffect(() => {
    if (returned !== 'success' && returned !== 'canceled') return;
    const next = new URLSearchParams(params);
    next.delete(CHECKOUT_PARAM);
    setParams(next, { replace: true });
    if (returned === 'canceled') toast.info(T.checkoutCanceled);
    else {
      toast.info(T.checkoutReturned);
      wait((o) => o.subscribedTier !== null && o.tier === o.subscribedTier, 'Your new plan is active');
    }
  }, [returned, params, setParams, wait]);

  const o = overview.data;
  if (!o) {
    if (overview.isError) {
      return (
        <LoadError title={M.loadFailed} message={overview.error.message} onRetry={() => void overview.refetch()} />
      );
    }
    return <Skeleton height={220} radius="md" />;
  }

  const busy =
    awaiting || checkout.isPending || portal.isPending || change.isPending || cancel.isPending || resume.isPending;
  const asked = choice ? confirmation(o, choice) : null;
  const confirm = () => {
    if (!choice) return;
    const { action } = choice;
    const close = { onSettled: () => setChoice(null) };
    if (action.kind === 'checkout') checkout.mutate(action.tier, { onError: () => setChoice(null) });
    else if (action.kind === 'cancel') cancel.mutate(undefined, close);
    else change.mutate(action.tier, close);
  };
  const live = o.subscribedTier !== null;

  return (
    <Stack gap="lg">
      {!o.configured && (
        <Notice tone="neutral" title={M.notConfigured}>
          {M.notConfiguredDetail}
        </Notice>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-label={T.currentPlan}>
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={500}>{T.currentPlan}:</Text>
            <Badge size="lg" variant="light" data-testid="subscription-tier">
              {tierName(o.tier)}
            </Badge>
            {o.status === 'past_due' && (
              <Badge color="red" variant="light">
                Payment due
              </Badge>
            )}
            {awaiting && (
              <Group gap={6}>
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {T.waiting}
                </Text>
              </Group>
            )}
          </Group>
          {live && !o.cancelAtPeriodEnd && o.currentPeriodEnd && (
            <Text size="sm" c="dimmed">
              {T.renews(formatInstant(o.currentPeriodEnd))}
            </Text>
          )}
          {live && o.cancelAtPeriodEnd && (
            <Text size="sm" data-testid="subscription-cancels">
              {T.cancels(tierName(o.tier), formatInstant(o.currentPeriodEnd))}
            </Text>
          )}
          {o.paymentFailed && <Notice tone="error">{T.paymentFailed}</Notice>}
          {!o.canManage && (
            <Text size="sm" c="dimmed">
              {T.ownersOnly}
            </Text>
          )}
          {o.canManage && o.configured && live && (
            <Group>
              {o.cancelAtPeriodEnd ? (
                <Button variant="light" onClick={() => resume.mutate()} loading={resume.isPending} disabled={busy}>
                  Keep subscription
                </Button>
              ) : (
                <Button
                  variant="default"
                  color="red"
                  disabled={busy}
                  onClick={() => {
                    const free = o.plans.find((p) => p.tier === 'free');
                    if (free) setChoice({ plan: free, action: { kind: 'cancel' } });
                  }}
                >
                  Cancel subscription
                </Button>
              )}
              <Button variant="subtle" onClick={() => portal.mutate()} loading={portal.isPending} disabled={busy}>
                Manage billing
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <PlanGrid
        overview={o}
        busy={busy}
        onChoose={(plan, action) => {
          if (action.kind !== 'current' && action.kind !== 'none') setChoice({ plan, action });
        }}
      />

      {o.canManage && (
        <Stack gap="xs" component="section" aria-label={T.invoices}>
          <Title order={3} fz="md">
            {T.invoices}
          </Title>
          <InvoiceList
            invoices={invoices.data}
            loading={invoices.isPending}
            error={invoices.isError}
            onRetry={() => void invoices.refetch()}
          />
        </Stack>
      )}

      <ConfirmDialog
        opened={asked !== null}
        title={asked?.title ?? ''}
        message={asked?.message ?? ''}
        confirmLabel={asked?.label ?? ''}
        danger={asked?.danger}
        loading={checkout.isPending || change.isPending || cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setChoice(null)}
      />
    </Stack>
  );
}
