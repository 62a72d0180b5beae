import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '@atrium/contracts';
import { AppShell, useDisclosure, useMediaQuery } from '@atrium/ui';
import { Header } from './header';
import { ModalHost } from './modal-host';
import { Sidebar } from './sidebar';
import { TourLauncher } from './tour/tour-launcher';

/** Sidebar widths are in spacing units of 4 px: 64 → 256 px expanded, 16 → 64 px collapsed. */
const UNIT = 4;

export function ShellLayout() {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(false);
  const isDesktop = useMediaQuery('(min-width: 75em)', true);
  const { pathname } = useLocation();
  useEffect(closeMobile, [pathname, closeMobile]);
  const view = isDesktop ? 'desktop' : 'mobile';
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: (collapsed && isDesktop ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED) * UNIT,
        breakpoint: 'lg',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Header mobileOpened={mobileOpened} onMobileToggle={toggleMobile} />
      </AppShell.Header>
      <AppShell.Navbar data-testid="sidebar" data-collapsed={collapsed && isDesktop}>
        <Sidebar
          collapsed={collapsed && isDesktop}
          onToggle={() => setCollapsed((c) => !c)}
          view={view}
          onNavigate={closeMobile}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <ModalHost />
      <TourLauncher />
    </AppShell>
  );
}
