import { Container, Stack, Text, Title, useLocation } from '@atrium/ui';
import { SubscriptionPanel } from '../features/subscription/subscription-panel';
import { SUBSCRIPTION_TEXTS as T } from '../features/subscription/subscription-texts';

/**
 * /subscription: the current business's plan (docs/requirements.md "Subscription"). The host's profile tab
 * (/settings/profile/subscription) shows this same page inside its tab, without the page title.
 */
export default function SubscriptionPage() {
  const { pathname } = useLocation();
  const embedded = pathname.startsWith('/settings/');
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        {!embedded && (
          <Stack gap={2}>
            <Title order={1} fz={26}>
              {T.title}
            </Title>
            <Text c="dimmed">{T.intro}</Text>
          </Stack>
        )}
        <SubscriptionPanel />
      </Stack>
    </Container>
  );
}
