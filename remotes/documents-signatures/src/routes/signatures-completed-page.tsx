import { useCallback, useMemo } from 'react';
import { setUrlKeys } from '@atrium/contracts';
import {
  Group,
  IconSearch,
  LoadError,
  PageSkeleton,
  Paper,
  Stack,
  Text,
  TextInput,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import { signatures } from '@atrium/domain-documents';
import { ListFooter } from '../features/forms/list-footer';
import { workflowParamsFromUrl } from '../features/signatures/list-params';
import { SignaturesHeader } from '../features/signatures/signatures-header';
import { useWorkflows } from '../features/signatures/use-signatures';
import { WorkflowsTable } from '../features/signatures/workflows-table';
import { downloadPdf } from '../lib/pdf-download';

/** /signatures/completed: the workflows everyone signed, each with its sealed PDF to download. */
export default function SignaturesCompletedPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => ({ ...workflowParamsFromUrl(url), status: 'completed' as const }), [url]);
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) =>
    setUrl((u) => setUrlKeys(u, { search: s, page: null })),
  );
  const onPage = useCallback(
    (p: number | null) => setUrl((u) => setUrlKeys(u, { page: p && p > 1 ? String(p) : null })),
    [setUrl],
  );
  const { data, isPending, isError, error, refetch, isFetching } = useWorkflows(params);

  return (
    <Stack gap="md">
      <SignaturesHeader current="completed" />
      <Group>
        <TextInput
          placeholder="Search by document or signer..."
          aria-label="Search completed signatures"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={300}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError
            title="Completed signatures could not be loaded"
            message={error.message}
            onRetry={() => void refetch()}
          />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {params.search ? 'No completed signatures match your search.' : 'No completed signatures yet.'}
          </Text>
        ) : (
          <WorkflowsTable
            rows={data.data}
            onDownload={(w) => void downloadPdf(() => signatures.signedPdf(w._id), `${w.documentTitle} (signed)`)}
          />
        )}
      </Paper>
      <ListFooter
        pagination={data?.pagination}
        page={params.page}
        noun="completed signatures"
        isFetching={isFetching}
        onPage={onPage}
      />
    </Stack>
  );
}
