import { Badge, Group, Text } from '@atrium/ui';
import { formatPrice, type ListingSummary } from '@atrium/domain-market';
import { MediaCard } from '../../lib/media-card';
import { RatingSummary } from './stars';

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
    <MediaCard
      imageUrl={listing.imageUrl}
      imageHeight={120}
      title={listing.title}
      to={`/marketplace/listing/${encodeURIComponent(listing._id)}`}
      titleLines={2}
      aside={
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatPrice(listing.price, listing.currency)}
        </Text>
      }
    >
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
    </MediaCard>
  );
}
