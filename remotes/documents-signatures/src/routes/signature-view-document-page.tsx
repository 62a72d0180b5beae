import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, IconDownload, Link, LoadError, PageSkeleton, Stack, Text, useParams } from '@atrium/ui';
import { signatureKeys, signatures, type Workflow } from '@atrium/domain-documents';
import { DocumentView } from '../components/document-view';
import { workflowPath } from '../features/signatures/paths';
import { WithWorkflow } from '../features/signatures/workflow-loader';
import { downloadPdf } from '../lib/pdf-download';

/**
 * /signatures/workflows/{workflowId}/view-document: the contract the signers are asked to sign, as they see it —
 * the snapshot taken when it was sent (later edits of the contract, its contact or the business do not show here);
 * once completed, the sealed PDF beside it.
 */
export default function SignatureViewDocumentPage() {
  const { workflowId = '' } = useParams();
  return <WithWorkflow id={workflowId}>{(w) => <Contract workflow={w} />}</WithWorkflow>;
}

function Contract({ workflow: w }: { workflow: Workflow }) {
  const q = useQuery({ queryKey: signatureKeys.asSent(w._id), queryFn: () => signatures.document(w._id) });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to={workflowPath(w._id)} size="sm">
          ← Back to the workflow
        </Anchor>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadPdf(() => signatures.documentPdf(w._id), w.documentTitle)}
          >
            Download PDF
          </Button>
          {w.status === 'completed' && (
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadPdf(() => signatures.signedPdf(w._id), `${w.documentTitle} (signed)`)}
            >
              Download signed PDF
            </Button>
          )}
        </Group>
      </Group>
      {q.isPending ? (
        <PageSkeleton rows={8} />
      ) : q.isError ? (
        <LoadError
          title="The document could not be loaded"
          message={q.error.message}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {q.data.asSent
              ? 'The contract as it was sent for signature: later edits do not change what is signed.'
              : 'Not sent yet: this is the contract as it is now.'}
          </Text>
          <DocumentView doc={q.data.document} from={q.data.business.name} />
        </Stack>
      )}
    </Stack>
  );
}
