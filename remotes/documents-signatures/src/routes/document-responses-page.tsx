import { useQuery } from '@tanstack/react-query';
import { Anchor, Link, LoadError, PageSkeleton, Paper, Stack, Text, Title, useParams } from '@atrium/ui';
import { documentKeys, documents, responseKeys, responses } from '@atrium/domain-documents';
import { ResponsesTable } from '../features/responses/responses-table';
import { openPath } from '../lib/paths';

/** /documents/responses/{documentId}: the answers a questionnaire received through its links, newest first. */
export default function DocumentResponsesPage() {
  const { documentId = '' } = useParams();
  const doc = useQuery({ queryKey: documentKeys.one(documentId), queryFn: () => documents.get(documentId) });
  const list = useQuery({
    queryKey: responseKeys.ofDocument(documentId),
    queryFn: () => responses.ofDocument(documentId),
  });
  if (doc.isPending) return <PageSkeleton rows={4} />;
  if (doc.isError)
    return (
      <LoadError
        title="The document could not be loaded"
        message={doc.error.message}
        onRetry={() => void doc.refetch()}
      />
    );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz={26}>
          Responses
        </Title>
        <Anchor component={Link} to={openPath(doc.data)} size="sm">
          {doc.data.title}
        </Anchor>
      </Stack>
      <Paper withBorder radius="md" p={list.data?.length ? 'sm' : 'xl'}>
        {list.isPending ? (
          <PageSkeleton rows={3} />
        ) : list.isError ? (
          <LoadError
            title="Responses could not be loaded"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <Text c="dimmed" ta="center">
            No responses yet
          </Text>
        ) : (
          <ResponsesTable rows={list.data} withSource={false} />
        )}
      </Paper>
    </Stack>
  );
}
