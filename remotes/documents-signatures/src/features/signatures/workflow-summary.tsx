import { Group, SimpleGrid, Stack, Text, formatDay, formatInstant } from '@atrium/ui';
import type { Workflow } from '@atrium/domain-documents';

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </Stack>
);

/** The workflow's settings and dates. */
export function WorkflowFacts({ workflow: w }: { workflow: Workflow }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Signing order" value={w.signingOrder === 'sequential' ? 'One after another' : 'Any order'} />
        <Fact label="Sent" value={formatInstant(w.sentAt)} />
        <Fact label="Expires" value={formatDay(w.expiresAt)} />
        <Fact
          label="Reminders"
          value={
            w.reminderIntervalDays === 0
              ? 'Off'
              : `Every ${w.reminderIntervalDays} day${w.reminderIntervalDays > 1 ? 's' : ''}`
          }
        />
        {w.completedAt && <Fact label="Completed" value={formatInstant(w.completedAt)} />}
        {w.voidedAt && <Fact label="Voided" value={formatInstant(w.voidedAt)} />}
      </SimpleGrid>
      {w.voidReason && (
        <Group gap={4}>
          <Text size="sm" c="dimmed">
            Void reason:
          </Text>
          <Text size="sm">{w.voidReason}</Text>
        </Group>
      )}
      {w.message && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          Message to signers: {w.message}
        </Text>
      )}
    </Stack>
  );
}
