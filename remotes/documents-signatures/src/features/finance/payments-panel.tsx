import { useMemo } from 'react';
import {
  Anchor,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  formatDay,
  useSearchParams,
} from '@atrium/ui';
import {
  FINANCE_PAYMENT_METHODS,
  FINANCE_PAYMENT_METHOD_LABELS,
  FINANCE_PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  formatMoney,
  type FinancePayment,
} from '@atrium/domain-documents';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { viewPath } from '../../lib/paths';
import { patchUrl, paymentParamsFromUrl } from './finance-params';
import { useFinancePayments } from './use-finance';

const STATUS_OPTIONS = FINANCE_PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }));
const METHOD_OPTIONS = FINANCE_PAYMENT_METHODS.map((m) => ({ value: m, label: FINANCE_PAYMENT_METHOD_LABELS[m] }));
const KIND_LABELS: Record<FinancePayment['kind'], string> = { deposit: 'Deposit', balance: 'Balance', full: 'Full' };

/** The rows of a payments table (the payments tab, a project's finance). */
export function PaymentsTable({ rows }: { rows: FinancePayment[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Refunded</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>{formatDay(p.paidAt ?? p.createdAt)}</Table.Td>
              <Table.Td>
                {p.documentId ? (
                  <Anchor component={Link} to={viewPath(p.documentId)} size="sm">
                    {p.invoiceNumber ?? p.invoiceTitle ?? 'Invoice'}
                  </Anchor>
                ) : (
                  <Text size="sm">{p.invoiceNumber ?? 'Deleted invoice'}</Text>
                )}
                <Text size="xs" c="dimmed">
                  {KIND_LABELS[p.kind]}
                </Text>
              </Table.Td>
              <Table.Td>{p.contactName ?? '—'}</Table.Td>
              <Table.Td>{FINANCE_PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={p.status} />
              </Table.Td>
              <Table.Td ta="right">{formatMoney(p.amount, p.currency)}</Table.Td>
              <Table.Td ta="right">{p.refunded ? formatMoney(p.refunded, p.currency) : '—'}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(p.net, p.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /finance/payments: card and manual payments with refunds, failures and those held for review. */
export function PaymentsPanel() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => paymentParamsFromUrl(url), [url]);
  const patch = (p: Record<string, string | null>) => setUrl((u) => patchUrl(u, p));
  const { data, isPending, isError, error, refetch, isFetching } = useFinancePayments(params);
  const page = params.page ?? 1;
  const filtered = !!(params.status || params.method || params.from || params.to);

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="Paid, refunded, failed, held"
          data={STATUS_OPTIONS}
          value={params.status ?? null}
          onChange={(v) => patch({ status: v })}
          clearable
          w={280}
        />
        <Select
          label="Method"
          placeholder="Card and manual"
          data={METHOD_OPTIONS}
          value={params.method ?? null}
          onChange={(v) => patch({ method: v })}
          clearable
          w={170}
        />
        <TextInput
          type="date"
          label="From"
          value={params.from ?? ''}
          onChange={(e) => patch({ from: e.currentTarget.value || null })}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={params.to ?? ''}
          onChange={(e) => patch({ to: e.currentTarget.value || null })}
          w={170}
        />
      </Group>
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={6} />
        ) : isError ? (
          <LoadError title="Payments could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {filtered ? 'No payments match these filters.' : 'No payments yet.'}
          </Text>
        ) : (
          <PaymentsTable rows={data.data} />
        )}
      </Paper>
      {data && data.pagination.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.pagination.total} {data.pagination.total === 1 ? 'payment' : 'payments'}
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
