import { Stack, Text } from '@atrium/ui';
import type { TaskHistoryEntry } from '@atrium/domain-work';
import { formatWhen } from '../lib/task-dates';
import { actionText, changeText } from './task-history-text';

/** Every change of the task, newest first: who, what (field from → to) and when. */
export function TaskHistory({ history }: { history: TaskHistoryEntry[] }) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  const newestFirst = [...history].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {newestFirst.map((h) => (
        <li key={h._id} data-testid="task-history-entry">
          <Text size="sm">
            <Text span fw={600}>
              {h.performedBy?.name ?? 'Someone'}
            </Text>{' '}
            {actionText(h)}
          </Text>
          {h.changes.map((c, i) => (
            <Text key={`${c.field}-${i}`} size="xs" c="dimmed">
              {changeText(c)}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {formatWhen(h.timestamp)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
