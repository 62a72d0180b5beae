import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/**
 * A page outside the dashboard shell: the product's name over one card (sign-in and the other identity pages, and
 * the public pages a signed-out visitor opens from a link: an expired document, the e-sign disclosure, an invoice).
 */
export function CardPage({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
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
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
        {footer && (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
