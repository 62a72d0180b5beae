import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { Container, Group, HomeSkeleton, Stack, Text, Title } from '@atrium/ui';
import { remotesState } from '../federation/remotes';
import { ModalHost } from '../shell/modal-host';
import { UserMenu } from '../shell/user-menu';
import { HomeWidgets } from './home-widgets';

/** Home '/': signed-in only, outside the shell (docs/requirements.md §2). Dashboard widgets join as remotes ship them. */
export function HomePage() {
  const { user } = useSnapshot(sessionView);
  const { status } = useSnapshot(remotesState);
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
      {status !== 'ready' ? <HomeSkeleton /> : <HomeWidgets />}
      <ModalHost />
    </Container>
  );
}
