import { useQuery } from '@tanstack/react-query';
import { Anchor, Link, LoadError, PageSkeleton, Paper, Stack, Text, Title, useParams } from '@atrium/ui';
import { documentKeys, documents } from '@atrium/domain-documents';
import { openPath } from '../lib/paths';

/**
 * /documents/responses/{documentId}: the answers a questionnaire received. The API keeps no answers yet (answering
 * arrives with the questionnaire flow), so the page names the document and says there are none — no made-up rows.
 */
export default function DocumentResponsesPage() {
  const { documentId = '' } = useParams();
  const q = useQuery({ queryKey: documentKeys.one(documentId), queryFn: () => documents.get(documentId) });
  if (q.isPending) return <PageSkeleton rows={4} />;
  if (q.isError)
    return (
      <LoadError title="The document could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz={26}>
          Responses
        </Title>
        <Anchor component={Link} to={openPath(q.data)} size="sm">
          {q.data.title}
        </Anchor>
      </Stack>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          No responses yet
        </Text>
      </Paper>
    </Stack>
  );
}
