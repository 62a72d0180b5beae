import { useSnapshot } from 'valtio';
import {
  Button,
  Group,
  IconPlus,
  Link,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  formatPeriod,
  handleError,
} from '@atrium/ui';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { AUTOMATION_MESSAGES, automationTriggerText, type Automation } from '@atrium/domain-comms';
import { useAutomations, useDeleteAutomation, useToggleAutomation } from '../features/automation/use-automations';
import { ListTable } from '../features/list-table';

/** Owners and admins write automations (their steps run as whoever saved them last); members read them. */
export function useCanWriteAutomations(): boolean {
  const session = useSnapshot(sessionView);
  const role = session.user?.role;
  return role === 'owner' || role === 'admin';
}

/** /automation: the business's automations — trigger, steps, runs, on/off — and a new one. */
export default function AutomationsPage() {
  const query = useAutomations();
  const canWrite = useCanWriteAutomations();
  const toggle = useToggleAutomation();
  const remove = useDeleteAutomation();

  const flip = (a: Automation) =>
    toggle.mutate(
      {
        id: a._id,
        input: {
          name: a.name,
          trigger: a.trigger,
          conditions: a.conditions,
          steps: a.steps,
          enabled: !a.enabled,
          dateTrigger: a.dateTrigger,
        },
      },
      {
        onSuccess: (saved) => toast.success(`${saved.name} is ${saved.enabled ? 'on' : 'off'}`),
        onError: (e) => handleError(e),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Automation
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/automation/new">
            New automation
          </Button>
        )}
      </Group>
      {!canWrite && (
        <Text size="sm" c="dimmed">
          Only owners and admins can create or change automations.
        </Text>
      )}
      <Paper withBorder p="md">
        <ListTable
          query={query}
          loadFailed={AUTOMATION_MESSAGES.loadFailed}
          empty="No automations yet. An automation does the follow-up by itself: when something happens (a contact is created, a form is submitted, an invoice is paid…), it runs its steps."
          linkTo={(a) => `/automation/${a._id}/edit`}
          columns={[
            { header: 'Trigger', cell: (a) => automationTriggerText(a) },
            { header: 'Steps', cell: (a) => a.steps.length },
            { header: 'Runs', cell: (a) => a.runCount },
            { header: 'Last run', cell: (a) => (a.lastRunAt ? formatPeriod(a.lastRunAt, null, false) : 'Never') },
            {
              header: 'On',
              cell: (a) => (
                <Switch
                  checked={a.enabled}
                  disabled={!canWrite || (toggle.isPending && toggle.variables?.id === a._id)}
                  onChange={() => flip(a)}
                  aria-label={`${a.name} on`}
                />
              ),
            },
          ]}
          removal={
            canWrite
              ? {
                  title: 'Delete automation',
                  message: (a) => `Delete the automation '${a.name}'? Its run history goes with it.`,
                  pending: remove.isPending,
                  onConfirm: (a, done) =>
                    remove.mutate(a._id, {
                      onSuccess: () => {
                        done();
                        toast.success(AUTOMATION_MESSAGES.deleted);
                      },
                      onError: (e) => handleError(e, { message: AUTOMATION_MESSAGES.deleteFailed }),
                    }),
                }
              : undefined
          }
        />
      </Paper>
    </Stack>
  );
}
