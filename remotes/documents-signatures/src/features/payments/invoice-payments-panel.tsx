import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Button,
  ConfirmDialog,
  Group,
  LoadError,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  formatInstant,
  handleError,
} from '@atrium/ui';
import {
  canMoveStatus,
  documentKeys,
  documents,
  financeKeys,
  formatMoney,
  paymentKeys,
  payments,
  type DocumentStatus,
  type Payment,
  type PaymentKind,
  type ResolveHeldInput,
} from '@atrium/domain-documents';
import { PaymentStatusBadge } from '../../components/payment-status-badge';

const KIND_LABELS: Record<PaymentKind, string> = { deposit: 'Deposit', balance: 'Balance', full: 'Full amount' };
const METHOD_LABELS: Record<Payment['method'], string> = { card: 'Card', manual: 'Marked paid' };

/** Texts only this panel shows (its test asserts them word for word). */
export const INVOICE_PAYMENTS_TEXTS = {
  title: 'Payments',
  loadFailed: 'The payments could not be loaded',
  none: 'No payments yet. The client pays from the invoice link, or mark the invoice paid when it is paid another way.',
  held: 'A payment differs from what the invoice expected. Check it in Stripe, then apply it to the invoice or dismiss it.',
  applyTitle: 'Apply this payment to the invoice?',
  applyMessage: 'The amount Stripe received counts as paid on this invoice, as if it had matched.',
  dismissTitle: 'Dismiss this payment?',
  dismissMessage:
    'The money goes back to the client through Stripe, and the payment never counts for the invoice. It cannot be applied afterwards.',
  applied: 'Payment applied to the invoice',
  dismissed: 'Payment dismissed: Stripe is giving the money back',
  /** A dismissed payment whose refund Stripe has not confirmed yet. */
  refunding: 'Being refunded through Stripe',
  markPaid: 'Mark as paid',
  markPaidTitle: 'Mark this invoice as paid?',
  markPaidMessage: (balance: string) =>
    `The balance of ${balance} is recorded as paid another way (cash, bank transfer, cheque). Finance counts it as a manual payment, and the client's link no longer asks for payment.`,
  markedPaid: 'Invoice marked as paid',
} as const;
const T = INVOICE_PAYMENTS_TEXTS;

/**
 * The owner's view of an invoice's payments (GET /documents/{id}/payments): paid so far and the balance, each
 * payment (date, card or marked paid, deposit/balance, amount, refunds, status); a payment held for review (amount or
 * currency not what the invoice expected) says why and is applied or dismissed after a confirmation.
 */
export function InvoicePaymentsPanel({ documentId, status }: { documentId: string; status?: DocumentStatus }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: paymentKeys.ofInvoice(documentId), queryFn: () => payments.ofInvoice(documentId) });
  const [asking, setAsking] = useState<{ payment: Payment; action: ResolveHeldInput['action'] } | null>(null);
  const [askingPaid, setAskingPaid] = useState(false);
  const invalidate = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: paymentKeys.all }),
      qc.invalidateQueries({ queryKey: documentKeys.all }),
      qc.invalidateQueries({ queryKey: financeKeys.all }),
    ]);
  // Paid another way: PUT status paid, which records a manual payment of the balance in the same transaction.
  const markPaid = useMutation({
    mutationFn: () => documents.update(documentId, { status: 'paid' }),
    onSuccess: async () => {
      setAskingPaid(false);
      toast.success(T.markedPaid);
      await invalidate();
    },
    onError: (e) => handleError(e),
  });
  const resolve = useMutation({
    mutationFn: ({ id, action }: { id: string; action: ResolveHeldInput['action'] }) =>
      payments.resolve(id, { action }),
    onSuccess: async (_p, { action }) => {
      setAsking(null);
      toast.success(action === 'apply' ? T.applied : T.dismissed);
      await invalidate();
    },
    onError: (e) => handleError(e),
  });

  const frame = (body: React.ReactNode) => (
    <Paper withBorder radius="md" p="lg" mt="md" component="section" aria-label={T.title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {T.title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
  if (q.isPending) return frame(<Skeleton height={60} />);
  if (q.isError)
    return frame(<LoadError title={T.loadFailed} message={q.error.message} onRetry={() => void q.refetch()} />);

  const d = q.data;
  const money = (v: number, currency = d.currency) => formatMoney(v, currency);
  const held = d.payments.filter((p) => p.status === 'held');
  const canMarkPaid =
    status !== undefined && status !== 'paid' && canMoveStatus('invoice', status, 'paid') && d.balance > 0;
  return frame(
    <>
      <Group justify="space-between" align="flex-end">
        <Group gap="xl" role="group" aria-label="Payment totals">
          <Amount label="Total" value={money(d.total)} />
          <Amount label="Paid" value={money(d.paid)} />
          <Amount label="Balance" value={money(d.balance)} />
        </Group>
        {canMarkPaid && (
          <Button variant="default" onClick={() => setAskingPaid(true)}>
            {T.markPaid}
          </Button>
        )}
      </Group>
      {held.length > 0 && (
        <Alert color="grape" title="Held for review">
          {T.held}
        </Alert>
      )}
      {d.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.none}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Invoice payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Refunded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.payments.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{formatInstant(p.paidAt ?? p.createdAt)}</Table.Td>
                  <Table.Td>{METHOD_LABELS[p.method]}</Table.Td>
                  <Table.Td>{KIND_LABELS[p.kind]}</Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <PaymentStatusBadge status={p.status} />
                      {p.status === 'dismissed' && !p.refundedAt && (
                        <Text size="xs" c="dimmed">
                          {T.refunding}
                        </Text>
                      )}
                      {p.reason && (
                        <Text size="xs" c="dimmed">
                          {p.reason}
                        </Text>
                      )}
                      {p.status === 'held' && (
                        <Group gap="xs">
                          <Button size="compact-xs" onClick={() => setAsking({ payment: p, action: 'apply' })}>
                            Apply to invoice
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => setAsking({ payment: p, action: 'dismiss' })}
                          >
                            Dismiss
                          </Button>
                        </Group>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.receivedAmount !== null && (p.status === 'held' || p.status === 'dismissed')
                      ? money(p.receivedAmount, p.receivedCurrency ?? p.currency)
                      : money(p.amount, p.currency)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.status === 'dismissed' && p.refundedAt && p.receivedAmount !== null
                      ? money(p.receivedAmount, p.receivedCurrency ?? p.currency)
                      : p.amountRefunded > 0
                        ? money(p.amountRefunded, p.currency)
                        : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={asking?.action === 'dismiss' ? T.dismissTitle : T.applyTitle}
        message={asking?.action === 'dismiss' ? T.dismissMessage : T.applyMessage}
        confirmLabel={asking?.action === 'dismiss' ? 'Dismiss' : 'Apply'}
        danger={asking?.action === 'dismiss'}
        loading={resolve.isPending}
        onConfirm={() => asking && resolve.mutate({ id: asking.payment._id, action: asking.action })}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={askingPaid}
        title={T.markPaidTitle}
        message={T.markPaidMessage(money(d.balance))}
        confirmLabel={T.markPaid}
        loading={markPaid.isPending}
        onConfirm={() => markPaid.mutate()}
        onCancel={() => setAskingPaid(false)}
      />
    </>,
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
