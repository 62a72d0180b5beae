import { Alert, Button, Group, Link, Paper, Stack, Text, Title } from '@atrium/ui';
import {
  formatMoney,
  SIGNING_DEPOSIT_TEXTS as T,
  type PaymentKind,
  type SigningDeposit,
} from '@atrium/domain-documents';
import { useCheckout } from '../hooks/use-checkout';
import { payPath } from '../lib/paths';

const WHAT: Record<PaymentKind, string> = { deposit: 'deposit', balance: 'balance', full: 'invoice' };

type Deposit = NonNullable<SigningDeposit['deposit']>;

/** Above the signing steps: what the client will pay after signing. */
export function DepositAhead({ deposit }: { deposit: Deposit | null | undefined }) {
  if (!deposit || !deposit.payment.cardPayment || deposit.payment.dueNow.amount <= 0) return null;
  const { dueNow, invoice } = deposit.payment;
  return (
    <Alert color="blue" role="note" mb="md">
      {T.ahead(formatMoney(dueNow.amount, invoice.currency), WHAT[dueNow.kind])}
    </Alert>
  );
}

/**
 * After signing: "Next: pay the deposit" with the amount and Pay, which opens Stripe Checkout for the invoice (the
 * public pay flow, with the invoice's own link token); /invoices/pay with the whole invoice is one click away, and
 * is where a canceled Checkout comes back to.
 */
export function DepositAfterSigning({ deposit }: { deposit: Deposit | null | undefined }) {
  const checkout = useCheckout(deposit?.invoiceId ?? '', deposit?.token ?? '');
  if (!deposit) return null;
  const { payment, invoiceId, token } = deposit;
  const { dueNow, invoice, business } = payment;
  const money = (v: number) => formatMoney(v, invoice.currency);
  const what = WHAT[dueNow.kind];
  const name = invoice.number ? `Invoice ${invoice.number}` : invoice.title;
  return (
    <Paper withBorder p="xl" radius="lg" maw={560} mx="auto" mt="md" aria-label="Payment">
      <Stack gap="sm">
        {payment.paidInFull ? (
          <Text>{T.paid}</Text>
        ) : (
          <>
            <Title order={2} fz={20}>
              {T.nextTitle(what)}
            </Title>
            <Text size="sm" c="dimmed">
              {T.invoiceLine(name, business.name)}
            </Text>
            <Text fw={600} fz={22}>
              {money(dueNow.amount)}
            </Text>
            {payment.cardPayment ? (
              <>
                {checkout.isError && (
                  <Alert color="red" role="alert">
                    {checkout.error.message}
                  </Alert>
                )}
                <Group>
                  <Button onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess}>
                    Pay {money(dueNow.amount)}
                  </Button>
                  <Button component={Link} to={payPath(invoiceId, token)} variant="subtle">
                    View the invoice
                  </Button>
                </Group>
              </>
            ) : (
              <Alert color="yellow" role="status">
                {T.notSetUp(business.name)}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
