import { Badge, Group, Progress, Text } from '@atrium/ui';
import {
  SIGNER_STATUS_LABELS,
  WORKFLOW_STATUS_LABELS,
  type SignerStatus,
  type WorkflowStatus,
} from '@atrium/domain-documents';

const WORKFLOW_COLORS: Record<WorkflowStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  in_progress: 'cyan',
  completed: 'green',
  declined: 'red',
  voided: 'dark',
  expired: 'orange',
};

const SIGNER_COLORS: Record<SignerStatus, string> = {
  pending: 'gray',
  sent: 'blue',
  opened: 'cyan',
  consented: 'indigo',
  signed: 'green',
  declined: 'red',
};

export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  return (
    <Badge color={WORKFLOW_COLORS[status]} variant="light">
      {WORKFLOW_STATUS_LABELS[status]}
    </Badge>
  );
}

export function SignerStatusBadge({ status }: { status: SignerStatus }) {
  return (
    <Badge color={SIGNER_COLORS[status]} variant="dot">
      {SIGNER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "1 of 2 signed" with a bar. */
export function SigningProgress({ signed, total }: { signed: number; total: number }) {
  const label = `${signed} of ${total} signed`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={total ? (signed / total) * 100 : 0}
        w={64}
        size="sm"
        color={signed === total && total > 0 ? 'green' : 'blue'}
        aria-label={label}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
