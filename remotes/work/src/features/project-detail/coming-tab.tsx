import { Paper, Stack, Text } from '@atrium/ui';

const TEXTS = {
  email: {
    title: 'Email',
    body: "This project's email threads — messages sent from the project and replies from its contacts — will be listed here.",
    arrives: 'It arrives with email (the comms app): threads are linked to the project by its id.',
  },
} as const;

/** A tab whose data comes from an app not built yet: says plainly what will be here and when. */
export function ComingTab({ kind }: { kind: keyof typeof TEXTS }) {
  const t = TEXTS[kind];
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="center" maw={520} mx="auto" ta="center">
        <Text fw={600}>{t.title}: nothing to show yet</Text>
        <Text size="sm">{t.body}</Text>
        <Text size="sm" c="dimmed">
          {t.arrives}
        </Text>
      </Stack>
    </Paper>
  );
}
