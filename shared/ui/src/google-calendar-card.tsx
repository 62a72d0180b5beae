import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@atrium/event-bus';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';
import { formatInstant } from './dates';
import { handleError } from './handle-error';
import { LoadError } from './load-error';

/**
 * The member's Google Calendar connection as the card shows it. The UI knows no domain: these are the shapes of the
 * work slice's `GoogleCalendarStatus`, its UI-free calls (`googleCalendar` of `@atrium/domain-work/public`) and its
 * texts (`GOOGLE_CALENDAR_MESSAGES`), which the apps hand in.
 */
export interface CalendarConnectionStatus {
  configured: boolean;
  state: 'not_configured' | 'not_connected' | 'connected' | 'reconnect';
  /** idle, a run queued, one running, or one running with a follow-up queued after it. */
  run: 'idle' | 'queued' | 'running' | 'follow_up';
  email: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
}

export interface CalendarConnectionCalls {
  status(): Promise<CalendarConnectionStatus>;
  sync(): Promise<CalendarConnectionStatus>;
  disconnect(): Promise<CalendarConnectionStatus>;
  connectUrl(from: 'profile' | 'business'): string;
}

export interface CalendarConnectionTexts {
  title: string;
  notConfigured: string;
  notConfiguredHint: string;
  notConnected: string;
  connectedAs(email: string | null): string;
  reconnect: string;
  syncQueued: string;
  syncFollowUp: string;
  running: string;
  runningThenAgain: string;
  queuedRun: string;
  disconnected: string;
  disconnectFailed: string;
  syncFailed: string;
  neverSynced: string;
  results: Record<string, string>;
}

export interface GoogleCalendarCardProps {
  /** The calls (a stable object: the slice's `googleCalendar`); the status is loaded again when it changes. */
  calls: CalendarConnectionCalls;
  texts: CalendarConnectionTexts;
  /** The query parameter Google's redirect comes back with (`?googleCalendar=<result>`). */
  resultParam: string;
  /** The integrations tab this card is on: Google's redirect returns there. */
  from: 'profile' | 'business';
  /** False when the page is about another business than the member's current one (the connection is per business). */
  current?: boolean;
  /** The business named when `current` is false. */
  businessName?: string;
  /** Every status the card learns (the apps keep their query cache in step, e.g. the meeting form's note). */
  onStatus?: (status: CalendarConnectionStatus) => void;
  /** Leaves the app for Google's consent (a full navigation; replaceable in tests). */
  navigate?: (url: string) => void;
  /** How often the status is asked again while a run is queued or running. */
  pollMs?: number;
}

/**
 * The member's own Google Calendar, one card for the business settings' and the profile's integrations tabs: not set
 * up (said plainly), not connected (Connect), connected as {email} (Sync now, Disconnect, last synced, a run in
 * progress and a queued follow-up said so), reconnect needed (warning + Reconnect). Google's redirect comes back with
 * ?googleCalendar=<result>, shown once as a toast.
 */
export function GoogleCalendarCard({
  calls,
  texts: M,
  resultParam,
  from,
  current = true,
  businessName = '',
  onStatus,
  navigate = (url) => window.location.assign(url),
  pollMs = 2_000,
}: GoogleCalendarCardProps) {
  const [status, setStatus] = useState<CalendarConnectionStatus | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [busy, setBusy] = useState<'connect' | 'sync' | 'disconnect' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [params, setParams] = useSearchParams();
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  const learn = useCallback((s: CalendarConnectionStatus) => {
    setStatus(s);
    setLoadError(null);
    onStatusRef.current?.(s);
    return s;
  }, []);
  const load = useCallback(async () => {
    try {
      return learn(await calls.status());
    } catch (error) {
      setLoadError(error as Error);
      return null;
    }
  }, [calls, learn]);

  useEffect(() => {
    if (current) void load();
  }, [current, load]);

  // While a run is queued or running, its end (or failure) is picked up by asking again.
  const run = status?.run ?? 'idle';
  useEffect(() => {
    if (!current || run === 'idle') return;
    const timer = setTimeout(() => void load(), pollMs);
    return () => clearTimeout(timer);
  }, [current, run, status, load, pollMs]);

  const result = params.get(resultParam);
  useEffect(() => {
    if (!result || !(result in M.results)) return;
    if (result === 'connected') toast.success(M.results[result]!);
    else toast.error(M.results[result]!);
    const next = new URLSearchParams(params);
    next.delete(resultParam);
    setParams(next, { replace: true });
  }, [result, params, setParams, resultParam, M]);

  const connect = async () => {
    setBusy('connect');
    // A fresh status first: the session is renewed if needed before the browser leaves for Google.
    try {
      learn(await calls.status());
    } catch (error) {
      setBusy(null);
      handleError(error);
      return;
    }
    navigate(calls.connectUrl(from));
  };
  const syncNow = async () => {
    setBusy('sync');
    try {
      const s = learn(await calls.sync());
      toast.success(s.run === 'follow_up' ? M.syncFollowUp : M.syncQueued);
    } catch (error) {
      handleError(error, { message: M.syncFailed });
    } finally {
      setBusy(null);
    }
  };
  const drop = async () => {
    setBusy('disconnect');
    try {
      learn(await calls.disconnect());
      setConfirming(false);
      toast.success(M.disconnected);
    } catch (error) {
      handleError(error, { message: M.disconnectFailed });
    } finally {
      setBusy(null);
    }
  };

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
  const dialog = (
    <ConfirmDialog
      opened={confirming}
      title="Disconnect Google Calendar?"
      message="Atrium stops syncing with your Google Calendar and forgets its access. Meetings already here stay."
      confirmLabel="Disconnect"
      danger
      loading={busy === 'disconnect'}
      onConfirm={() => void drop()}
      onCancel={() => setConfirming(false)}
    />
  );

  if (!current) {
    return frame(
      null,
      <Text size="sm" c="dimmed">
        Your Google Calendar is connected per business. Switch to {businessName} to connect it here.
      </Text>,
    );
  }
  if (loadError && !status) {
    return frame(
      null,
      <LoadError
        title="Google Calendar status could not be loaded"
        message={loadError.message}
        onRetry={() => void load()}
      />,
    );
  }
  if (!status) return frame(null, <Skeleton height={40} />);
  const s = status;
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
          <Button onClick={() => void connect()} loading={busy === 'connect'}>
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
          <Button onClick={() => void connect()} loading={busy === 'connect'}>
            Reconnect
          </Button>
          <Button variant="default" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </Group>
        {dialog}
      </>,
    );
  }
  const runText = { idle: null, queued: M.queuedRun, running: M.running, follow_up: M.runningThenAgain }[s.run];
  return frame(
    <Badge color="teal" variant="light">
      Connected
    </Badge>,
    <>
      <Text size="sm">{M.connectedAs(s.email)}</Text>
      <Text size="xs" c="dimmed">
        Last synced: {s.lastSyncedAt ? formatInstant(s.lastSyncedAt) : M.neverSynced}
      </Text>
      {runText && (
        <Text size="xs" role="status">
          {runText}
        </Text>
      )}
      {s.lastError && (
        <Alert color="orange" title="The last sync had a problem; it is tried again automatically">
          <Text size="xs">{s.lastError}</Text>
        </Alert>
      )}
      <Group>
        <Button onClick={() => void syncNow()} loading={busy === 'sync'}>
          Sync now
        </Button>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Group>
      {dialog}
    </>,
  );
}
