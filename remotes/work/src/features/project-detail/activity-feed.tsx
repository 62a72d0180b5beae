import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { activityInputSchema, type Activity } from '@atrium/domain-work';
import { Avatar, Button, Group, Paper, Skeleton, Stack, Text, Textarea, formatInstant, LoadError } from '@atrium/ui';
import { useProjectActions, useProjectFeed } from './use-project';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The day (the shared format) and the time of day, in the viewer's time zone. */
function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return formatInstant(iso);
  return `${formatInstant(iso)}, ${d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
}

function Entry({ a }: { a: Activity }) {
  const who = a.actor?.name ?? 'Someone';
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="activity-entry">
      <Avatar radius="xl" size="sm" color="atrium">
        {initials(who) || '?'}
      </Avatar>
      <Stack gap={2}>
        <Text size="sm">
          <Text span fw={600}>
            {who}
          </Text>{' '}
          {a.message}
        </Text>
        <Text size="xs" c="dimmed">
          {when(a.timestamp)}
          {a.subject?.title && a.subject.type !== 'project' ? ` · ${a.subject.title}` : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * The activity tab: every change to the project, its tasks, files and notes, newest first, with who and when;
 * "Load more" pages back in time; people add their own entries (a call, a visit, a decision).
 */
export function ActivityFeed({ projectId }: { projectId: string }) {
  const feed = useProjectFeed(projectId);
  const { addActivity } = useProjectActions(projectId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const entries = feed.data?.pages.flatMap((p) => p.data) ?? [];

  const add = async () => {
    const parsed = activityInputSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write what happened');
      return;
    }
    try {
      await addActivity.mutateAsync(parsed.data.message);
      setMessage('');
      setError(null);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to add the entry. Please try again.');
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Textarea
            aria-label="New activity entry"
            placeholder="Log a call, a visit or a decision..."
            autosize
            minRows={2}
            maxRows={6}
            value={message}
            error={error}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void add();
            }}
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void add()} loading={addActivity.isPending}>
              Add to activity
            </Button>
          </Group>
        </Stack>
      </Paper>
      {feed.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : feed.isError && entries.length === 0 ? (
        <LoadError
          title="The activity could not be loaded"
          message={feed.error.message}
          onRetry={() => void feed.refetch()}
        />
      ) : entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No activity yet. Changes to the project, its tasks, files and notes appear here.
        </Text>
      ) : (
        <Stack gap="md" aria-label="Activity">
          {entries.map((a) => (
            <Entry key={a._id} a={a} />
          ))}
          {feed.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void feed.fetchNextPage()}
              loading={feed.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
