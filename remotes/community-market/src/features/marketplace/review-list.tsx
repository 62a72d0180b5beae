import { useState } from 'react';
import { getSession } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Anchor,
  Badge,
  Button,
  DraggableModal,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  formatDay,
  handleError,
  Link,
} from '@atrium/ui';
import { MARKET_MESSAGES, type Review } from '@atrium/domain-market';
import { Stars } from './stars';
import { itemsOf, useListingReviews, useMarketActions } from './use-marketplace';

/** One review: stars, author (their profile's link), date, text and the seller's answer. */
export function ReviewItem({ review, children }: { review: Review; children?: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Review by ${review.authorName}`} component="article">
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="xs">
            <Stars value={review.rating} />
            {review.authorId ? (
              <Anchor component={Link} to={`/user/${encodeURIComponent(review.authorId)}`} size="sm" fw={500}>
                {review.authorName}
              </Anchor>
            ) : (
              <Text size="sm" fw={500}>
                {review.authorName}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDay(review.createdAt)}
            </Text>
          </Group>
          {review.status === 'hidden' && (
            <Badge color="gray" variant="light">
              Hidden
            </Badge>
          )}
        </Group>
        {review.text && <Text style={{ whiteSpace: 'pre-wrap' }}>{review.text}</Text>}
        {review.answer && (
          <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
            <Text size="xs" fw={600}>
              Seller’s answer
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.answer}
            </Text>
          </Paper>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** "Load more" under a list read a page at a time, while the server says there is a next page. */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="default"
      size="xs"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
      style={{ alignSelf: 'center' }}
    >
      Load more
    </Button>
  );
}

/** The visible reviews of a listing (a page at a time); the seller may answer each once, anyone but its author may report one once. */
export function ListingReviews({ listingId, isSeller }: { listingId: string; isSeller: boolean }) {
  const list = useListingReviews(listingId);
  const actions = useMarketActions();
  const [answering, setAnswering] = useState<Review | null>(null);
  const [reporting, setReporting] = useState<Review | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const me = getSession().user?.id;

  if (list.isPending) return <Skeleton height={80} />;
  if (list.isError) return <Text c="red">{list.error.message}</Text>;
  const items = itemsOf(list.data.pages);
  const close = () => {
    setAnswering(null);
    setReporting(null);
    setText('');
  };
  const send = async () => {
    setBusy(true);
    try {
      if (answering) {
        await actions.answer(answering._id, text);
        toast.success(MARKET_MESSAGES.answerSaved);
      } else if (reporting) {
        await actions.report(reporting._id, text);
        toast.success(MARKET_MESSAGES.reported);
      }
      close();
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      {items.length === 0 ? (
        <Text c="dimmed">No reviews yet.</Text>
      ) : (
        items.map((r) => (
          <ReviewItem key={r._id} review={r}>
            <Group gap="xs">
              {isSeller && !r.answer && (
                <Button size="compact-sm" variant="light" onClick={() => setAnswering(r)}>
                  Answer
                </Button>
              )}
              {!isSeller && !r.reportedByMe && r.authorId !== me && (
                <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setReporting(r)}>
                  Report
                </Button>
              )}
            </Group>
          </ReviewItem>
        ))
      )}
      <LoadMore list={list} />
      <DraggableModal
        modalId={answering ? 'review-answer' : 'review-report'}
        opened={Boolean(answering || reporting)}
        onClose={close}
        title={answering ? 'Answer this review' : 'Report this review'}
      >
        <Stack>
          <Textarea
            label={answering ? 'Your answer' : 'What is wrong with it?'}
            autosize
            minRows={3}
            data-autofocus
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {reporting && (
            <Text size="xs" c="dimmed">
              The community’s moderators read reports and may hide the review.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={busy} disabled={!text.trim()}>
              {answering ? 'Post answer' : 'Report'}
            </Button>
          </Group>
        </Stack>
      </DraggableModal>
    </Stack>
  );
}
