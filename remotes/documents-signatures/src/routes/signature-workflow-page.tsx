import { Anchor, Group, Link, LoadError, Paper, Skeleton, Stack, Text, Title, useParams } from '@atrium/ui';
import { AuditTrail } from '../features/signatures/audit-trail';
import { SignersTable } from '../features/signatures/signers-table';
import { useVerification } from '../features/signatures/use-signatures';
import { VerificationResult } from '../features/signatures/verification';
import { WorkflowActions } from '../features/signatures/workflow-actions';
import { WithWorkflow } from '../features/signatures/workflow-loader';
import { WorkflowStatusBadge } from '../features/signatures/workflow-status';
import { WorkflowFacts } from '../features/signatures/workflow-summary';
import { viewPath } from '../lib/paths';
import type { Workflow } from '@atrium/domain-documents';

/** /signatures/workflows/{workflowId}: signers in order, actions, the verification once completed, the audit trail. */
export default function SignatureWorkflowPage() {
  const { workflowId = '' } = useParams();
  return <WithWorkflow id={workflowId}>{(w) => <WorkflowDetail workflow={w} />}</WithWorkflow>;
}

function WorkflowDetail({ workflow: w }: { workflow: Workflow }) {
  const completed = w.status === 'completed';
  const verify = useVerification(w._id, completed);
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/signatures/workflows" size="sm">
        ← Signatures
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} fz={24}>
              {w.documentTitle}
            </Title>
            <WorkflowStatusBadge status={w.status} />
          </Group>
          <Anchor component={Link} to={viewPath(w.documentId)} size="sm">
            Open the contract
          </Anchor>
        </Stack>
        <WorkflowActions workflow={w} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <WorkflowFacts workflow={w} />
      </Paper>
      {completed && (
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="sm">
            Verification
          </Title>
          {verify.isPending ? (
            <Skeleton h={80} />
          ) : verify.isError ? (
            <LoadError
              title="The signed PDF could not be verified"
              message={verify.error.message}
              onRetry={() => void verify.refetch()}
            />
          ) : (
            <VerificationResult
              result={verify.data}
              checking={verify.isFetching}
              onRecheck={() => void verify.refetch()}
            />
          )}
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="sm">
          Signers
        </Title>
        <SignersTable signers={w.signers} currentSignerId={w.currentSignerId} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb={4}>
          Audit trail
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Every step is recorded once, in order; each entry's hash covers the entry and the hash before it.
        </Text>
        <AuditTrail entries={w.audit} />
      </Paper>
    </Stack>
  );
}
