import { toast } from '@atrium/event-bus';
import { Paper, Stack, Switch, Text, Title } from '@atrium/ui';
import { BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin';
import { businessError } from '../../lib/errors';
import { useBusinessMutations } from './use-business';

/** settings.notifications.integrations, saved as soon as it is switched. */
export function NotificationsTab({ business }: { business: Business }) {
  const { update } = useBusinessMutations(business.id);
  const on = business.settings.notifications.integrations;
  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ settings: { notifications: { integrations: next } } });
      toast.success(next ? 'Integration notifications turned on' : 'Integration notifications turned off');
    } catch (e) {
      businessError(e, BUSINESS_MESSAGES.updateFailed);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} fz="lg">
          Notifications
        </Title>
        <Switch
          label="Integration notifications"
          description="Notify the members of this business about integration events (connections, sync problems)."
          checked={update.isPending ? (update.variables?.settings?.notifications?.integrations ?? on) : on}
          disabled={update.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          Saved for the whole business.
        </Text>
      </Stack>
    </Paper>
  );
}
