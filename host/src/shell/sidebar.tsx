import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import {
  ActionIcon,
  IconChevronLeft,
  IconChevronRight,
  NavIcon,
  NavLink,
  ScrollArea,
  Stack,
  Tooltip,
} from '@atrium/ui';
import { useNavEntries } from './use-nav-entries';

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  view: 'desktop' | 'mobile';
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, onToggle, view, onNavigate }: SidebarProps) {
  const entries = useNavEntries(view);
  const { pathname } = useLocation();
  const isActive = (path: string) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
  return (
    <Stack h="100%" justify="space-between" gap={0}>
      <ScrollArea>
        <nav aria-label="Main">
          <Stack gap={4} p="xs">
            {entries.map((e) => {
              const link = (
                <NavLink
                  key={e.key}
                  component={RouterLink}
                  to={e.path}
                  label={collapsed ? undefined : e.label}
                  aria-label={e.label}
                  leftSection={<NavIcon name={e.icon} />}
                  active={isActive(e.path)}
                  onClick={onNavigate}
                  styles={{ root: { borderRadius: 8 } }}
                />
              );
              return collapsed ? (
                <Tooltip key={e.key} label={e.label} position="right">
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </Stack>
        </nav>
      </ScrollArea>
      {view === 'desktop' && (
        <Stack p="xs" align={collapsed ? 'center' : 'flex-end'}>
          <ActionIcon
            variant="subtle"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
          </ActionIcon>
        </Stack>
      )}
    </Stack>
  );
}
