import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Tabs, Text, Title, Link, handleError } from '@atrium/ui';
import { MARKET_MESSAGES, type ModerationReview } from '@atrium/domain-market';
import { LoadMore, ReviewItem } from '../features/marketplace/review-list';
import { itemsOf, useMarketActions, useModerationQueue } from '../features/marketplace/use-marketplace';

type Queue = 'reported' | 'hidden';

function ModerationItem({ review }: { review: ModerationReview }) {
  const actions = useMarketActions();
  const [busy, setBusy] = useState(false);
  const hidden = review.status === 'hidden';
  const act = async () => {
    setBusy(true);
    try {
      if (hidden) await actions.restore(review._id);
      else await actions.hide(review._id);
      toast.success(hidden ? MARKET_MESSAGES.restored : MARKET_MESSAGES.hidden);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ReviewItem review={review}>
      <Text size="xs" c="dimmed">
        On{' '}
        {review.listingId ? (
          <Anchor component={Link} to={`/marketplace/listing/${encodeURIComponent(review.listingId)}`} size="xs">
            {review.listingTitle}
          </Anchor>
        ) : (
          review.listingTitle
        )}
        {` in ${review.communityName}`} · {review.reportCount === 1 ? '1 report' : `${review.reportCount} reports`}
      </Text>
      {review.reports.length > 0 && (
        <Stack gap={2}>
          {review.reports.map((r, i) => (
            <Text key={i} size="sm">
              {r.reporterName}: “{r.reason}”
            </Text>
          ))}
        </Stack>
      )}
      {review.canModerate ? (
        <Group>
          <Button
            size="compact-sm"
            variant={hidden ? 'light' : 'filled'}
            color={hidden ? 'teal' : 'red'}
            loading={busy}
            onClick={() => void act()}
          >
            {hidden ? 'Restore review' : 'Hide review'}
          </Button>
        </Group>
      ) : (
        // The server would answer 403 (a review of one's own listing, or one's own review): said, not offered.
        <Text size="xs" c="dimmed">
          {MARKET_MESSAGES.notOwnReviews}. Another moderator of the community can.
        </Text>
      )}
    </ReviewItem>
  );
}

/**
 * Review moderation (/marketplace/reviews): for the owners and moderators of the communities listings are in —
 * reported reviews (visible, most reported first) to hide, and hidden ones to restore, a page at a time. A review
 * the caller may not judge (their own listing's, or their own) shows why instead of the buttons.
 */
export default function ReviewModerationPage() {
  const [queue, setQueue] = useState<Queue>('reported');
  const list = useModerationQueue({ status: queue });
  return (
    <Stack maw={860}>
      <Title order={1} fz={26}>
        Review moderation
      </Title>
      <Tabs value={queue} onChange={(v) => setQueue((v as Queue) ?? 'reported')}>
        <Tabs.List>
          <Tabs.Tab value="reported">Reported</Tabs.Tab>
          <Tabs.Tab value="hidden">Hidden</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.isError ? (
        isApiError(list.error) && list.error.status === 403 ? (
          <Alert color="gray" title={MARKET_MESSAGES.moderatorsOnly} />
        ) : (
          <Alert color="red" title="Reviews could not be loaded">
            {list.error.message}
          </Alert>
        )
      ) : list.data.pages[0]!.data.length === 0 ? (
        <Text c="dimmed">{queue === 'reported' ? 'No reported reviews.' : 'No hidden reviews.'}</Text>
      ) : (
        <>
          {itemsOf(list.data.pages).map((r) => (
            <ModerationItem key={r._id} review={r} />
          ))}
          <LoadMore list={list} />
        </>
      )}
    </Stack>
  );
}
