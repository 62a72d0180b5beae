import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import {
  Avatar,
  Group,
  IconCheck,
  IconPlus,
  IconSelector,
  IconSettings,
  Loader,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from '@atrium/ui';
import { businesses, BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin/public';
import { canManage, resolveCurrent, useBusinessList, useSwitchBusiness } from './businesses';

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase() || '?'
  );
}

export function BusinessLogo({ business, size = 24 }: { business: Business; size?: number }) {
  return (
    <Avatar
      size={size}
      radius="sm"
      color="atrium"
      src={business.hasLogo ? businesses.logoUrl(business.id) : null}
      alt=""
      aria-hidden
    >
      {initials(business.name)}
    </Avatar>
  );
}

/** The list and its current entry, with what the switcher needs. */
function useBusinessSwitch() {
  const { user } = useSnapshot(sessionView);
  const list = useBusinessList();
  const { current } = resolveCurrent(list.data, user?.businessId);
  const { switchTo, switching } = useSwitchBusiness();
  return { user, list, current, switchTo, switching };
}

/**
 * Header business switcher (docs/requirements.md §2): the current business, the others to switch to, settings (owner
 * and admin) and a new business. No list (load failure or none) shows the spec's placeholder.
 */
export function BusinessSwitcher() {
  const { user, list, current, switchTo, switching } = useBusinessSwitch();

  if (!current) {
    return (
      <Text size="sm" c="dimmed" data-testid="business-switcher" truncate maw={180}>
        {list.isPending && !list.isError ? (user?.businessName ?? '') : BUSINESS_MESSAGES.noBusinessSelected}
      </Text>
    );
  }

  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>
        <UnstyledButton
          data-testid="business-switcher"
          aria-label={`Current business: ${current.name}. Switch business`}
          px={8}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap={8} wrap="nowrap">
            <BusinessLogo business={current} size={22} />
            <Text size="sm" fw={600} truncate maw={160}>
              {current.name}
            </Text>
            {switching ? <Loader size={14} /> : <IconSelector size={14} aria-hidden />}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch business</Menu.Label>
        {list.data?.map((b) => (
          <Menu.Item
            key={b.id}
            leftSection={<BusinessLogo business={b} size={20} />}
            rightSection={b.id === current.id ? <IconCheck size={14} aria-label="Current business" /> : null}
            aria-current={b.id === current.id ? 'true' : undefined}
            disabled={switching !== null}
            onClick={() => void switchTo(b)}
          >
            <Text size="sm" truncate>
              {b.name}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        {canManage(current, user?.id) && (
          <Menu.Item component={Link} to="/businesses/settings" leftSection={<IconSettings size={16} />}>
            Business settings
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/businesses/new" leftSection={<IconPlus size={16} />}>
          New business
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The user menu's part (docs/requirements.md §2: "list of businesses with a settings link"): every business to switch
 * to, the current one checked with its settings link. Render inside a Menu.Dropdown.
 */
export function BusinessMenuSection() {
  const { user, list, current, switchTo, switching } = useBusinessSwitch();
  return (
    <>
      <Menu.Label>Businesses</Menu.Label>
      {!current && (
        <Menu.Item disabled>
          {list.isPending && !list.isError ? (user?.businessName ?? '') : BUSINESS_MESSAGES.noBusinessSelected}
        </Menu.Item>
      )}
      {current &&
        list.data?.map((b) => (
          <Group key={b.id} gap={4} wrap="nowrap" pr={4}>
            <Menu.Item
              style={{ flex: 1, minWidth: 0 }}
              leftSection={<BusinessLogo business={b} size={20} />}
              rightSection={b.id === current.id ? <IconCheck size={14} aria-label="Current business" /> : null}
              aria-current={b.id === current.id ? 'true' : undefined}
              disabled={switching !== null}
              closeMenuOnClick
              onClick={() => void switchTo(b)}
            >
              <Text size="sm" truncate>
                {b.name}
              </Text>
            </Menu.Item>
            {/* A menu item itself (a menu holds only items): the arrow keys reach it and screen readers count it. */}
            {b.id === current.id && canManage(b, user?.id) && (
              <Tooltip label="Business settings">
                <Menu.Item
                  component={Link}
                  to={`/businesses/${encodeURIComponent(b.id)}/settings`}
                  aria-label={`Settings of ${b.name}`}
                  w="auto"
                  px={6}
                >
                  <IconSettings size={14} />
                </Menu.Item>
              </Tooltip>
            )}
          </Group>
        ))}
    </>
  );
}
