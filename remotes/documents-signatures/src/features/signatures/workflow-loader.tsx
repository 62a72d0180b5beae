import type { ReactNode } from 'react';
import { isApiError } from '@atrium/api-client';
import { Alert, Button, Link, LoadError, PageSkeleton, Stack, Text } from '@atrium/ui';
import type { Workflow } from '@atrium/domain-documents';
import { useWorkflow } from './use-signatures';

/** Loads a workflow for the owner's pages: a skeleton, a not-found note, an error with retry, or the children. */
export function WithWorkflow({ id, children }: { id: string; children: (w: Workflow) => ReactNode }) {
  const q = useWorkflow(id);
  if (q.isPending) return <PageSkeleton rows={8} />;
  if (q.isError)
    return isApiError(q.error) && q.error.status === 404 ? (
      <Alert color="gray" title="Signature workflow not found">
        <Stack gap="xs">
          <Text size="sm">It may belong to another business, or the link may be incomplete.</Text>
          <Button component={Link} to="/signatures/workflows" variant="light" w="fit-content">
            Back to signatures
          </Button>
        </Stack>
      </Alert>
    ) : (
      <LoadError
        title="The signature workflow could not be loaded"
        message={q.error.message}
        onRetry={() => void q.refetch()}
      />
    );
  return <>{children(q.data)}</>;
}
