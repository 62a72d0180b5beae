import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  handleError,
  useParams,
  Link,
  IconDownload,
} from '@atrium/ui';
import { communities, COMMUNITY_MESSAGES, type RsvpStatus } from '@atrium/domain-market';
import { useCommunityActions, useEvent } from '../features/communities/use-communities';
import { eventWhen, eventWhere, seatsText } from '../lib/event-when';
import { browserZone } from '../lib/zoned-time';
import { LoadFailed } from '../lib/load-failed';

/** /communities/{communityId}/events/{eventId}: details, RSVP (going or waitlist) and add to calendar (.ics). */
export default function EventPage() {
  const { communityId = '', eventId = '' } = useParams();
  const event = useEvent(communityId, eventId);
  const actions = useCommunityActions();
  const [busy, setBusy] = useState(false);

  if (event.isPending) return <Skeleton height={200} radius="md" />;
  if (event.isError) return <LoadFailed error={event.error} notFound={COMMUNITY_MESSAGES.eventNotFound} what="Event" />;
  const e = event.data;
  const when = eventWhen(e, browserZone());
  const full = e.capacity !== null && e.goingCount >= e.capacity && e.myRsvp !== 'going';
  const rsvp = async (status: RsvpStatus | null) => {
    setBusy(true);
    try {
      const after = await actions.rsvp(communityId, eventId, status);
      if (status)
        toast.success(after.myRsvp === 'waitlist' ? COMMUNITY_MESSAGES.waitlisted : COMMUNITY_MESSAGES.rsvpSaved);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={720}>
      <Anchor component={Link} to={`/communities/${encodeURIComponent(communityId)}?tab=events`} size="sm">
        ← {e.communityName}
      </Anchor>
      <Group gap="xs">
        <Title order={1} fz={26}>
          {e.title}
        </Title>
        {e.myRsvp && (
          <Badge color={e.myRsvp === 'going' ? 'teal' : 'yellow'} variant="light">
            {e.myRsvp === 'going' ? 'Going' : 'On the waitlist'}
          </Badge>
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text fw={500}>{when.own}</Text>
          {when.local && (
            <Text size="sm" c="dimmed">
              {when.local}
            </Text>
          )}
          <Text>
            {e.mode === 'online' && e.onlineUrl ? (
              <>
                Online:{' '}
                <Anchor href={e.onlineUrl} target="_blank" rel="noopener noreferrer">
                  {e.onlineUrl}
                </Anchor>
              </>
            ) : (
              eventWhere(e)
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {seatsText(e)}
          </Text>
        </Stack>
      </Paper>
      {e.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{e.description}</Text>}
      <Group>
        {e.myRsvp !== 'going' && !full && (
          <Button onClick={() => void rsvp('going')} loading={busy}>
            I’m going
          </Button>
        )}
        {full && e.myRsvp !== 'waitlist' && (
          <Button onClick={() => void rsvp('waitlist')} loading={busy}>
            Join the waitlist
          </Button>
        )}
        {e.myRsvp && (
          <Button variant="default" onClick={() => void rsvp(null)} loading={busy}>
            Cancel RSVP
          </Button>
        )}
        <Button
          component="a"
          variant="subtle"
          href={communities.icsUrl(communityId, eventId)}
          download
          leftSection={<IconDownload size={16} />}
        >
          Add to calendar (.ics)
        </Button>
      </Group>
    </Stack>
  );
}
