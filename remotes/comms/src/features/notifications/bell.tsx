import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { NOTIFICATION_TEXTS, type Notification } from '@atrium/domain-comms';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  IconSettings,
  IconTrash,
  Indicator,
  Loader,
  NavIcon,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
  useNavigate,
} from '@atrium/ui';
import { relativeTime } from './relative-time';
import { useArrivalToast } from './use-arrival-toast';
import { useLiveNotifications } from './use-live-notifications';
import { useNotificationList, useNotificationMutations, useUnreadCount, type BellTab } from './use-notifications';
import { PreferencesModal } from './preferences-modal';

const T = NOTIFICATION_TEXTS;

/** Where a notification leads when it names no url. */
function targetOf(n: Notification): string | null {
  if (n.data.url) return n.data.url;
  if (n.data.submissionId) return `/response/${encodeURIComponent(n.data.submissionId)}`;
  if (n.data.projectId) return `/projects/${encodeURIComponent(n.data.projectId)}`;
  if (n.data.workflowId) return `/signatures/workflows/${encodeURIComponent(n.data.workflowId)}`;
  if (n.data.formId) return `/contact-forms/editor/${encodeURIComponent(n.data.formId)}`;
  return null;
}

function NotificationItem({
  n,
  onOpen,
  onDelete,
}: {
  n: Notification;
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
}) {
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      px="sm"
      py={8}
      data-notification={n._id}
      data-read={n.read}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      bg={n.read ? undefined : 'var(--mantine-color-atrium-light)'}
    >
      <UnstyledButton
        onClick={() => onOpen(n)}
        style={{ flex: 1, minWidth: 0 }}
        aria-label={`${n.title}: ${n.message}`}
      >
        <Group gap={6} wrap="nowrap">
          {!n.read && <Box w={8} h={8} style={{ borderRadius: 4, flex: 'none' }} bg="atrium" aria-label="Unread" />}
          <Text fw={n.read ? 500 : 700} size="sm" truncate>
            {n.title}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {n.message}
        </Text>
        <Text size="xs" c="dimmed" title={new Date(n.createdAt).toLocaleString()}>
          {relativeTime(n.createdAt)}
        </Text>
      </UnstyledButton>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Delete notification"
          onClick={() => onDelete(n)}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function NotificationList({ tab, open, onNavigate }: { tab: BellTab; open: boolean; onNavigate: () => void }) {
  const list = useNotificationList(tab, open);
  const { markRead, remove } = useNotificationMutations();
  const navigate = useNavigate();
  if (list.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading notifications" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Stack align="center" gap="xs" py="lg" role="alert">
        <Text size="sm">{T.loadFailed}</Text>
        <Button size="xs" variant="light" onClick={() => window.location.reload()}>
          {T.tryAgain}
        </Button>
      </Stack>
    );
  }
  const items = list.data.data;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {T.empty}
      </Text>
    );
  }
  const openOne = (n: Notification) => {
    if (!n.read) markRead.mutate(n._id);
    const to = targetOf(n);
    if (to) {
      onNavigate();
      navigate(to);
    }
  };
  return (
    <ScrollArea.Autosize mah={380} type="auto">
      {items.map((n) => (
        <NotificationItem key={n._id} n={n} onOpen={openOne} onDelete={(x) => remove.mutate(x._id)} />
      ))}
    </ScrollArea.Autosize>
  );
}

/**
 * The header's notification bell (issue #19, docs/requirements.md §2): the unread count on the badge, a dropdown
 * with the tabs All and Unread, 'Mark all as read', the settings (per-type preferences); polled every 10 s and
 * refreshed at once by the live stream; a toast when the unread count rises after the first load.
 */
export function NotificationBell() {
  const session = useSnapshot(sessionView);
  const signedIn = session.status === 'authenticated';
  const scope = session.user ? `${session.user.id}:${session.user.businessId}` : undefined;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<BellTab>('all');
  const [settings, setSettings] = useState(false);
  const count = useUnreadCount(signedIn);
  const { markAllRead } = useNotificationMutations();
  useLiveNotifications(signedIn, scope);
  useArrivalToast(count.data, scope);
  if (!signedIn) return null;
  const unread = count.data ?? 0;

  return (
    <>
      <Popover opened={open} onChange={setOpen} width={380} position="bottom-end" shadow="md" withinPortal>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          disabled={unread === 0}
          color="red"
          offset={4}
          data-testid="notification-badge"
        >
          {/* The popover's target is the button itself: its aria-expanded belongs on a button, not the badge's div. */}
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
              onClick={() => setOpen((o) => !o)}
            >
              <NavIcon name="bell" />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0} aria-label="Notifications">
          <Group justify="space-between" px="sm" pt="xs" wrap="nowrap">
            <Text fw={700}>Notifications</Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="subtle"
                disabled={unread === 0}
                loading={markAllRead.isPending}
                onClick={() => markAllRead.mutate()}
              >
                {T.markAllRead}
              </Button>
              <Tooltip label="Notification settings">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Notification settings"
                  onClick={() => {
                    setOpen(false);
                    setSettings(true);
                  }}
                >
                  <IconSettings size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Tabs value={tab} onChange={(v) => setTab(v === 'unread' ? 'unread' : 'all')}>
            <Tabs.List px="sm">
              <Tabs.Tab value="all">{T.all}</Tabs.Tab>
              <Tabs.Tab value="unread">{unread > 0 ? `${T.unread} (${unread})` : T.unread}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <NotificationList tab={tab} open={open} onNavigate={() => setOpen(false)} />
        </Popover.Dropdown>
      </Popover>
      <PreferencesModal opened={settings} onClose={() => setSettings(false)} />
    </>
  );
}
