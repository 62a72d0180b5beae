import { useEffect, useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Group,
  handleError,
  LoadError,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  formatInstant,
  useSearchParams,
} from '@atrium/ui';
import {
  GOOGLE_CALENDAR_MESSAGES as M,
  GOOGLE_CALENDAR_RESULT_PARAM,
  type GoogleCalendarResult,
} from '@atrium/domain-work/public';
import { useGoogleCalendar } from './use-google-calendar';

const RESULTS = Object.keys(M.results) as GoogleCalendarResult[];

export interface GoogleCalendarCardProps {
  /** The business of the settings page is the member's current one (the connection is per business). */
  current: boolean;
  businessName: string;
  /** Leaves the app for Google's consent (a full navigation; replaceable in tests). */
  navigate?: (url: string) => void;
}

/**
 * The member's Google Calendar in the integrations tab: not set up (said plainly), not connected (Connect),
 * connected as {email} (Sync now, Disconnect, last synced), reconnect needed (warning + Reconnect). Google's
 * redirect comes back here with ?googleCalendar=<result>, shown once as a toast.
 */
export function GoogleCalendarCard({
  current,
  businessName,
  navigate = (url) => window.location.assign(url),
}: GoogleCalendarCardProps) {
  const { status, sync, disconnect, syncing, connectUrl } = useGoogleCalendar(current);
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const result = params.get(GOOGLE_CALENDAR_RESULT_PARAM) as GoogleCalendarResult | null;
  useEffect(() => {
    if (!result || !RESULTS.includes(result)) return;
    if (result === 'connected') toast.success(M.results.connected);
    else toast.error(M.results[result]);
    const next = new URLSearchParams(params);
    next.delete(GOOGLE_CALENDAR_RESULT_PARAM);
    setParams(next, { replace: true });
  }, [result, params, setParams]);

  const connect = async () => {
    setLeaving(true);
    // A fresh status first: the session is renewed if needed before the browser leaves for Google.
    const fresh = await status.refetch();
    if (fresh.error) {
      setLeaving(false);
      handleError(fresh.error);
      return;
    }
    navigate(connectUrl);
  };
  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: () => toast.success(M.syncQueued),
      onError: (e) => handleError(e, { message: M.syncFailed }),
    });
  const drop = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(M.disconnected);
      },
      onError: (e) => handleError(e, { message: M.disconnectFailed }),
    });

  const frame = (badge: React.ReactNode, body: React.ReactNode) => (
    <Paper withBorder p="lg" radius="md" aria-label={M.title} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {M.title}
          </Title>
          {badge}
        </Group>
        {body}
      </Stack>
    </Paper>
  );

  if (!current) {
    return frame(
      null,
      <Text size="sm" c="dimmed">
        Your Google Calendar is connected per business. Switch to {businessName} to connect it here.
      </Text>,
    );
  }
  if (status.isPending) return frame(null, <Skeleton height={40} />);
  if (status.error || !status.data) {
    return frame(
      null,
      <LoadError
        title="Google Calendar status could not be loaded"
        message={status.error?.message}
        onRetry={() => void status.refetch()}
      />,
    );
  }
  const s = status.data;
  if (s.state === 'not_configured') {
    return frame(
      <Badge color="gray" variant="light">
        Not set up
      </Badge>,
      <>
        <Text size="sm">{M.notConfigured}</Text>
        <Text size="xs" c="dimmed">
          {M.notConfiguredHint}
        </Text>
      </>,
    );
  }
  if (s.state === 'not_connected') {
    return frame(
      <Badge color="gray" variant="light">
        Not connected
      </Badge>,
      <>
        <Text size="sm">{M.notConnected}</Text>
        <Group>
          <Button onClick={() => void connect()} loading={leaving}>
            Connect Google Calendar
          </Button>
        </Group>
      </>,
    );
  }
  if (s.state === 'reconnect') {
    return frame(
      <Badge color="yellow" variant="light">
        Reconnect needed
      </Badge>,
      <>
        <Alert color="yellow" title="Google Calendar is not syncing">
          <Text size="sm">{M.reconnect}</Text>
          {s.lastError && (
            <Text size="xs" c="dimmed" mt={4}>
              Google said: {s.lastError}
            </Text>
          )}
        </Alert>
        <Group>
          <Button onClick={() => void connect()} loading={leaving}>
            Reconnect
          </Button>
          <Button variant="default" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </Group>
        {dialog()}
      </>,
    );
  }
  return frame(
    <Badge color="teal" variant="light">
      Connected
    </Badge>,
    <>
      <Text size="sm">{M.connectedAs(s.email)}</Text>
      <Text size="xs" c="dimmed">
        Last synced: {s.lastSyncedAt ? formatInstant(s.lastSyncedAt) : M.neverSynced}
      </Text>
      {s.lastError && (
        <Alert color="orange" title="The last sync had a problem; it is tried again automatically">
          <Text size="xs">{s.lastError}</Text>
        </Alert>
      )}
      <Group>
        <Button onClick={syncNow} loading={sync.isPending || syncing}>
          Sync now
        </Button>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Group>
      {dialog()}
    </>,
  );

  function dialog() {
    return (
      <ConfirmDialog
        opened={confirming}
        title="Disconnect Google Calendar?"
        message="Atrium stops syncing with your Google Calendar and forgets its access. Meetings already here stay."
        confirmLabel="Disconnect"
        danger
        loading={disconnect.isPending}
        onConfirm={drop}
        onCancel={() => setConfirming(false)}
      />
    );
  }
}
