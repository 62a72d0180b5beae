import {
  Alert,
  Button,
  CardPage,
  Group,
  Link,
  Loader,
  LoadError,
  PageSkeleton,
  Stack,
  Text,
  useSearchParams,
} from '@atrium/ui';
import { isApiError } from '@atrium/api-client';
import { formatMoney, type PublicPaymentStatus } from '@atrium/domain-documents';
import { usePaymentStatus } from '../features/payments/use-public-payment';

/** Texts only this page shows (its test asserts them word for word). */
export const PAYMENT_RESULT_TEXTS = {
  processing: 'Processing your payment…',
  waiting: 'We are waiting for Stripe to confirm your payment. This usually takes a few seconds.',
  stillPending:
    'Stripe has not confirmed this payment yet. Nothing more is needed from you: the invoice is updated as soon as Stripe confirms it. You can check again in a moment.',
  paidInFull: 'The invoice is paid in full.',
  balanceLeft: (balance: string) => `The balance of ${balance} is still due.`,
  failed:
    'The card payment did not go through and nothing was charged. Open the invoice link again to try another card.',
  expired:
    'This payment session expired before it was completed, and nothing was charged. Open the invoice link again to pay.',
  held: (business: string) =>
    `Stripe received a payment that differs from what the invoice expects, so ${business} will review it before the invoice is updated. Nothing more is needed from you for now.`,
  refunded: 'This payment was refunded.',
  dismissed: (business: string) =>
    `${business} did not accept this payment, and Stripe is giving the money back to your card. The invoice is unchanged.`,
  partiallyRefunded: 'Part of this payment was refunded.',
  notFound: "We couldn't find this payment. The link may be incomplete.",
} as const;

const T = PAYMENT_RESULT_TEXTS;

/**
 * /invoice-payment-success?session_id={CHECKOUT_SESSION_ID}&key= (public, Stripe's success_url; `key` is the
 * server's HMAC of the payment, without which the status reads nothing): asks the server what
 * became of the payment and asks again while it is pending — only Stripe's verified webhook marks it paid, so this
 * page never says "received" before the server does; after a minute still pending it says so plainly with Check again.
 */
export default function InvoicePaymentSuccessPage() {
  const [url] = useSearchParams();
  const sessionId = url.get('session_id') ?? '';
  const key = url.get('key') ?? '';
  const q = usePaymentStatus(sessionId, key);

  if (!sessionId || !key || (q.isError && isApiError(q.error) && (q.error.status === 404 || q.error.status === 400))) {
    return (
      <CardPage title="Payment not found">
        <Stack>
          <Text>{T.notFound}</Text>
          <Button component={Link} to="/signin" variant="light">
            Go to sign in
          </Button>
        </Stack>
      </CardPage>
    );
  }
  if (q.isPending) return <PageSkeleton rows={4} />;
  if (q.isError) {
    return (
      <CardPage title="Payment">
        <LoadError
          title="The payment's status could not be loaded"
          message={q.error.message}
          onRetry={() => q.checkAgain()}
        />
      </CardPage>
    );
  }
  const s = q.data;
  const money = (v: number) => formatMoney(v, s.currency);
  const what = `${money(s.amount)} for ${s.invoice.number ? `invoice ${s.invoice.number}` : s.invoice.title}`;
  const invoiceLine = s.invoice.paidInFull ? T.paidInFull : T.balanceLeft(money(s.invoice.balance));

  switch (s.status) {
    case 'pending':
      return (
        <CardPage title={T.processing} subtitle={`${what} to ${s.business.name}`}>
          <Stack>
            {q.gaveUp ? (
              <>
                <Alert color="yellow" role="status">
                  {T.stillPending}
                </Alert>
                <Group>
                  <Button onClick={() => q.checkAgain()} loading={q.isFetching}>
                    Check again
                  </Button>
                </Group>
              </>
            ) : (
              <Group wrap="nowrap" role="status">
                <Loader size="sm" />
                <Text size="sm">{T.waiting}</Text>
              </Group>
            )}
          </Stack>
        </CardPage>
      );
    case 'succeeded':
      return (
        <Received s={s} what={what}>
          <Text size="sm">{invoiceLine}</Text>
        </Received>
      );
    case 'partially_refunded':
    case 'refunded':
      return (
        <Received s={s} what={what}>
          <Text size="sm">{s.status === 'refunded' ? T.refunded : T.partiallyRefunded}</Text>
        </Received>
      );
    case 'held':
      return (
        <CardPage title="Payment under review" subtitle={`${what} to ${s.business.name}`}>
          <Alert color="yellow" role="status">
            {T.held(s.business.name)}
          </Alert>
        </CardPage>
      );
    case 'dismissed':
      return (
        <CardPage title="Payment returned" subtitle={`${what} to ${s.business.name}`}>
          <Alert color="yellow" role="status">
            {T.dismissed(s.business.name)}
          </Alert>
        </CardPage>
      );
    case 'failed':
    case 'expired':
      return (
        <CardPage title="Payment not completed" subtitle={`${what} to ${s.business.name}`}>
          <Alert color="red" role="status">
            {s.status === 'failed' ? T.failed : T.expired}
          </Alert>
        </CardPage>
      );
  }
}

function Received({ s, what, children }: { s: PublicPaymentStatus; what: string; children: React.ReactNode }) {
  return (
    <CardPage title="Payment received" subtitle={`${s.business.name} · thank you`}>
      <Stack gap="xs" role="status">
        <Text>
          {s.business.name} received your payment of {what}.
        </Text>
        {children}
      </Stack>
    </CardPage>
  );
}
