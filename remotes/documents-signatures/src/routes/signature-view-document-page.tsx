import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, IconDownload, Link, LoadError, PageSkeleton, Stack, useParams } from '@atrium/ui';
import { documentKeys, documents, signatures, type Workflow } from '@atrium/domain-documents';
import { DocumentView } from '../components/document-view';
import { workflowPath } from '../features/signatures/paths';
import { WithWorkflow } from '../features/signatures/workflow-loader';
import { downloadPdf } from '../lib/pdf-download';

/**
 * /signatures/workflows/{workflowId}/view-document: the contract the signers are asked to sign, as they see it
 * (the server's preview: merge tags resolved); once completed, the sealed PDF beside it.
 */
export default function SignatureViewDocumentPage() {
  const { workflowId = '' } = useParams();
  return <WithWorkflow id={workflowId}>{(w) => <Contract workflow={w} />}</WithWorkflow>;
}

function Contract({ workflow: w }: { workflow: Workflow }) {
  const q = useQuery({ queryKey: documentKeys.preview(w.documentId), queryFn: () => documents.preview(w.documentId) });
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
            onClick={() => void downloadPdf(() => documents.pdf(w.documentId), w.documentTitle)}
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
        <DocumentView doc={q.data.document} />
      )}
    </Stack>
  );
}
