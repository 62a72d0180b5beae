import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Link,
  formatDay,
  formatInstant,
  handleError,
  useParams,
  useSearchParams,
} from '@atrium/ui';
import { MARKET_MESSAGES, formatPrice, reviewInputSchema, type Transaction } from '@atrium/domain-market';
import { useMarketActions, useTransaction } from '../features/marketplace/use-marketplace';
import { StarInput } from '../features/marketplace/stars';
import { TransactionStatusBadge } from '../features/marketplace/transaction-status';
import { LoadFailed } from '../lib/load-failed';

function Receipt({ tx }: { tx: Transaction }) {
  const r = tx.receipt;
  if (!r) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Receipt">
      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={2} fz="md">
            Receipt {r.number}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <Text size="sm">Issued {formatDay(r.issuedAt)}</Text>
        <Text size="sm">
          Sold by {r.sellerName}
          {r.sellerBusinessName ? ` (${r.sellerBusinessName})` : ''} to {r.buyerName}
        </Text>
        <Group justify="space-between" mt="xs">
          <Text size="sm">{r.description}</Text>
          <Text size="sm" fw={600}>
            {formatPrice(r.amount, r.currency)}
          </Text>
        </Group>
        {r.amountRefunded > 0 && (
          <Group justify="space-between">
            <Text size="sm">Refunded</Text>
            <Text size="sm">{`−${formatPrice(r.amountRefunded, r.currency)}`}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ReviewForm({ tx }: { tx: Transaction }) {
  const actions = useMarketActions();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, text });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'rating' | 'text'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await actions.review(tx._id, parsed.data);
      toast.success(MARKET_MESSAGES.reviewCreated);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Leave a review">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} fz="md">
            Leave a review
          </Title>
          <StarInput value={rating} onChange={setRating} error={errors.rating} />
          <Textarea
            label="Your review"
            autosize
            minRows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.text}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Post review
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * /dashboard/transaction/{transactionId}: a purchase or sale — status, amounts, the receipt once paid, and for the
 * buyer of a paid purchase the review form (once). Back from Checkout (`?checkout=success`) it asks again every
 * 2 s while the payment is pending: only Stripe's verified webhook marks it paid.
 */
export default function TransactionPage() {
  const { transactionId = '' } = useParams();
  const [params] = useSearchParams();
  const fromCheckout = params.get('checkout') === 'success';
  const tx = useTransaction(transactionId, fromCheckout);

  if (tx.isPending) return <Skeleton height={240} radius="md" />;
  if (tx.isError)
    return <LoadFailed error={tx.error} notFound={MARKET_MESSAGES.transactionNotFound} what="Transaction" />;
  const t = tx.data;
  const buyer = t.role === 'buyer';
  return (
    <Stack maw={760}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {buyer ? 'Purchase' : 'Sale'}
          </Text>
          <Title order={1} fz={26}>
            {t.listingTitle}
          </Title>
        </Stack>
        <TransactionStatusBadge status={t.status} />
      </Group>
      {fromCheckout && t.status === 'pending' && (
        <Alert color="blue" title="Processing your payment…" icon={<Loader size="xs" />}>
          Stripe is confirming the payment. This page updates by itself.
        </Alert>
      )}
      {fromCheckout && t.status === 'paid' && buyer && (
        <Alert color="teal" title="Payment received">
          {t.sellerName} received your payment of {formatPrice(t.amount, t.currency)}.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <b>Amount:</b> {formatPrice(t.amount, t.currency)}
          </Text>
          <Text size="sm">
            <b>{buyer ? 'Seller' : 'Buyer'}:</b>{' '}
            {(buyer ? t.sellerId : t.buyerId) ? (
              <Anchor component={Link} to={`/user/${encodeURIComponent((buyer ? t.sellerId : t.buyerId)!)}`}>
                {buyer ? t.sellerName : t.buyerName}
              </Anchor>
            ) : buyer ? (
              t.sellerName
            ) : (
              t.buyerName
            )}
          </Text>
          <Text size="sm">
            <b>Ordered:</b> {formatInstant(t.createdAt)}
          </Text>
          {t.paidAt && (
            <Text size="sm">
              <b>Paid:</b> {formatInstant(t.paidAt)}
            </Text>
          )}
          {t.refundedAt && (
            <Text size="sm">
              <b>Refunded:</b> {formatInstant(t.refundedAt)}
              {t.amountRefunded > 0 && t.amountRefunded < t.amount
                ? ` (${formatPrice(t.amountRefunded, t.currency)})`
                : ''}
            </Text>
          )}
          {t.disputedAt && (
            <Text size="sm">
              <b>Disputed:</b> {formatInstant(t.disputedAt)}
            </Text>
          )}
          <Text size="sm">
            <b>Delivery:</b> {t.delivery === 'service' ? 'Service' : 'Product'}
          </Text>
          {t.listingId && (
            <Text size="sm">
              <Anchor component={Link} to={`/marketplace/listing/${encodeURIComponent(t.listingId)}`}>
                View the listing
              </Anchor>
            </Text>
          )}
        </SimpleGrid>
      </Paper>
      {t.status === 'expired' && <Text c="dimmed">The payment was not completed and nothing was charged.</Text>}
      <Receipt tx={t} />
      {t.canReview && <ReviewForm tx={t} />}
      {buyer && t.reviewId && (
        <Text c="dimmed" size="sm">
          You reviewed this purchase. Thank you!
        </Text>
      )}
    </Stack>
  );
}
