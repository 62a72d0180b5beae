import { useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  ActionIcon,
  Anchor,
  Button,
  DeleteConfirmDialog,
  Group,
  IconPlus,
  IconTrash,
  Link,
  LoadError,
  PageSkeleton,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  formatPeriod,
  handleError,
} from '@atrium/ui';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { AUTOMATION_MESSAGES, AUTOMATION_TRIGGER_LABELS, type Automation } from '@atrium/domain-comms';
import { useAutomations, useDeleteAutomation, useToggleAutomation } from '../features/automation/use-automations';

/** Owners and admins write automations (their steps run as whoever saved them last); members read them. */
export function useCanWriteAutomations(): boolean {
  const session = useSnapshot(sessionView);
  const role = session.user?.role;
  return role === 'owner' || role === 'admin';
}

/** /automation: the business's automations — trigger, steps, runs, on/off — and a new one. */
export default function AutomationsPage() {
  const { data, isPending, isError, refetch } = useAutomations();
  const canWrite = useCanWriteAutomations();
  const toggle = useToggleAutomation();
  const remove = useDeleteAutomation();
  const [deleting, setDeleting] = useState<Automation | null>(null);

  const flip = (a: Automation) =>
    toggle.mutate(
      {
        id: a._id,
        input: { name: a.name, trigger: a.trigger, conditions: a.conditions, steps: a.steps, enabled: !a.enabled },
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
        {isPending ? (
          <PageSkeleton />
        ) : isError ? (
          <LoadError title={AUTOMATION_MESSAGES.loadFailed} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Text c="dimmed">
            No automations yet. An automation does the follow-up by itself: when something happens (a contact is
            created, a form is submitted, an invoice is paid…), it runs its steps.
          </Text>
        ) : (
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Trigger</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th>Runs</Table.Th>
                <Table.Th>Last run</Table.Th>
                <Table.Th>On</Table.Th>
                {canWrite && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/automation/${a._id}/edit`}>
                      {a.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{AUTOMATION_TRIGGER_LABELS[a.trigger]}</Table.Td>
                  <Table.Td>{a.steps.length}</Table.Td>
                  <Table.Td>{a.runCount}</Table.Td>
                  <Table.Td>{a.lastRunAt ? formatPeriod(a.lastRunAt, null, false) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={a.enabled}
                      disabled={!canWrite || (toggle.isPending && toggle.variables?.id === a._id)}
                      onChange={() => flip(a)}
                      aria-label={`${a.name} on`}
                    />
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${a.name}`}
                        onClick={() => setDeleting(a)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <DeleteConfirmDialog
        opened={!!deleting}
        onCancel={() => setDeleting(null)}
        title="Delete automation"
        message={`Delete the automation '${deleting?.name ?? ''}'? Its run history goes with it.`}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(AUTOMATION_MESSAGES.deleted);
            },
            onError: (e) => handleError(e, { message: AUTOMATION_MESSAGES.deleteFailed }),
          })
        }
      />
    </Stack>
  );
}
