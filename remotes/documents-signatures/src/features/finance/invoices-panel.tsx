import { useMemo } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Pagination,
  Paper,
  SearchableSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  formatDay,
  useSearchParams,
} from '@atrium/ui';
import { useContactChoices } from '@atrium/domain-crm/public';
import { FINANCE_INVOICE_FILTERS, formatMoney, type FinanceInvoiceFilter } from '@atrium/domain-documents';
import { StatusBadge } from '../../components/status-badge';
import { editorPath, viewPath } from '../../lib/paths';
import { invoiceParamsFromUrl, patchUrl } from './finance-params';
import { useFinanceInvoices } from './use-finance';

export const INVOICE_FILTER_LABELS: Record<FinanceInvoiceFilter, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  expired: 'Expired',
  open: 'Open (sent or viewed)',
  overdue: 'Overdue',
};
const STATUS_OPTIONS = FINANCE_INVOICE_FILTERS.map((s) => ({ value: s, label: INVOICE_FILTER_LABELS[s] }));

/** /finance/invoices: every invoice with what it received and what is due; status, contact and date filters. */
export function InvoicesPanel() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => invoiceParamsFromUrl(url), [url]);
  const patch = (p: Record<string, string | null>) => setUrl((u) => patchUrl(u, p));
  const { data, isPending, isError, error, refetch, isFetching } = useFinanceInvoices(params);
  const contacts = useContactChoices(params.contactId ? [params.contactId] : []);
  const page = params.page ?? 1;
  const filtered = !!(params.status || params.contactId || params.from || params.to);

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={params.status ?? null}
          onChange={(v) => patch({ status: v })}
          clearable
          w={210}
        />
        <SearchableSelect
          label="Contact"
          placeholder={contacts.isPending ? 'Loading contacts…' : 'All contacts'}
          data={contacts.choices}
          value={params.contactId ?? null}
          onChange={(v) => patch({ contactId: v })}
          w={220}
        />
        <TextInput
          type="date"
          label="Created from"
          value={params.from ?? ''}
          onChange={(e) => patch({ from: e.currentTarget.value || null })}
          w={170}
        />
        <TextInput
          type="date"
          label="Created to"
          value={params.to ?? ''}
          onChange={(e) => patch({ to: e.currentTarget.value || null })}
          w={170}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError title="Invoices could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered ? 'No invoices match these filters.' : 'No invoices yet.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((r) => (
                  <Table.Tr key={r._id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={r.status === 'draft' ? editorPath(r._id) : viewPath(r._id)}
                        size="sm"
                      >
                        {r.number ?? '—'}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate maw={260}>
                        {r.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.contactName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <StatusBadge status={r.status} />
                        {r.overdue && (
                          <Badge color="red" variant="light">
                            Overdue
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(r.total, r.currency)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.paid, r.currency)}</Table.Td>
                    <Table.Td ta="right" fw={r.balance > 0 ? 600 : undefined}>
                      {formatMoney(r.balance, r.currency)}
                    </Table.Td>
                    <Table.Td>{formatDay(r.dueDate)}</Table.Td>
                    <Table.Td>{formatDay(r.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {data && data.pagination.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.pagination.total} {data.pagination.total === 1 ? 'invoice' : 'invoices'}
          </Text>
          {data.pagination.totalPages > 1 && (
            <Pagination
              total={data.pagination.totalPages}
              value={page}
              onChange={(p) => patch({ page: p > 1 ? String(p) : null })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
