import { useState } from 'react';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { useSnapshot } from 'valtio';
import { Anchor, Button, Group, Pagination, Paper, Stack, Text, Textarea, handleError, Link } from '@atrium/ui';
import {
  COMMUNITY_MESSAGES,
  REACTION_KINDS,
  type Community,
  type Post,
  type ReactionKind,
} from '@atrium/domain-market';
import { useCommunityActions, useComments, usePosts } from './use-communities';

const REACTION_LABELS: Record<ReactionKind, string> = {
  like: 'Like',
  celebrate: 'Celebrate',
  insightful: 'Insightful',
};
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Comments({ community, post, canModerate }: { community: Community; post: Post; canModerate: boolean }) {
  const me = useSnapshot(sessionView).user?.id;
  const comments = useComments(community._id, post._id, true);
  const actions = useCommunityActions();
  const [text, setText] = useState('');
  const member = community.myStatus === 'active';
  const send = async () => {
    if (!text.trim()) return;
    try {
      await actions.comment(community._id, post._id, text);
      setText('');
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <Stack gap="xs" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
      {comments.data?.map((c) => (
        <Group key={c._id} justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm">
            <Anchor component={Link} to={`/user/${encodeURIComponent(c.authorId ?? '')}`} fw={600} size="sm">
              {c.authorName}
            </Anchor>{' '}
            {c.body}
          </Text>
          {(canModerate || c.authorId === me) && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() =>
                actions
                  .removeComment(community._id, post._id, c._id)
                  .then(() => toast.success(COMMUNITY_MESSAGES.commentRemoved), handleError)
              }
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
      {member && (
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            aria-label="Write a comment"
            placeholder="Write a comment"
            autosize
            minRows={1}
            style={{ flex: 1 }}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button size="xs" onClick={send} disabled={!text.trim()}>
            Comment
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PostCard({ community, post, canModerate }: { community: Community; post: Post; canModerate: boolean }) {
  const me = useSnapshot(sessionView).user?.id;
  const actions = useCommunityActions();
  const [open, setOpen] = useState(false);
  const member = community.myStatus === 'active';
  const react = (kind: ReactionKind) =>
    actions.react(community._id, post._id, post.myReaction === kind ? null : kind).catch(handleError);
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Post by ${post.authorName}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">
            <Anchor component={Link} to={`/user/${encodeURIComponent(post.authorId ?? '')}`} fw={600} size="sm">
              {post.authorName}
            </Anchor>{' '}
            <Text span c="dimmed" size="xs">
              {when(post.createdAt)}
            </Text>
          </Text>
          {(canModerate || post.authorId === me) && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() =>
                actions
                  .removePost(community._id, post._id)
                  .then(() => toast.success(COMMUNITY_MESSAGES.postRemoved), handleError)
              }
            >
              Remove post
            </Button>
          )}
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{post.body}</Text>
        <Group gap="xs">
          {REACTION_KINDS.map((kind) => (
            <Button
              key={kind}
              size="compact-xs"
              variant={post.myReaction === kind ? 'light' : 'subtle'}
              disabled={!member}
              onClick={() => void react(kind)}
              aria-pressed={post.myReaction === kind}
            >
              {REACTION_LABELS[kind]} {post.reactions[kind] ?? 0}
            </Button>
          ))}
          <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)}>
            {post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`}
          </Button>
        </Group>
        {open && <Comments community={community} post={post} canModerate={canModerate} />}
      </Stack>
    </Paper>
  );
}

export function PostsTab({ community, canModerate }: { community: Community; canModerate: boolean }) {
  const [page, setPage] = useState(1);
  const posts = usePosts(community._id, page, true);
  const actions = useCommunityActions();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const member = community.myStatus === 'active';
  const publish = async () => {
    setBusy(true);
    try {
      await actions.createPost(community._id, text);
      setText('');
      setPage(1);
      toast.success(COMMUNITY_MESSAGES.postCreated);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      {member ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Textarea
              aria-label="Write a post"
              placeholder="Share something with the community"
              autosize
              minRows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button onClick={publish} loading={busy} disabled={!text.trim()}>
                Post
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Text c="dimmed" size="sm">
          Join the community to post, comment and react.
        </Text>
      )}
      {posts.isError && <Text c="red">{posts.error.message}</Text>}
      {posts.data?.data.length === 0 && <Text c="dimmed">No posts yet.</Text>}
      {posts.data?.data.map((p) => (
        <PostCard key={p._id} community={community} post={p} canModerate={canModerate} />
      ))}
      {(posts.data?.pagination.totalPages ?? 1) > 1 && (
        <Pagination value={page} onChange={setPage} total={posts.data!.pagination.totalPages} />
      )}
    </Stack>
  );
}
