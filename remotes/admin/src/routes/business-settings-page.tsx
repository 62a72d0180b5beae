import { useSnapshot } from 'valtio';
import { isApiError, sessionView } from '@atrium/api-client';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Group,
  Link,
  PageSkeleton,
  Stack,
  Tabs,
  Text,
  Title,
  useParams,
  useSearchParams,
} from '@atrium/ui';
import { BUSINESS_MESSAGES } from '@atrium/domain-admin';
import { GeneralTab } from '../features/business/general-tab';
import { IntegrationsTab } from '../features/business/integrations-tab';
import { MembersTab, ROLE_LABELS } from '../features/business/members-tab';
import { NotificationsTab } from '../features/business/notifications-tab';
import { canManage, roleOf, useBusiness } from '../features/business/use-business';

export const SETTINGS_TABS = ['general', 'members', 'integrations', 'notifications'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const MANAGERS_ONLY = 'Only owners and admins can manage business settings';

/** ?tab= picks the tab (spec: the query values integrations and notifications are used); general by default. */
export function tabFrom(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'general';
}

/**
 * /businesses/settings (the session's current business) and /businesses/{businessId}/settings. Owners and
 * admins only; a member sees why they cannot (the server answers 403 to them anyway).
 */
export default function BusinessSettingsPage() {
  const { businessId: fromPath } = useParams();
  const { user } = useSnapshot(sessionView);
  const businessId = fromPath ?? user?.businessId;
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const { data: business, isPending, error } = useBusiness(businessId);

  if (!businessId) return <Alert color="gray" title={BUSINESS_MESSAGES.noBusinessSelected} />;
  if (isPending) return <PageSkeleton />;
  if (error || !business) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? 'Business not found' : 'Business could not be loaded'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? 'It does not exist or you are not a member of it.' : (error?.message ?? '')}</Text>
          <Anchor component={Link} to="/">
            Back to home
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  const role = roleOf(business, user?.id);
  const header = (
    <Group gap="md">
      <Avatar src={business.hasLogo ? business.logo : null} size={48} radius="md" color="atrium">
        {business.name.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap={0}>
        <Title order={1} fz={26}>
          Business settings
        </Title>
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            {business.name}
          </Text>
          {role && (
            <Badge size="sm" variant="light" color="gray">
              {ROLE_LABELS[role]}
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );

  if (!role || !canManage(role)) {
    return (
      <Stack maw={880}>
        {header}
        <Alert color="gray" title={MANAGERS_ONLY}>
          Ask an owner or admin of {business.name} if something here needs to change.
        </Alert>
      </Stack>
    );
  }

  const select = (next: string | null) => {
    const t = tabFrom(next);
    setParams(t === 'general' ? {} : { tab: t }, { replace: true });
  };

  return (
    <Stack maw={880}>
      {header}
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="integrations">Integrations</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralTab key={business.id} business={business} role={role} />
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <MembersTab business={business} role={role} />
        </Tabs.Panel>
        <Tabs.Panel value="integrations">
          <IntegrationsTab current={business.id === user?.businessId} businessName={business.name} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsTab business={business} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
