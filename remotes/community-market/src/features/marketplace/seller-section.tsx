import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@atrium/ui';
import { ListingCard } from './listing-card';
import { ReviewItem } from './review-list';
import { useListingSearch, useUserReviews } from './use-marketplace';

/** On /user/{userId}: the person's active listings (of the communities the caller may see) and their reviews. */
export function SellerSection({ userId }: { userId: string }) {
  const listings = useListingSearch({ sellerId: userId, sort: 'newest', page: 1, limit: 6 });
  const reviews = useUserReviews(userId);
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Listings">
        <Title order={2} fz="md" mb="xs">
          Listings
        </Title>
        {listings.isPending ? (
          <Skeleton height={120} />
        ) : listings.isError || listings.data.data.length === 0 ? (
          <Text c="dimmed">No listings to show.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {listings.data.data.map((l) => (
              <ListingCard key={l._id} listing={l} />
            ))}
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Reviews">
        <Title order={2} fz="md" mb="xs">
          Reviews
        </Title>
        {reviews.isPending ? (
          <Skeleton height={80} />
        ) : reviews.isError || reviews.data.data.length === 0 ? (
          <Text c="dimmed">No reviews yet.</Text>
        ) : (
          <Stack gap="xs">
            {reviews.data.data.map((r) => (
              <ReviewItem key={r._id} review={r} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
