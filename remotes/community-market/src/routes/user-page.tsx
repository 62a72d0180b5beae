import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  handleError,
  useParams,
  Link,
} from '@atrium/ui';
import { PEOPLE_MESSAGES, type Profile } from '@atrium/domain-market';
import { usePeopleActions, usePeopleList, useProfile } from '../features/people/use-people';
import { SellerSection } from '../features/marketplace/seller-section';
import { LoadFailed } from '../lib/load-failed';

type Kind = 'friends' | 'followers' | 'following';

function PeopleList({ userId, kind }: { userId: string; kind: Kind }) {
  const list = usePeopleList(userId, kind);
  if (list.isPending) return <Skeleton height={40} />;
  // 403 (one of the two blocked the other) is passed quietly by the client: shown as unavailable, not reported.
  if (list.isError) return <Text c="dimmed">{PEOPLE_MESSAGES.blocked}</Text>;
  if (list.data.length === 0) return <Text c="dimmed">Nobody yet.</Text>;
  return (
    <Stack gap={4}>
      {list.data.map((p) => (
        <Anchor key={p._id} component={Link} to={`/user/${encodeURIComponent(p._id)}`}>
          {p.name}
        </Anchor>
      ))}
    </Stack>
  );
}

function RelationButtons({ profile }: { profile: Profile }) {
  const a = usePeopleActions(profile._id);
  const [busy, setBusy] = useState(false);
  const r = profile.relation;
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast.success(done);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };
  if (r.blocked)
    return (
      <Button variant="default" loading={busy} onClick={() => void run(a.unblock, PEOPLE_MESSAGES.unblocked)}>
        Unblock
      </Button>
    );
  return (
    <Group gap="xs">
      {r.following ? (
        <Button variant="default" loading={busy} onClick={() => void run(a.unfollow, PEOPLE_MESSAGES.unfollowed)}>
          Unfollow
        </Button>
      ) : (
        <Button loading={busy} onClick={() => void run(a.follow, PEOPLE_MESSAGES.followed)}>
          Follow
        </Button>
      )}
      {r.friend === 'none' && (
        <Button variant="light" loading={busy} onClick={() => void run(a.friendRequest, PEOPLE_MESSAGES.requestSent)}>
          Add friend
        </Button>
      )}
      {r.friend === 'incoming' && (
        <>
          <Button variant="light" loading={busy} onClick={() => void run(a.friendRequest, PEOPLE_MESSAGES.friendsNow)}>
            Accept friend request
          </Button>
          <Button variant="subtle" loading={busy} onClick={() => void run(a.unfriend, PEOPLE_MESSAGES.friendRemoved)}>
            Decline
          </Button>
        </>
      )}
      {r.friend === 'requested' && (
        <Button variant="default" loading={busy} onClick={() => void run(a.unfriend, PEOPLE_MESSAGES.friendRemoved)}>
          Cancel friend request
        </Button>
      )}
      {r.friend === 'friends' && (
        <Button variant="default" loading={busy} onClick={() => void run(a.unfriend, PEOPLE_MESSAGES.friendRemoved)}>
          Unfriend
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        loading={busy}
        onClick={() => void run(a.block, PEOPLE_MESSAGES.blockedDone)}
      >
        Block
      </Button>
    </Group>
  );
}

/**
 * /user/{userId}: a person's public profile — counts, communities, friends and followers, their listings and reviews;
 * follow, friend, block.
 */
export default function UserPage() {
  const { userId = '' } = useParams();
  const profile = useProfile(userId);
  const [tab, setTab] = useState<Kind>('friends');

  if (profile.isPending) return <Skeleton height={200} radius="md" />;
  if (profile.isError)
    return <LoadFailed error={profile.error} notFound={PEOPLE_MESSAGES.userNotFound} what="Profile" />;
  const p = profile.data;
  return (
    <Stack maw={860}>
      <Group justify="space-between" align="flex-start">
        <Group>
          <Avatar src={p.pictureUrl ?? undefined} alt="" size={72} radius="xl" color="teal">
            {p.name.slice(0, 1)}
          </Avatar>
          <Stack gap={2}>
            <Title order={1} fz={26}>
              {p.name}
            </Title>
            {p.industry && <Text>{p.industry}</Text>}
            <Text size="sm" c="dimmed">
              {[
                p.place,
                `Member since ${new Date(p.memberSince).toLocaleDateString(undefined, { year: 'numeric', month: 'long' })}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Text size="sm" c="dimmed">
              {p.followerCount} followers · {p.followingCount} following · {p.friendCount} friends
            </Text>
            {p.relation.followedBy && !p.self && (
              <Badge variant="light" size="sm">
                Follows you
              </Badge>
            )}
          </Stack>
        </Group>
        {!p.self && <RelationButtons profile={p} />}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            Communities
          </Title>
          {p.communities.length === 0 ? (
            <Text c="dimmed">No communities to show.</Text>
          ) : (
            <Stack gap={4}>
              {p.communities.map((c) => (
                <Anchor key={c._id} component={Link} to={`/communities/${encodeURIComponent(c._id)}`}>
                  {c.name}
                </Anchor>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Tabs value={tab} onChange={(v) => setTab((v as Kind) ?? 'friends')} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="friends">Friends</Tabs.Tab>
              <Tabs.Tab value="followers">Followers</Tabs.Tab>
              <Tabs.Tab value="following">Following</Tabs.Tab>
            </Tabs.List>
            {(['friends', 'followers', 'following'] as const).map((k) => (
              <Tabs.Panel key={k} value={k} pt="sm">
                <PeopleList userId={p._id} kind={k} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
      </SimpleGrid>
      <SellerSection userId={p._id} />
    </Stack>
  );
}
