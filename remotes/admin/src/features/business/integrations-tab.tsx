import { useQueryClient } from '@tanstack/react-query';
import { GoogleCalendarCard, Paper, Stack, Text, Title } from '@atrium/ui';
import {
  GOOGLE_CALENDAR_MESSAGES,
  GOOGLE_CALENDAR_RESULT_PARAM,
  googleCalendar,
  googleCalendarKeys,
} from '@atrium/domain-work/public';
import { StripeCard } from './stripe-card';

/**
 * The integrations of this installation: the member's own Google Calendar (per business; the shared card, also on
 * the profile's integrations tab for every member), the business's Stripe account for card payments of invoices
 * (stripe-card.tsx), and — said plainly — what is not set up here.
 */
export function IntegrationsTab({ current, businessName }: { current: boolean; businessName: string }) {
  const qc = useQueryClient();
  return (
    <Stack>
      <Title order={2} fz="lg">
        Integrations
      </Title>
      <GoogleCalendarCard
        calls={googleCalendar}
        texts={GOOGLE_CALENDAR_MESSAGES}
        resultParam={GOOGLE_CALENDAR_RESULT_PARAM}
        from="business"
        current={current}
        businessName={businessName}
        onStatus={(s) => qc.setQueryData(googleCalendarKeys.status, s)}
      />
      <StripeCard current={current} businessName={businessName} />
      <Paper withBorder p="lg" radius="md">
        <Text size="sm" c="dimmed">
          Gmail is not set up in this installation, so there is nothing to connect for it here.
        </Text>
      </Paper>
    </Stack>
  );
}
