import { Paper, Stack, Text, Title } from '@atrium/ui';
import { GoogleCalendarCard } from './google-calendar-card';

/**
 * The integrations of this installation: the member's own Google Calendar (per business), and — said plainly —
 * what is not set up here.
 */
export function IntegrationsTab({ current, businessName }: { current: boolean; businessName: string }) {
  return (
    <Stack>
      <Title order={2} fz="lg">
        Integrations
      </Title>
      <GoogleCalendarCard current={current} businessName={businessName} />
      <Paper withBorder p="lg" radius="md">
        <Text size="sm" c="dimmed">
          Gmail and Stripe are not set up in this installation, so there is nothing to connect for them here.
        </Text>
      </Paper>
    </Stack>
  );
}
