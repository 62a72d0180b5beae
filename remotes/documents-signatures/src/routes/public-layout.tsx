import type { ReactNode } from 'react';
import { Anchor, Center, Link, Paper, Stack, Text, Title } from '@atrium/ui/core';

/**
 * The frame of a page a signed-out visitor opens from a link (an expired document, the e-sign disclosure, an
 * invoice): the product's name over one card, outside the dashboard shell, like the host's sign-in pages.
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <Stack w="100%" maw={420} gap="lg">
        <Anchor component={Link} to="/" underline="never" ta="center">
          <Text fw={800} fz={28} c="atrium">
            Atrium
          </Text>
        </Anchor>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="xs" mb="lg">
            <Title order={2} fz={22}>
              {title}
            </Title>
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
