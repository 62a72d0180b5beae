import { Suspense, lazy, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { RemoteHeaderWidget } from '@atrium/contracts';
import { Box, Burger, ErrorBoundary, Group, Text, retryImport, useMediaQuery } from '@atrium/ui';
import { remotesState } from '../federation/remotes';
import { BusinessSwitcher } from './business-switcher';
import { Clock } from './clock';
import { HeaderWeather } from './header-weather';
import { NewMenu } from './new-menu';
import { GlobalSearch } from './search/global-search';
import { MobileSearch } from './search/mobile-search';
import { UserMenu } from './user-menu';

type Load = RemoteHeaderWidget['load'];
const lazyWidgets = new WeakMap<Load, ComponentType>();
function lazyWidget(load: Load): ComponentType {
  let c = lazyWidgets.get(load);
  if (!c) {
    c = lazy(() => retryImport(load));
    lazyWidgets.set(load, c);
  }
  return c;
}

/**
 * The widgets remotes contribute to the header (RemoteModule.headerWidgets: the notification bell, the weather…),
 * in ascending order across remotes. Each loads lazily and sits in its own error boundary: one that fails to
 * load or render is left out, and the header and the other widgets stay.
 */
export function HeaderWidgets() {
  const snap = useSnapshot(remotesState);
  const widgets = Object.values(snap.modules)
    .flatMap((m) => (m.headerWidgets ?? []).map((w) => ({ ...w, id: `${m.name}:${w.key}` })))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return (
    <>
      {widgets.map((w) => {
        const Widget = lazyWidget(w.load);
        return (
          <ErrorBoundary key={w.id} resetKey={w.id} fallback={() => null}>
            <Suspense fallback={null}>
              <Box data-header-widget={w.id}>
                <Widget />
              </Box>
            </Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
}

export function Header({ mobileOpened, onMobileToggle }: { mobileOpened: boolean; onMobileToggle: () => void }) {
  // Below the sm breakpoint (a phone) everything has to fit in the width: tighter gaps, '+ New' as its icon alone.
  const compact = useMediaQuery('(max-width: 48em)', false);
  const gap = compact ? 'xs' : 'md';
  return (
    // Relative: the mobile search field opens over the whole header.
    <Group h="100%" px={gap} justify="space-between" wrap="nowrap" gap={gap} pos="relative">
      <Group wrap="nowrap" gap="sm">
        <Burger
          opened={mobileOpened}
          onClick={onMobileToggle}
          hiddenFrom="lg"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Text component={Link} to="/" fw={800} fz={20} c="atrium" style={{ textDecoration: 'none' }}>
          Atrium
        </Text>
      </Group>
      <Box style={{ flex: 1, maxWidth: 420 }} visibleFrom="sm" data-tour="search">
        <GlobalSearch />
      </Box>
      <Group wrap="nowrap" gap={gap}>
        <Box hiddenFrom="sm">
          <MobileSearch />
        </Box>
        <Box visibleFrom="md">
          <BusinessSwitcher />
        </Box>
        <NewMenu compact={compact} />
        <Clock />
        <HeaderWeather />
        <HeaderWidgets />
        <UserMenu />
      </Group>
    </Group>
  );
}
