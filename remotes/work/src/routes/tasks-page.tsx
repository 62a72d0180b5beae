import { Stack, Text, Title } from '@atrium/ui';

/** Stub: the tasks UI replaces this page (list and kanban). */
export default function TasksPage() {
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Tasks
      </Title>
      <Text c="dimmed">The task list and kanban load here.</Text>
    </Stack>
  );
}
