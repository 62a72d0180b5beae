import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { Badge, Group, Loader, Notice, Paper, Stack, Text, Title } from '@atrium/ui';
import { BUSINESS_MESSAGES } from '@atrium/domain-admin/public';
import { resolveCurrent, useBusinessList } from '../../shell/businesses';

const tierLabel = (tier: string) => (tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Unknown');

/**
 * /settings/profile/subscription: the current business's plan, as the server records it. This installation
 * has no payment provider, so plans are shown, not sold.
 */
export function SubscriptionTab() {
  const { user } = useSnapshot(sessionView);
  const list = useBusinessList();
  const { current } = resolveCurrent(list.data, user?.businessId);

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={3} fz="md">
          Subscription
        </Title>
        {list.isPending && <Loader size="sm" aria-label="Loading subscription" />}
        {!list.isPending && !current && <Text c="dimmed">{BUSINESS_MESSAGES.noBusinessSelected}</Text>}
        {current && (
          <Stack gap="xs">
            <Group gap="sm">
              <Text>
                Plan of <b>{current.name}</b>:
              </Text>
              <Badge size="lg" variant="light" data-testid="subscription-tier">
                {tierLabel(current.subscriptionTier)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Status: {current.status}
            </Text>
          </Stack>
        )}
        <Notice tone="neutral">
          Payments are not connected on this installation, so the plan cannot be changed or paid for here. Every feature
          of Atrium is available on the current plan.
        </Notice>
      </Stack>
    </Paper>
  );
}
