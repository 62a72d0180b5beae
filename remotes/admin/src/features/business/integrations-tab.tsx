import { Paper, Stack, Text, Title } from '@atrium/ui';

/** No integration is configured in this installation: said plainly, with nothing to toggle. */
export function IntegrationsTab() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Integrations
        </Title>
        <Text size="sm">No integrations are configured in this installation.</Text>
        <Text size="sm" c="dimmed">
          Gmail and Stripe are not set up here, so there is nothing to connect. When an administrator configures them,
          they will appear on this tab.
        </Text>
      </Stack>
    </Paper>
  );
}
