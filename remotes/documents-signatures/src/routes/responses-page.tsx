import { useCallback, useMemo } from 'react';
import { setUrlKeys } from '@atrium/contracts';
import {
  Group,
  IconSearch,
  LoadError,
  PageSkeleton,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import {
  RESPONSE_SOURCES,
  RESPONSE_SOURCE_LABELS,
  type ResponseListParams,
  type ResponseSource,
} from '@atrium/domain-documents';
import { ListFooter } from '../features/forms/list-footer';
import { pageParamsFromUrl, useResponses } from '../features/forms/use-contact-forms';
import { ResponsesTable } from '../features/responses/responses-table';

const isSource = (v: string | null): v is ResponseSource => (RESPONSE_SOURCES as readonly string[]).includes(v ?? '');

/** ?search, ?page, ?source and ?formId / ?documentId (a form's or a questionnaire's own responses). */
export function responseParamsFromUrl(p: URLSearchParams): ResponseListParams & { page: number } {
  const source = p.get('source');
  return {
    ...pageParamsFromUrl(p),
    source: isSource(source) ? source : undefined,
    formId: p.get('formId') || undefined,
    documentId: p.get('documentId') || undefined,
  };
}

/** /responses: every submission of the business's contact forms and questionnaires, newest first. */
export default function ResponsesPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => responseParamsFromUrl(url), [url]);
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) =>
    setUrl((u) => setUrlKeys(u, { search: s, page: null })),
  );
  const onPage = useCallback(
    (p: number | null) => setUrl((u) => setUrlKeys(u, { page: p && p > 1 ? String(p) : null })),
    [setUrl],
  );
  const { data, isPending, isError, error, refetch, isFetching } = useResponses(params);
  const filtered = !!(params.search || params.source || params.formId || params.documentId);

  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Responses
      </Title>
      <Group>
        <TextInput
          placeholder="Search by contact name or email..."
          aria-label="Search responses"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Select
          aria-label="Source"
          placeholder="All sources"
          data={RESPONSE_SOURCES.map((s) => ({ value: s, label: RESPONSE_SOURCE_LABELS[s] }))}
          value={params.source ?? null}
          onChange={(v) => setUrl((u) => setUrlKeys(u, { source: v, page: null }))}
          clearable
          w={190}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError title="Responses could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered ? 'No responses match your search or filters.' : 'No responses yet'}
          </Text>
        ) : (
          <ResponsesTable rows={data.data} />
        )}
      </Paper>
      <ListFooter
        pagination={data?.pagination}
        page={params.page}
        noun="responses"
        isFetching={isFetching}
        onPage={onPage}
      />
    </Stack>
  );
}
