import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import {
  Button,
  DeleteConfirmDialog,
  Group,
  IconPlus,
  IconSearch,
  Link,
  LoadError,
  Menu,
  PageSkeleton,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  handleError,
  useNavigate,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_STATUSES,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  documents,
  type DocumentSummary,
} from '@atrium/domain-documents';
import { paramsFromUrl, patchUrl } from '../features/documents-list/list-params';
import { useDocumentActions, useDocuments } from '../features/documents-list/use-documents';
import { DocumentsTable, type RowAction } from '../features/documents-list/documents-table';
import { downloadPdf } from '../lib/pdf-download';
import { editorPath } from '../lib/paths';

const TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));
const STATUS_OPTIONS = DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }));

/** /documents: the business's documents or templates — search, type and status filters, pages, row actions. */
export default function DocumentsPage() {
  const [url, setUrl] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => paramsFromUrl(url), [url]);
  const patch = (p: Parameters<typeof patchUrl>[1]) => setUrl((u) => patchUrl(u, p));
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) => setUrl((u) => patchUrl(u, { search: s })));
  const { data, isPending, isError, error, refetch, isFetching } = useDocuments(params);
  const actions = useDocumentActions();
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const templates = !!params.isTemplate;

  const total = data?.pagination.total ?? 0;
  const page = params.page ?? 1;
  const from = total === 0 ? 0 : (page - 1) * DEFAULT_PAGE_SIZE + 1;
  const to = Math.min(total, page * DEFAULT_PAGE_SIZE);
  const lastPage = Math.max(1, data?.pagination.totalPages ?? 1);
  useEffect(() => {
    if (data && !isFetching && page > lastPage)
      setUrl((u) => patchUrl(u, { page: lastPage > 1 ? String(lastPage) : null }));
  }, [data, isFetching, page, lastPage, setUrl]);
  const filtered = !!(params.search || params.type || params.status);

  const onAction = (action: RowAction, row: DocumentSummary) => {
    switch (action) {
      case 'duplicate':
        actions.duplicate.mutate(row._id, {
          onSuccess: (d) => navigate(editorPath(d._id)),
          onError: (e) => handleError(e),
        });
        break;
      case 'saveAsTemplate':
        actions.saveAsTemplate.mutate(row._id, {
          onSuccess: () => toast.success('Saved as a template'),
          onError: (e) => handleError(e),
        });
        break;
      case 'fromTemplate':
        actions.fromTemplate.mutate(row._id, {
          onSuccess: (d) => navigate(editorPath(d._id)),
          onError: (e) => handleError(e),
        });
        break;
      case 'pdf':
        void downloadPdf(() => documents.pdf(row._id), row.title);
        break;
      case 'delete':
        setDeleting(row);
        break;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Documents
        </Title>
        <Group gap="xs">
          {/* The spec's sidebar has no Files entry: the file manager is reached from here. */}
          <Button variant="default" component={Link} to="/files/documents">
            Files
          </Button>
          <Button variant="default" component={Link} to="/packages">
            Packages
          </Button>
          {/* Nor a Signatures entry: the signature workflows are reached from here too. */}
          <Button variant="default" component={Link} to="/signatures">
            Signatures
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlus size={16} />}>New document</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {DOCUMENT_TYPES.map((t) => (
                <Menu.Item key={t} component={Link} to={`/documents/create?type=${t}`}>
                  {DOCUMENT_TYPE_LABELS[t]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Group justify="space-between">
        <Group>
          <TextInput
            placeholder="Search documents..."
            aria-label="Search documents"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
          />
          <Select
            aria-label="Type"
            placeholder="All types"
            data={TYPE_OPTIONS}
            value={params.type ?? null}
            onChange={(v) => patch({ type: v })}
            clearable
            w={170}
          />
          {!templates && (
            <Select
              aria-label="Status"
              placeholder="All statuses"
              data={STATUS_OPTIONS}
              value={params.status ?? null}
              onChange={(v) => patch({ status: v })}
              clearable
              w={170}
            />
          )}
        </Group>
        <SegmentedControl
          aria-label="Show"
          data={[
            { value: 'documents', label: 'Documents' },
            { value: 'templates', label: 'Templates' },
          ]}
          value={templates ? 'templates' : 'documents'}
          onChange={(v) => patch({ templates: v === 'templates' ? '1' : null, status: null })}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError title="Documents could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Stack align="center" gap="xs" py="xl">
            <Text c="dimmed">
              {filtered
                ? 'No documents match your search or filters.'
                : templates
                  ? 'No templates yet. Save a document as a template from its menu.'
                  : 'No documents yet.'}
            </Text>
          </Stack>
        ) : (
          <DocumentsTable rows={data.data} templates={templates} onAction={onAction} />
        )}
      </Paper>
      {data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="documents-range">
            Showing {from}–{to} of {total} {templates ? 'templates' : 'documents'}
          </Text>
          {data.pagination.totalPages > 1 && (
            <Pagination total={data.pagination.totalPages} value={page} onChange={(p) => patch({ page: String(p) })} />
          )}
        </Group>
      )}
      <DeleteConfirmDialog
        opened={!!deleting}
        message={DOCUMENT_MESSAGES.deleteConfirm}
        loading={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          actions.remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Document deleted');
              setDeleting(null);
            },
            onError: (e) => handleError(e),
          })
        }
      />
    </Stack>
  );
}
