import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isApiError, sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { ActionIcon, Button, Group, IconTrash, Paper, Stack, Text, Textarea, Tooltip } from '@atrium/ui';
import { TASK_MESSAGES, type TaskComment } from '@atrium/domain-work';
import { formatWhen } from '../lib/task-dates';
import type { useTaskMutations } from '../hooks/use-task';

/** A task's comments, oldest first, with a box to add one; a person deletes their own (owners and admins any). */
export function TaskComments({
  comments,
  mutations,
}: {
  comments: TaskComment[];
  mutations: Pick<ReturnType<typeof useTaskMutations>, 'addComment' | 'removeComment'>;
}) {
  const { user } = useSnapshot(sessionView);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { addComment, removeComment } = mutations;
  // One's own comments; an owner or admin may remove any (the server's rule).
  const canDelete = (c: TaskComment) =>
    !!user && (c.userId === user._id || user.role === 'owner' || user.role === 'admin');

  const add = async () => {
    const content = draft.trim();
    if (!content) {
      setError(TASK_MESSAGES.commentRequired);
      return;
    }
    try {
      await addComment.mutateAsync(content);
      setDraft('');
      setError(null);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The comment could not be added. Please try again.');
    }
  };

  const remove = async (c: TaskComment) => {
    try {
      await removeComment.mutateAsync(c._id);
      toast.success('Comment deleted');
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The comment could not be deleted. Please try again.');
    }
  };

  return (
    <Stack gap="sm">
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet. Ask a question or leave an update for the team below.
        </Text>
      ) : (
        comments.map((c) => (
          <Paper key={c._id} withBorder radius="sm" p="xs" data-testid="task-comment">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  <Text span fw={600} c="var(--mantine-color-text)">
                    {c.author?.name ?? 'Someone'}
                  </Text>{' '}
                  · {formatWhen(c.createdAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {c.content}
                </Text>
              </Stack>
              {canDelete(c) && (
                <Tooltip label="Delete comment">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Delete comment"
                    loading={removeComment.isPending && removeComment.variables === c._id}
                    onClick={() => void remove(c)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        ))
      )}
      <Textarea
        aria-label="New comment"
        placeholder="Write a comment…"
        autosize
        minRows={2}
        maxRows={8}
        value={draft}
        error={error}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void add();
        }}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={() => void add()} loading={addComment.isPending}>
          Comment
        </Button>
      </Group>
    </Stack>
  );
}
