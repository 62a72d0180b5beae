import { Text } from '@atrium/ui';

/** Stub: the tasks UI replaces this with the caller's open tasks due soonest. */
export default function TasksWidget() {
  return (
    <Text size="sm" c="dimmed">
      Your open tasks appear here.
    </Text>
  );
}
