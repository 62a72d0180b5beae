import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { Container, Group, HomeSkeleton, Stack, Text, Title } from '@atrium/ui';
import { loadHomeWidgets } from '../federation/remotes';
import { ModalHost } from '../shell/modal-host';
import { UserMenu } from '../shell/user-menu';
import { HomeWidgets } from './home-widgets';
import { preloadWidget } from './widget-loader';

/**
 * Home '/': signed-in only, outside the shell (docs/requirements.md §2). The 6-card skeleton stays until every remote
 * with home widgets has loaded or failed (not the header's remotes: home has no header), then the grid shows all
 * the widgets at once, each filling in as its own chunk and data arrive.
 */
export function HomePage() {
  const { user } = useSnapshot(sessionView);
  const [widgetsLoaded, setWidgetsLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadHomeWidgets((w) => preloadWidget(w.load)).finally(() => {
      if (live) setWidgetsLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="xl">
        <Stack gap={0}>
          <Text fw={800} c="atrium" fz={22}>
            Atrium
          </Text>
          <Title order={1} fz={28}>
            Welcome back{user ? `, ${user.firstName}` : ''}
          </Title>
          <Text c="dimmed">{user?.businessName}</Text>
        </Stack>
        <UserMenu />
      </Group>
      {widgetsLoaded ? <HomeWidgets /> : <HomeSkeleton />}
      <ModalHost />
    </Container>
  );
}
