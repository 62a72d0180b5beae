import { Anchor, Badge, LoadError, Skeleton, Table, Text } from '@atrium/ui';
import { formatInstant } from '@atrium/ui';
import type { SubscriptionInvoice } from '@atrium/domain-admin';
import { formatMoney, SUBSCRIPTION_TEXTS as T } from './subscription-texts';

const STATUS_COLORS: Record<string, string> = { paid: 'teal', open: 'yellow', void: 'gray', uncollectible: 'red' };

/** The subscription's invoices (owners): date, number, amount, Stripe's status and its hosted invoice page. */
export function InvoiceList({
  invoices,
  loading,
  error,
  onRetry,
}: {
  invoices: SubscriptionInvoice[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  if (error) return <LoadError title={T.invoicesFailed} onRetry={onRetry} />;
  if (loading || !invoices) return <Skeleton height={60} />;
  if (invoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noInvoices}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={T.invoices} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Invoice</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((i) => (
            <Table.Tr key={i._id} data-testid="subscription-invoice">
              <Table.Td>{formatInstant(i.createdAt)}</Table.Td>
              <Table.Td>{i.number ?? '—'}</Table.Td>
              <Table.Td>{formatMoney(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[i.status] ?? 'gray'}>
                  {i.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {i.hostedInvoiceUrl ? (
                  <Anchor href={i.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    View
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
