import { toast } from '@atrium/event-bus';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Link,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import { MARKET_MESSAGES, type Listing, type ListingInput } from '@atrium/domain-market';
import { useCommunityList } from '../features/communities/use-communities';
import { DeleteListingButton } from '../features/marketplace/delete-listing';
import { ListingForm, type ImageChanges } from '../features/marketplace/listing-form';
import { useListing, useMarketActions } from '../features/marketplace/use-marketplace';
import { LoadFailed } from '../lib/load-failed';

/**
 * /marketplace/create and /marketplace/listing/{listingId}/edit: one form. After the listing is saved its new
 * images are uploaded one by one and the removed ones deleted; an image the server refuses is said in a toast
 * and the listing stays saved.
 */
export default function ListingFormPage() {
  const { listingId } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(listingId);
  const listing = useListing(listingId ?? '', editing);
  const mine = useCommunityList({ scope: 'mine', limit: 100 });
  const actions = useMarketActions();
  const communities = (mine.data?.data ?? [])
    .filter((c) => c.myStatus === 'active')
    .map((c) => ({ value: c._id, label: c.name }));

  const save = async (input: ListingInput, images: ImageChanges) => {
    let saved: Listing;
    if (listingId) {
      const { communityId: _fixed, ...update } = input;
      saved = await actions.update(listingId, update);
    } else saved = await actions.create(input);
    for (const imageId of images.removed)
      await actions.removeImage(saved._id, imageId).catch((e: unknown) => handleError(e));
    for (const file of images.added) await actions.uploadImage(saved._id, file).catch((e: unknown) => handleError(e));
    toast.success(editing ? MARKET_MESSAGES.listingUpdated : MARKET_MESSAGES.listingCreated);
    navigate(`/marketplace/listing/${encodeURIComponent(saved._id)}`);
  };

  const title = editing ? 'Edit listing' : 'New listing';
  if ((editing && listing.isPending) || mine.isPending)
    return (
      <Stack maw={720}>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  if (editing && listing.isError)
    return <LoadFailed error={listing.error} notFound={MARKET_MESSAGES.listingNotFound} what="Listing" />;
  if (editing && listing.data && !listing.data.mine) return <Alert color="red" title={MARKET_MESSAGES.sellerOnly} />;

  return (
    <Stack maw={720}>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {editing && listing.data && <DeleteListingButton listing={listing.data} />}
      </Group>
      {!editing && communities.length === 0 ? (
        <Alert color="gray" title="Join a community first">
          <Text size="sm">
            A listing is offered in a community you belong to.{' '}
            <Anchor component={Link} to="/communities">
              Find a community
            </Anchor>
          </Text>
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <ListingForm
            listing={editing ? listing.data : undefined}
            communities={
              editing && listing.data
                ? [{ value: listing.data.communityId, label: listing.data.communityName }]
                : communities
            }
            submitLabel={editing ? 'Save listing' : 'Publish listing'}
            onSubmit={save}
            onCancel={() => navigate(-1)}
          />
        </Paper>
      )}
    </Stack>
  );
}
