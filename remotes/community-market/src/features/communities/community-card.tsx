import { Badge, Button, Group, Text, handleError } from '@atrium/ui';
import { COMMUNITY_MESSAGES, type Community } from '@atrium/domain-market';
import { toast } from '@atrium/event-bus';
import { useState } from 'react';
import { MediaCard } from '../../lib/media-card';
import { useCommunityActions } from './use-communities';

export function JoinButton({ community }: { community: Community }) {
  const actions = useCommunityActions();
  const [busy, setBusy] = useState(false);
  if (community.myStatus === 'active') return null;
  if (community.myStatus === 'pending')
    return (
      <Badge color="yellow" variant="light">
        Request sent
      </Badge>
    );
  const join = async () => {
    setBusy(true);
    try {
      const after = await actions.join(community._id);
      toast.success(after.myStatus === 'pending' ? COMMUNITY_MESSAGES.requested : COMMUNITY_MESSAGES.joined);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" onClick={join} loading={busy}>
      {community.visibility === 'public' ? 'Join' : 'Ask to join'}
    </Button>
  );
}

/** A community in a grid: cover, name (its page's link), approval-only badge, description, members, Join. */
export function CommunityCard({ community }: { community: Community }) {
  return (
    <MediaCard
      imageUrl={community.coverUrl}
      imageHeight={96}
      title={community.name}
      to={`/communities/${encodeURIComponent(community._id)}`}
      aside={
        community.visibility === 'private' && (
          <Badge variant="light" color="gray">
            Approval only
          </Badge>
        )
      }
    >
      <Text size="sm" c="dimmed" lineClamp={2}>
        {community.description || 'No description yet.'}
      </Text>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {community.memberCount === 1 ? '1 member' : `${community.memberCount} members`}
        </Text>
        <JoinButton community={community} />
      </Group>
    </MediaCard>
  );
}
