import { useCallback, useMemo } from 'react';
import { setUrlKeys } from '@atrium/contracts';
import {
  Group,
  IconSearch,
  LoadError,
  PageSkeleton,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import { WORKFLOW_STATUS_LABELS } from '@atrium/domain-documents';
import { ListFooter } from '../features/forms/list-footer';
import { STATUS_TABS, workflowParamsFromUrl } from '../features/signatures/list-params';
import { SignaturesHeader } from '../features/signatures/signatures-header';
import { useWorkflows } from '../features/signatures/use-signatures';
import { WorkflowsTable } from '../features/signatures/workflows-table';

/** /signatures and /signatures/workflows: the business's signature workflows by status, newest first, paged. */
export default function SignaturesPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => workflowParamsFromUrl(url), [url]);
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) =>
    setUrl((u) => setUrlKeys(u, { search: s, page: null })),
  );
  const onPage = useCallback(
    (p: number | null) => setUrl((u) => setUrlKeys(u, { page: p && p > 1 ? String(p) : null })),
    [setUrl],
  );
  const { data, isPending, isError, error, refetch, isFetching } = useWorkflows(params);
  const filtered = !!(params.search || params.status);

  return (
    <Stack gap="md">
      <SignaturesHeader current="workflows" />
      <Group justify="space-between">
        <Tabs
          value={params.status ?? 'all'}
          onChange={(v) => setUrl((u) => setUrlKeys(u, { status: v === 'all' ? null : v, page: null }))}
        >
          <Tabs.List aria-label="Status">
            {STATUS_TABS.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {s === 'all' ? 'All' : WORKFLOW_STATUS_LABELS[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          placeholder="Search by document or signer..."
          aria-label="Search workflows"
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
            title="Signature workflows could not be loaded"
            message={error.message}
            onRetry={() => void refetch()}
          />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered
              ? 'No workflows match your search or filter.'
              : 'No signature workflows yet. Open a contract and choose Send for signature.'}
          </Text>
        ) : (
          <WorkflowsTable rows={data.data} />
        )}
      </Paper>
      <ListFooter
        pagination={data?.pagination}
        page={params.page}
        noun="workflows"
        isFetching={isFetching}
        onPage={onPage}
      />
    </Stack>
  );
}
