import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@atrium/ui';
import { tierRank, type Plan, type SubscriptionOverview, type SubscriptionTier } from '@atrium/domain-admin';
import { formatPrice, SUBSCRIPTION_TEXTS as T } from './subscription-texts';

/** What choosing a plan would do, from where the business is now. */
export type PlanAction =
  | { kind: 'current' }
  | { kind: 'checkout' | 'upgrade' | 'downgrade'; tier: Exclude<SubscriptionTier, 'free'> }
  | { kind: 'cancel' }
  | { kind: 'none' };

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** The button a plan card offers (owners only; nothing when Billing is not set up or the plan cannot be bought). */
export function planAction(o: SubscriptionOverview, plan: Plan): PlanAction {
  const live = LIVE.has(o.status) && o.subscribedTier !== null;
  if (plan.tier === o.tier && (plan.tier === 'free' ? !live : live)) return { kind: 'current' };
  if (!o.canManage || !o.configured) return { kind: 'none' };
  if (plan.tier === 'free') return live && !o.cancelAtPeriodEnd ? { kind: 'cancel' } : { kind: 'none' };
  if (!plan.available) return { kind: 'none' };
  if (!live) return { kind: 'checkout', tier: plan.tier };
  if (plan.tier === o.subscribedTier) return { kind: 'current' };
  return { kind: tierRank(plan.tier) > tierRank(o.subscribedTier!) ? 'upgrade' : 'downgrade', tier: plan.tier };
}

const LABELS: Record<Exclude<PlanAction['kind'], 'current' | 'none'>, string> = {
  checkout: 'Upgrade',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  cancel: 'Downgrade',
};

/** The plans side by side: name, what it is for, Stripe's price, and the button that moves to it. */
export function PlanGrid({
  overview,
  busy,
  onChoose,
}: {
  overview: SubscriptionOverview;
  busy: boolean;
  onChoose: (plan: Plan, action: PlanAction) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {overview.plans.map((plan) => {
        const action = planAction(overview, plan);
        return (
          <Paper key={plan.tier} withBorder p="md" radius="md" component="section" aria-label={`${plan.name} plan`}>
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={4}>
                <Group justify="space-between">
                  <Title order={3} fz="md">
                    {plan.name}
                  </Title>
                  {action.kind === 'current' && (
                    <Badge variant="light" color="teal">
                      {T.currentPlan}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {plan.description}
                </Text>
                <Text fw={600}>
                  {plan.tier === 'free' ? 'Free' : plan.price ? formatPrice(plan.price) : T.priceUnknown}
                </Text>
              </Stack>
              {action.kind !== 'current' && action.kind !== 'none' && (
                <Button
                  variant={action.kind === 'downgrade' || action.kind === 'cancel' ? 'default' : 'filled'}
                  disabled={busy}
                  onClick={() => onChoose(plan, action)}
                  aria-label={`${LABELS[action.kind]} to ${plan.name}`}
                >
                  {LABELS[action.kind]}
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
