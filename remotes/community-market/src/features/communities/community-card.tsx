import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, Link, handleError } from '@atrium/ui';
import { COMMUNITY_MESSAGES, type Community } from '@atrium/domain-market';
import { toast } from '@atrium/event-bus';
import { useState } from 'react';
import { useCommunityActions } from './use-communities';

/** The cover, or a plain band in the theme colour when there is none. */
export function Cover({ community, height }: { community: Community; height: number }) {
  return community.coverUrl ? (
    <img
      src={community.coverUrl}
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

export function CommunityCard({ community }: { community: Community }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <Cover community={community} height={96} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md" lineClamp={1}>
            <Anchor
              component={Link}
              to={`/communities/${encodeURIComponent(community._id)}`}
              c="inherit"
              underline="hover"
            >
              {community.name}
            </Anchor>
          </Title>
          {community.visibility === 'private' && (
            <Badge variant="light" color="gray">
              Approval only
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {community.description || 'No description yet.'}
        </Text>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {community.memberCount === 1 ? '1 member' : `${community.memberCount} members`}
          </Text>
          <JoinButton community={community} />
        </Group>
      </Stack>
    </Card>
  );
}
