import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api, sessionView } from '@atrium/api-client';
import { MESSAGES } from '@atrium/contracts';
import {
  Avatar,
  ConfirmDialog,
  IconChevronRight,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
  IconUser,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@atrium/ui';
import { UserAvatar } from '../pages/profile/user-avatar';
import { BusinessMenuSection } from './business-switcher';
import { startTour } from './tour/tour-state';

export function UserMenu() {
  const { user } = useSnapshot(sessionView);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Dark mode (spec §6): the system's until the user picks one here; the choice is saved under darkMode.
  const { colorScheme, setColorScheme, clearColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const initials = `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase() || '?';

  const signOut = async () => {
    setLeaving(true);
    await api.auth.logout().catch(() => undefined);
    setLeaving(false);
    setConfirming(false);
    navigate('/signin', { replace: true });
  };

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label="User menu">
            {user ? (
              <UserAvatar user={user} />
            ) : (
              <Avatar color="atrium" radius="xl">
                {initials}
              </Avatar>
            )}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {user?.firstName} {user?.lastName}
            </Text>
            <Text size="xs" c="dimmed">
              {user?.email}
            </Text>
          </Menu.Label>
          <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUser size={16} />}>
            Manage your Profile
          </Menu.Item>
          <BusinessMenuSection />
          <Menu.Divider />
          <Menu.Item
            leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
            onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          >
            {scheme === 'dark' ? 'Light mode' : 'Dark mode'}
          </Menu.Item>
          {colorScheme !== 'auto' && (
            <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={clearColorScheme}>
              Use system theme
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconChevronRight size={16} />} onClick={startTour}>
            Product tour
          </Menu.Item>
          <Menu.Item
            color="var(--mantine-color-error)"
            leftSection={<IconLogout size={16} />}
            onClick={() => setConfirming(true)}
          >
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title="Sign Out"
        message={MESSAGES.signOutConfirm}
        confirmLabel="Sign Out"
        loading={leaving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
