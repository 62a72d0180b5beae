import { useEffect } from 'react';
import {
  Alert,
  Button,
  CardPage,
  Divider,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Stack,
  Text,
  formatDay,
  useNavigate,
  useSearchParams,
} from '@atrium/ui';
import { formatMoney, type PublicInvoicePayment } from '@atrium/domain-documents';
import {
  publicErrorPath,
  useCheckout,
  useInvoiceLines,
  useInvoicePayment,
} from '../features/payments/use-public-payment';
import { viewPath } from '../lib/paths';

/** Texts only this page shows (its test asserts them word for word). */
export const PAY_TEXTS = {
  canceled: 'The card payment was not completed and nothing was charged. You can try again.',
  paidInFull: 'This invoice is paid in full. Thank you!',
  notSetUp: 'Card payment is not set up for this invoice.',
  otherWays: (business: string) => `To pay another way, please contact ${business}.`,
  secure: 'You will enter your card details on Stripe’s secure checkout page.',
  depositNote: (balance: string) => `This pays the deposit. The balance of ${balance} is due later.`,
  checkoutFailed: 'The payment could not be started',
} as const;

/**
 * /invoices/pay?id={documentId}&token={token} (public): the invoice the client pays — from whom, its lines, total,
 * what is paid so far and the amount due now (the deposit while nothing is paid, else the balance), and "Pay
 * {amount}", which opens Stripe Checkout. Without card payment it says so plainly and how else to pay; a paid
 * invoice says it is paid; an expired or unknown link goes to the public error pages.
 */
export default function InvoicePayPage() {
  const [url] = useSearchParams();
  const id = url.get('id') ?? '';
  const token = url.get('token') ?? '';
  const canceled = url.get('canceled') === '1';
  const navigate = useNavigate();
  const q = useInvoicePayment(id, token);
  const lines = useInvoiceLines(id, token, q.isSuccess);
  const checkout = useCheckout(id, token);

  const gone = !id || !token ? '/document-not-found' : publicErrorPath(q.error);
  useEffect(() => {
    if (gone) navigate(gone, { replace: true });
  }, [gone, navigate]);

  if (gone || q.isPending) return <PageSkeleton rows={6} />;
  if (q.isError) {
    return (
      <CardPage title="Invoice">
        <LoadError title="The invoice could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
      </CardPage>
    );
  }
  const p = q.data;
  const money = (v: number) => formatMoney(v, p.invoice.currency);
  const heading = p.invoice.number ? `Invoice ${p.invoice.number}` : 'Invoice';
  return (
    <CardPage title={heading} subtitle={`From ${p.business.name}`}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>{p.invoice.title}</Text>
          {p.invoice.dueDate && (
            <Text size="sm" c="dimmed">
              Due {formatDay(p.invoice.dueDate)}
            </Text>
          )}
        </Stack>
        {lines.data && lines.data.lineItems.length > 0 && (
          <Stack gap={4} role="list" aria-label="Invoice lines">
            {lines.data.lineItems.map((l) => (
              <Group key={l.id} justify="space-between" wrap="nowrap" role="listitem">
                <Text size="sm" lineClamp={1}>
                  {l.description || 'Item'}
                  {l.quantity !== '1' ? ` × ${l.quantity}` : ''}
                </Text>
                <Text size="sm">{money(l.amount)}</Text>
              </Group>
            ))}
          </Stack>
        )}
        <Divider />
        <Amounts p={p} money={money} />
        {canceled && !p.paidInFull && (
          <Alert color="yellow" role="status">
            {PAY_TEXTS.canceled}
          </Alert>
        )}
        <PayAction p={p} money={money} checkout={checkout} />
        <Button variant="subtle" component={Link} to={`${viewPath(id)}?token=${encodeURIComponent(token)}`}>
          View the full invoice
        </Button>
      </Stack>
    </CardPage>
  );
}

function Amounts({ p, money }: { p: PublicInvoicePayment; money: (v: number) => string }) {
  return (
    <Stack gap={4} role="group" aria-label="Amounts">
      <Row label="Total" value={money(p.invoice.total)} />
      {p.invoice.paid > 0 && <Row label="Paid so far" value={money(p.invoice.paid)} />}
      {p.invoice.paid > 0 && !p.paidInFull && <Row label="Balance" value={money(p.invoice.balance)} />}
      {!p.paidInFull && p.dueNow.amount > 0 && (
        <Row
          label={p.dueNow.kind === 'deposit' ? 'Deposit due now' : 'Due now'}
          value={money(p.dueNow.amount)}
          strong
        />
      )}
    </Stack>
  );
}

function PayAction({
  p,
  money,
  checkout,
}: {
  p: PublicInvoicePayment;
  money: (v: number) => string;
  checkout: ReturnType<typeof useCheckout>;
}) {
  if (p.paidInFull) {
    return (
      <Alert color="teal" role="status">
        {PAY_TEXTS.paidInFull}
      </Alert>
    );
  }
  if (!p.cardPayment) {
    return (
      <Alert color="gray" title={PAY_TEXTS.notSetUp} role="status">
        {PAY_TEXTS.otherWays(p.business.name)}
      </Alert>
    );
  }
  if (p.dueNow.amount <= 0) return null;
  return (
    <Stack gap="xs">
      {checkout.isError && (
        <Alert color="red" title={PAY_TEXTS.checkoutFailed} role="alert">
          {checkout.error.message}
        </Alert>
      )}
      <Button size="md" onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess}>
        Pay {money(p.dueNow.amount)}
      </Button>
      {p.dueNow.kind === 'deposit' && (
        <Text size="xs" c="dimmed">
          {PAY_TEXTS.depositNote(money(p.invoice.balance - p.dueNow.amount))}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {PAY_TEXTS.secure}
      </Text>
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}
