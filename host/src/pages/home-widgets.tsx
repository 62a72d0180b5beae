import { Suspense, lazy, useEffect, useMemo, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { bus } from '@atrium/event-bus';
import {
  Button,
  Card,
  ErrorBoundary,
  Group,
  NavIcon,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  retryImport,
} from '@atrium/ui';
import { Link } from 'react-router-dom';
import { ensureRemotesWith, remoteContributions, remotesState, retryFailed } from '../federation/remotes';
import { useNavEntries } from '../shell/use-nav-entries';

function WidgetCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const rows = (
  <Stack gap="sm">
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} height={14} />
    ))}
  </Stack>
);

/** Quick actions: the '+ New' entries and the apps, one click away. */
function QuickActions() {
  const snap = useSnapshot(remotesState);
  const entries = useNavEntries('desktop').filter((e) => e.key !== 'home');
  const create = remoteContributions(snap)
    .flatMap((m) => m.newMenu)
    .sort((a, b) => a.order - b.order);
  return (
    <WidgetCard title="Quick actions">
      <Stack gap="xs">
        <Group gap="xs">
          {create.map((e) => (
            <Button
              key={e.key}
              size="xs"
              variant="light"
              onClick={() =>
                e.action.type === 'modal'
                  ? bus.emit('modal:open', { id: e.action.id })
                  : bus.emit('navigate', { to: e.action.to })
              }
            >
              New {e.label.toLowerCase()}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          {entries.map((e) => (
            <Button
              key={e.key}
              component={Link}
              to={e.path}
              size="xs"
              variant="default"
              leftSection={<NavIcon name={e.icon} size={14} />}
            >
              {e.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </WidgetCard>
  );
}

/** Apps that failed to load bring no widgets: say so in their place, with a retry. */
function FailedAppsCard() {
  const snap = useSnapshot(remotesState);
  const failed = Object.keys(snap.failed);
  if (failed.length === 0 && !snap.manifestError) return null;
  return (
    <WidgetCard title="Some apps could not be loaded">
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm" c="dimmed">
          {snap.manifestError
            ? 'The list of apps could not be loaded, so their widgets are missing.'
            : `Not responding right now: ${failed.join(', ')}. Their widgets are missing; the rest keeps working.`}
        </Text>
        <Button size="xs" variant="light" onClick={() => void retryFailed()}>
          Try again
        </Button>
      </Stack>
    </WidgetCard>
  );
}

const cache = new WeakMap<() => Promise<{ default: ComponentType }>, ComponentType>();
function lazyWidget(load: () => Promise<{ default: ComponentType }>) {
  let c = cache.get(load);
  if (!c) {
    c = lazy(() => retryImport(load));
    cache.set(load, c);
  }
  return c;
}

/** The home grid: quick actions plus every widget the loaded remotes contribute, in their order. */
export function HomeWidgets() {
  const snap = useSnapshot(remotesState);
  // Remotes with home widgets (per their metadata) load when home is shown.
  useEffect(() => {
    if (snap.status === 'ready') void ensureRemotesWith('widgets');
  }, [snap.status]);
  const widgets = useMemo(
    () =>
      Object.values(snap.modules)
        .flatMap((m) => m.widgets)
        .sort((a, b) => a.order - b.order),
    [snap.modules],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <QuickActions />
      <FailedAppsCard />
      {widgets.map((w) => {
        const Widget = lazyWidget(w.load);
        return (
          <WidgetCard key={w.key} title={w.title}>
            <ErrorBoundary
              resetKey={w.key}
              fallback={() => (
                <Text size="sm" c="red">
                  This widget could not be shown.
                </Text>
              )}
            >
              <Suspense fallback={rows}>
                <Widget />
              </Suspense>
            </ErrorBoundary>
          </WidgetCard>
        );
      })}
    </SimpleGrid>
  );
}
