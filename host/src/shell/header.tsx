import { Link } from 'react-router-dom';
import { ActionIcon, Box, Burger, Group, IconSearch, Modal, Text, useDisclosure } from '@atrium/ui';
import { BusinessSwitcher } from './business-switcher';
import { Clock } from './clock';
import { NewMenu } from './new-menu';
import { GlobalSearch } from './search/global-search';
import { UserMenu } from './user-menu';

export function Header({ mobileOpened, onMobileToggle }: { mobileOpened: boolean; onMobileToggle: () => void }) {
  const [searchOpened, search] = useDisclosure(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
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
      <Box style={{ flex: 1, maxWidth: 420 }} visibleFrom="sm">
        <GlobalSearch />
      </Box>
      <Group wrap="nowrap" gap="md">
        <ActionIcon variant="subtle" hiddenFrom="sm" onClick={search.open} aria-label="Open search">
          <IconSearch size={18} />
        </ActionIcon>
        <Modal opened={searchOpened} onClose={search.close} title="Search" yOffset={16}>
          <GlobalSearch autoFocus onDone={search.close} />
        </Modal>
        <Box visibleFrom="md">
          <BusinessSwitcher />
        </Box>
        <NewMenu />
        <Clock />
        {/* The notification bell and its dropdown land with the notifications work; its place is kept. */}
        <Box w={28} h={28} data-testid="notification-bell-area" aria-hidden />
        <UserMenu />
      </Group>
    </Group>
  );
}
