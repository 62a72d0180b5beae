import { lazy, Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Container, Skeleton, Stack, Tabs, Text, Title, retryImport } from '@atrium/ui';
import { GeneralTab } from './general-tab';
import { SecurityTab } from './security-tab';
import { SubscriptionTab } from './subscription-tab';

export const PROFILE_TABS = [
  { value: 'general', label: 'General' },
  { value: 'security', label: 'Security' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'integrations', label: 'Integrations' },
] as const;
type TabValue = (typeof PROFILE_TABS)[number]['value'];

/** The Google Calendar card (and the work slice's calls) load with the tab, not with the profile page. */
const IntegrationsTab = lazy(() =>
  retryImport(() => import('./integrations-tab')).then((m) => ({ default: m.IntegrationsTab })),
);

const pathOf = (tab: TabValue) => (tab === 'general' ? '/settings/profile' : `/settings/profile/${tab}`);

/**
 * /settings/profile with child tabs general (default), security, subscription (docs/requirements.md §2) and
 * integrations (the member's own Google Calendar).
 */
export function SettingsProfilePage() {
  const navigate = useNavigate();
  const { tab = 'general' } = useParams();
  if (!PROFILE_TABS.some((t) => t.value === tab)) return <Navigate to="/settings/profile" replace />;
  const active = tab as TabValue;

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={26}>
            Your profile
          </Title>
          <Text c="dimmed">Your personal details, sign-in security, plan and connected calendar.</Text>
        </Stack>
        <Tabs value={active} onChange={(v) => v && navigate(pathOf(v as TabValue))} keepMounted={false}>
          <Tabs.List mb="lg">
            {PROFILE_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralTab />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
          <Tabs.Panel value="subscription">
            <SubscriptionTab />
          </Tabs.Panel>
          <Tabs.Panel value="integrations">
            <Suspense fallback={<Skeleton height={120} radius="md" />}>
              <IntegrationsTab />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
