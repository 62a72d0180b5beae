import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  Link,
  handleError,
  useParams,
  useSearchParams,
} from '@atrium/ui';
import { MARKET_MESSAGES, formatPrice, type Listing } from '@atrium/domain-market';
import { useListing, useMarketActions } from '../features/marketplace/use-marketplace';
import { DeleteListingButton } from '../features/marketplace/delete-listing';
import { DeliveryBadge } from '../features/marketplace/listing-card';
import { categoryLabel } from '../features/marketplace/listing-text';
import { RatingSummary } from '../features/marketplace/stars';
import { ListingReviews } from '../features/marketplace/review-list';
import { browser } from '../lib/browser';
import { LoadFailed } from '../lib/load-failed';

function Gallery({ listing }: { listing: Listing }) {
  const [shown, setShown] = useState(0);
  const images = listing.images;
  if (images.length === 0)
    return (
      <div
        aria-hidden
        style={{
          width: '100%',
          aspectRatio: '4 / 3',
          borderRadius: 8,
          background: 'var(--mantine-primary-color-light)',
        }}
      />
    );
  const current = images[Math.min(shown, images.length - 1)]!;
  return (
    <Stack gap="xs">
      <img
        src={current.url}
        alt={`${listing.title}, image ${shown + 1} of ${images.length}`}
        style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8, display: 'block' }}
      />
      {images.length > 1 && (
        <Group gap={6}>
          {images.map((img, i) => (
            <UnstyledButton
              key={img._id}
              aria-label={`Show image ${i + 1}`}
              aria-pressed={i === shown}
              onClick={() => setShown(i)}
              style={{
                borderRadius: 6,
                outline: i === shown ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <img
                src={img.url}
                alt=""
                style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 6, display: 'block' }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** Buy (Stripe Checkout), or why one cannot: not set up, one's own listing, not for sale. */
function BuyBox({ listing }: { listing: Listing }) {
  const actions = useMarketActions();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const buy = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const { url } = await actions.checkout(listing._id);
      browser.go(url);
    } catch (e) {
      setBusy(false);
      // Not set up, not for sale, one's own: said beside the button; anything else is a toast.
      if (isApiError(e) && (e.status === 503 || e.status === 409 || e.status === 403)) setRefusal(e.message);
      else handleError(e);
    }
  };
  const unavailable = listing.checkout.available ? refusal : listing.checkout.message;
  return (
    <Stack gap="xs">
      <Text fz={28} fw={700}>
        {formatPrice(listing.price, listing.currency)}
      </Text>
      {listing.mine ? (
        <>
          <Button
            component={Link}
            to={`/marketplace/listing/${encodeURIComponent(listing._id)}/edit`}
            variant="default"
          >
            Edit listing
          </Button>
          <DeleteListingButton listing={listing} />
        </>
      ) : (
        <Button size="md" onClick={() => void buy()} loading={busy} disabled={!listing.checkout.available}>
          Buy now
        </Button>
      )}
      {!listing.mine && unavailable && (
        <Text size="sm" c="dimmed" role="status">
          {unavailable}
        </Text>
      )}
      {!listing.mine && listing.checkout.available && !unavailable && (
        <Text size="xs" c="dimmed">
          You will pay on Stripe’s secure checkout page.
        </Text>
      )}
    </Stack>
  );
}

/** /marketplace/listing/{listingId}: gallery, price, seller, Buy (Stripe Checkout) or the seller's Edit and Delete, reviews. */
export default function ListingPage() {
  const { listingId = '' } = useParams();
  const [params] = useSearchParams();
  const listing = useListing(listingId);

  if (listing.isPending) return <Skeleton height={320} radius="md" />;
  if (listing.isError)
    return <LoadFailed error={listing.error} notFound={MARKET_MESSAGES.listingNotFound} what="Listing" />;
  const l = listing.data;
  return (
    <Stack maw={1000}>
      {params.get('checkout') === 'canceled' && (
        <Alert color="yellow" title="Payment not completed">
          The card payment was not completed and nothing was charged. You can try again.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Gallery listing={l} />
        <Stack gap="sm">
          <Group gap="xs">
            <DeliveryBadge delivery={l.delivery} />
            <Badge variant="outline" color="gray">
              {categoryLabel(l.category)}
            </Badge>
            {l.status !== 'active' && (
              <Badge variant="light" color="gray">
                {l.status === 'paused' ? 'Paused' : 'Archived'}
              </Badge>
            )}
          </Group>
          <Title order={1} fz={26}>
            {l.title}
          </Title>
          <Text size="sm">
            Sold by{' '}
            <Anchor component={Link} to={`/user/${encodeURIComponent(l.sellerId ?? '')}`}>
              {l.sellerName}
            </Anchor>
            {' in '}
            <Anchor component={Link} to={`/communities/${encodeURIComponent(l.communityId)}`}>
              {l.communityName}
            </Anchor>
          </Text>
          <RatingSummary average={l.rating.average} count={l.rating.count} />
          <Paper withBorder p="md" radius="md">
            <BuyBox listing={l} />
          </Paper>
        </Stack>
      </SimpleGrid>
      <Title order={2} fz="lg">
        About this {l.delivery === 'service' ? 'service' : 'product'}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{l.description || 'No description.'}</Text>
      <Title order={2} fz="lg">
        Reviews
      </Title>
      <ListingReviews listingId={l._id} isSeller={l.mine} />
    </Stack>
  );
}
