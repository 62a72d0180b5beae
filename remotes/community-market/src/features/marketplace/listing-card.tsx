import { Anchor, Badge, Card, Group, Stack, Text, Title, Link } from '@atrium/ui';
import { formatPrice, type ListingSummary } from '@atrium/domain-market';
import { RatingSummary } from './stars';

/** The first image, or a plain band in the theme colour. */
export function ListingThumb({ listing, height }: { listing: ListingSummary; height: number }) {
  return listing.imageUrl ? (
    <img
      src={listing.imageUrl}
      alt=""
      style={{ width: '100%', height, objectFit: 'cover', display: 'block', borderRadius: 8 }}
    />
  ) : (
    <div
      aria-hidden
      style={{ width: '100%', height, borderRadius: 8, background: 'var(--mantine-primary-color-light)' }}
    />
  );
}

export function DeliveryBadge({ delivery }: { delivery: ListingSummary['delivery'] }) {
  return (
    <Badge variant="light" color={delivery === 'service' ? 'indigo' : 'orange'}>
      {delivery === 'service' ? 'Service' : 'Product'}
    </Badge>
  );
}

/** A listing in a grid: image, title (its page's link), price, delivery, seller and rating. */
export function ListingCard({ listing }: { listing: ListingSummary }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <ListingThumb listing={listing} height={120} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" lineClamp={2}>
            <Anchor
              component={Link}
              to={`/marketplace/listing/${encodeURIComponent(listing._id)}`}
              c="inherit"
              underline="hover"
            >
              {listing.title}
            </Anchor>
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(listing.price, listing.currency)}
          </Text>
        </Group>
        <Group gap="xs">
          <DeliveryBadge delivery={listing.delivery} />
          {listing.status !== 'active' && (
            <Badge variant="light" color="gray">
              {listing.status === 'paused' ? 'Paused' : 'Archived'}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {listing.sellerName}
        </Text>
        <RatingSummary average={listing.rating.average} count={listing.rating.count} />
      </Stack>
    </Card>
  );
}
