import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { sessionView } from '@atrium/api-client';
import { bus } from '@atrium/event-bus';
import {
  ActionIcon,
  Button,
  Card,
  ErrorBoundary,
  Group,
  IconDotsVertical,
  Menu,
  NavIcon,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@atrium/ui';
import { Link } from 'react-router-dom';
import { ensureRemotesWith, remoteContributions, remotesState, retryFailed } from '../federation/remotes';
import { useNavEntries } from '../shell/use-nav-entries';
import { arrange, moveTo, useHomeLayout } from './home-layout';
import { loadWidget, loadedWidget, type WidgetLoad } from './widget-loader';

function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const KIND = 'home-widget';
const isWidget = (data: Record<string, unknown>) => data.kind === KIND && typeof data.key === 'string';

interface Arrangeable {
  id: string;
  title: string;
  first: boolean;
  last: boolean;
  onMove: (key: string, by: 'up' | 'down' | string) => void;
  onHide: (key: string) => void;
}

/**
 * A widget the user arranges: dragged by its title bar (pragmatic-drag-and-drop, as the work remote's boards) onto
 * another widget's place; its menu moves it up or down from the keyboard and hides it.
 */
function ArrangeableCard({ id, title, first, last, onMove, onHide, children }: Arrangeable & { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const move = useRef(onMove);
  move.current = onMove;
  useEffect(() => {
    const element = ref.current;
    const dragHandle = handle.current;
    if (!element || !dragHandle) return;
    return combine(
      draggable({ element, dragHandle, getInitialData: () => ({ kind: KIND, key: id }) }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isWidget(source.data) && source.data.key !== id,
        getData: () => ({ kind: KIND, key: id }),
        onDragEnter: () => setOver(true),
        onDragLeave: () => setOver(false),
        onDrop: ({ source }) => {
          setOver(false);
          move.current(source.data.key as string, id);
        },
      }),
    );
  }, [id]);
  return (
    <Card
      ref={ref}
      withBorder
      padding="lg"
      radius="md"
      data-widget={id}
      style={over ? { outline: '2px dashed var(--mantine-color-atrium-filled)' } : undefined}
    >
      <Group ref={handle} justify="space-between" wrap="nowrap" mb="sm" style={{ cursor: 'grab' }}>
        <Title order={2} fz="md">
          {title}
        </Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${title} options`}>
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item disabled={first} onClick={() => onMove(id, 'up')}>
              Move up
            </Menu.Item>
            <Menu.Item disabled={last} onClick={() => onMove(id, 'down')}>
              Move down
            </Menu.Item>
            <Menu.Item onClick={() => onHide(id)}>Hide</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
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

/**
 * A widget's component: the chunk fetched when its remote arrived (widget-loader), else now. Not React.lazy: a
 * Suspense boundary's reveal is held back up to 300 ms after the last fallback React showed, and the cards' fallbacks
 * appear as each remote arrives, so every widget (and its API calls) would wait for the last one's skeleton.
 */
function useWidgetComponent(load: WidgetLoad): { Widget?: ComponentType; error?: unknown } {
  const [state, setState] = useState<{ load: WidgetLoad; Widget?: ComponentType; error?: unknown }>(() => ({
    load,
    Widget: loadedWidget(load),
  }));
  const current = state.load === load ? state : { load, Widget: loadedWidget(load) };
  const missing = !current.Widget && current.error === undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    loadWidget(load).then(
      (Widget) => {
        if (live) setState({ load, Widget });
      },
      (error: unknown) => {
        if (live) setState({ load, error: error ?? new Error('widget failed to load') });
      },
    );
    return () => {
      live = false;
    };
  }, [load, missing]);
  return current;
}

const QUICK_ACTIONS = 'quick-actions';

/**
 * The home grid: quick actions plus every widget the loaded remotes contribute, in the user's arrangement (their
 * default order until the user moves one), hidden ones listed in "Hidden widgets" to show again.
 */
export function HomeWidgets() {
  const snap = useSnapshot(remotesState);
  const { user } = useSnapshot(sessionView);
  const [layout, saveLayout] = useHomeLayout(user?.id);
  // Remotes with home widgets (per their metadata) load when home is shown.
  useEffect(() => {
    if (snap.status === 'ready') void ensureRemotesWith('widgets');
  }, [snap.status]);
  const widgets = useMemo(() => {
    const remote = Object.values(snap.modules)
      .flatMap((m) => m.widgets)
      .sort((a, b) => a.order - b.order)
      .map((w) => ({ key: w.key, title: w.title, body: <RemoteWidget widgetKey={w.key} load={w.load} /> }));
    return [{ key: QUICK_ACTIONS, title: 'Quick actions', body: <QuickActions /> }, ...remote];
  }, [snap.modules]);
  const byKey = new Map(widgets.map((w) => [w.key, w]));
  const full = arrange(
    widgets.map((w) => w.key),
    layout,
  );
  const hidden = new Set(layout.hidden);
  const visible = full.filter((k) => !hidden.has(k));
  const hiddenShown = full.filter((k) => hidden.has(k));
  const customised = layout.order.length > 0 || layout.hidden.length > 0;

  // After a move, screen readers hear where the widget went; a keyboard move keeps the focus on its menu button.
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const id = window.setTimeout(() => {
      document.querySelector<HTMLElement>(`[data-widget="${CSS.escape(refocus)}"] [aria-haspopup="menu"]`)?.focus();
      setRefocus(null);
    }, 0);
    return () => window.clearTimeout(id);
  }, [refocus, layout]);

  const onMove = (key: string, by: string) => {
    const i = visible.indexOf(key);
    const target = by === 'up' ? visible[i - 1] : by === 'down' ? visible[i + 1] : by;
    if (!target) return;
    const order = moveTo(full, key, target);
    const place = order.filter((k) => !hidden.has(k)).indexOf(key) + 1;
    saveLayout({ order, hidden: layout.hidden });
    setAnnouncement(`${byKey.get(key)!.title} moved to place ${place} of ${visible.length}.`);
    if (by === 'up' || by === 'down') setRefocus(key);
  };
  const onHide = (key: string) => saveLayout({ order: full, hidden: [...layout.hidden, key] });
  const onShow = (key: string) => saveLayout({ order: full, hidden: layout.hidden.filter((k) => k !== key) });

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Group justify="flex-end" gap="xs">
        {hiddenShown.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default">
                Hidden widgets ({hiddenShown.length})
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Show again</Menu.Label>
              {hiddenShown.map((k) => (
                <Menu.Item key={k} onClick={() => onShow(k)}>
                  {byKey.get(k)!.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {customised && (
          <Button size="xs" variant="subtle" onClick={() => saveLayout(null)}>
            Reset layout
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <FailedAppsCard />
        {visible.map((k, i) => {
          const w = byKey.get(k)!;
          return (
            <ArrangeableCard
              key={k}
              id={k}
              title={w.title}
              first={i === 0}
              last={i === visible.length - 1}
              onMove={onMove}
              onHide={onHide}
            >
              {w.body}
            </ArrangeableCard>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function Rethrow({ error }: { error: unknown }): null {
  throw error;
}

function RemoteWidget({ widgetKey, load }: { widgetKey: string; load: WidgetLoad }) {
  const { Widget, error } = useWidgetComponent(load);
  return (
    <ErrorBoundary
      resetKey={widgetKey}
      fallback={() => (
        <Text size="sm" c="red">
          This widget could not be shown.
        </Text>
      )}
    >
      {error !== undefined ? <Rethrow error={error} /> : Widget ? <Widget /> : rows}
    </ErrorBoundary>
  );
}
