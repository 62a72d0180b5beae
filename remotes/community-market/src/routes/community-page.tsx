import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  handleError,
  useNavigate,
  useParams,
  useSearchParams,
  ConfirmDialog,
} from '@atrium/ui';
import { COMMUNITY_MESSAGES } from '@atrium/domain-market';
import { useCommunity, useCommunityActions } from '../features/communities/use-communities';
import { JoinButton } from '../features/communities/community-card';
import { CardImage } from '../lib/media-card';
import { CommunityFormModal } from '../features/communities/community-form-modal';
import { PostsTab } from '../features/communities/posts-tab';
import { MembersTab } from '../features/communities/members-tab';
import { EventsTab } from '../features/communities/events-tab';
import { LoadFailed } from '../lib/load-failed';

const TABS = ['about', 'posts', 'events', 'members'] as const;
type Tab = (typeof TABS)[number];

/** /communities/{communityId}: the about, and for those who may read them the posts, events and members. */
export default function CommunityPage() {
  const { communityId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const community = useCommunity(communityId);
  const actions = useCommunityActions();
  const [editing, setEditing] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (community.isPending) return <Skeleton height={240} radius="md" />;
  if (community.isError)
    return <LoadFailed error={community.error} notFound={COMMUNITY_MESSAGES.notFound} what="Community" />;
  const c = community.data;
  const member = c.myStatus === 'active';
  const canRead = c.visibility === 'public' || member;
  const canModerate = member && (c.myRole === 'owner' || c.myRole === 'moderator');
  const requested = params.get('tab') as Tab | null;
  const tab: Tab =
    requested && TABS.includes(requested) && (requested === 'about' || canRead)
      ? requested
      : canRead
        ? 'posts'
        : 'about';

  const leave = async () => {
    try {
      await actions.leave(c._id);
      toast.success(COMMUNITY_MESSAGES.left);
    } catch (e) {
      handleError(e);
    }
  };
  const remove = async () => {
    try {
      await actions.remove(c._id);
      toast.success(COMMUNITY_MESSAGES.deleted);
      navigate('/communities');
    } catch (e) {
      handleError(e);
    }
  };

  return (
    <Stack>
      <CardImage url={c.coverUrl} height={160} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} fz={26}>
              {c.name}
            </Title>
            <Badge variant="light" color={c.visibility === 'public' ? 'teal' : 'gray'}>
              {c.visibility === 'public' ? 'Public' : 'Approval only'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {c.memberCount === 1 ? '1 member' : `${c.memberCount} members`}
            {c.myRole && c.myStatus === 'active'
              ? ` · You are ${c.myRole === 'member' ? 'a member' : `the ${c.myRole}`}`
              : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <JoinButton community={c} />
          {canModerate && (
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {c.myRole === 'owner' && member && (
            <Button variant="subtle" color="red" size="xs" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {c.myStatus && c.myRole !== 'owner' && (
            <Button variant="subtle" color="gray" size="xs" onClick={() => setConfirmLeave(true)}>
              {c.myStatus === 'pending' ? 'Withdraw request' : 'Leave'}
            </Button>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => setParams(v ? { tab: v } : {})} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="about">About</Tabs.Tab>
          <Tabs.Tab value="posts" disabled={!canRead}>
            Posts
          </Tabs.Tab>
          <Tabs.Tab value="events" disabled={!canRead}>
            Events
          </Tabs.Tab>
          <Tabs.Tab value="members" disabled={!canRead}>
            Members
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about" pt="md">
          <Stack>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{c.description || 'No description yet.'}</Text>
            {!canRead && (
              <Text c="dimmed" size="sm">
                This community approves its members. Its posts, events and members are shown to members only.
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
        {canRead && (
          <>
            <Tabs.Panel value="posts" pt="md">
              <PostsTab community={c} canModerate={canModerate} />
            </Tabs.Panel>
            <Tabs.Panel value="events" pt="md">
              <EventsTab community={c} canModerate={canModerate} />
            </Tabs.Panel>
            <Tabs.Panel value="members" pt="md">
              <MembersTab community={c} canModerate={canModerate} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
      <CommunityFormModal opened={editing} onClose={() => setEditing(false)} community={c} />
      <ConfirmDialog
        opened={confirmLeave}
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => {
          setConfirmLeave(false);
          void leave();
        }}
        title={c.myStatus === 'pending' ? 'Withdraw request' : 'Leave community'}
        message={`${c.myStatus === 'pending' ? 'Withdraw your request to join' : 'Leave'} ${c.name}?`}
        confirmLabel={c.myStatus === 'pending' ? 'Withdraw' : 'Leave'}
      />
      <ConfirmDialog
        opened={confirmDelete}
        onCancel={() => setConfirmDelete(false)}
        danger
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
        title="Delete community"
        message={`Delete ${c.name} with all its posts and events? This cannot be undone.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
}
