import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '@atrium/api-client';
import { Card, Container, Group, HomeSkeleton, NavIcon, SimpleGrid, Stack, Text, Title } from '@atrium/ui';
import { remotesState } from '../federation/remotes';
import { useNavEntries } from '../shell/use-nav-entries';
import { UserMenu } from '../shell/user-menu';

/** Home '/': signed-in only, outside the shell (spec section 2). Dashboard widgets join as remotes ship them. */
export function HomePage() {
  const { user } = useSnapshot(session);
  const { status } = useSnapshot(remotesState);
  const entries = useNavEntries('desktop').filter((e) => e.key !== 'home');
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
      {status !== 'ready' ? (
        <HomeSkeleton />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {entries.map((e) => (
            <Card key={e.key} component={Link} to={e.path} withBorder padding="lg" aria-label={e.label}>
              <Group>
                <NavIcon name={e.icon} size={28} />
                <Text fw={600}>{e.label}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
