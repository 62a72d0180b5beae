import { Stack, Table, Text } from '@atrium/ui';
import type { WorkflowSigner } from '@atrium/domain-documents';
import { formatAt } from './format';
import { SignerStatusBadge } from './workflow-status';

const ROLE_LABELS = { owner: 'Business owner', client: 'Client' } as const;

/** The last thing that happened to a signer, for the "When" column. */
function lastStep(s: WorkflowSigner): string {
  if (s.signedAt) return `Signed ${formatAt(s.signedAt)}`;
  if (s.declinedAt) return `Declined ${formatAt(s.declinedAt)}`;
  if (s.consentedAt) return `Consented ${formatAt(s.consentedAt)}`;
  if (s.openedAt) return `Opened ${formatAt(s.openedAt)}`;
  if (s.invitedAt) return `Invited ${formatAt(s.invitedAt)}`;
  return 'Not invited yet';
}

/** The signers in signing order: who, role, status, their last step, and a decline's reason. */
export function SignersTable({
  signers,
  currentSignerId,
}: {
  signers: WorkflowSigner[];
  currentSignerId: string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Signers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Signer</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...signers]
            .sort((a, b) => a.order - b.order)
            .map((s, i) => (
              <Table.Tr key={s._id} aria-current={s._id === currentSignerId ? 'step' : undefined}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {s.name}
                      {s._id === currentSignerId && (
                        <Text span size="xs" c="blue" ml={6}>
                          (their turn)
                        </Text>
                      )}
                    </Text>
                    {s.email && (
                      <Text size="xs" c="dimmed">
                        {s.email}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{ROLE_LABELS[s.role]}</Table.Td>
                <Table.Td>
                  <SignerStatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{lastStep(s)}</Text>
                  {s.signatureKind && (
                    <Text size="xs" c="dimmed">
                      {s.signatureKind === 'typed' ? `Typed: ${s.typedName ?? ''}` : 'Drawn signature'}
                    </Text>
                  )}
                  {s.declineReason && (
                    <Text size="xs" c="red">
                      Reason: {s.declineReason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
