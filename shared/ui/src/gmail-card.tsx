import { useCallback, useEffect, useState } from 'react';
import { toast } from '@atrium/event-bus';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';
import { DraggableModal } from './draggable-modal';
import { handleError } from './handle-error';
import { LoadError } from './load-error';

/**
 * The member's Gmail connection as the card shows it. The UI knows no domain: these are the shapes of the comms
 * slice's `GmailStatus`, its calls (`gmail` of `@atrium/domain-comms/public`) and texts (`GMAIL_MESSAGES`).
 */
export interface MailboxStatus {
  configured: boolean;
  state: 'not_configured' | 'not_connected' | 'connected' | 'reconnect';
  connected: boolean;
  email: string | null;
  lastError: string | null;
}

export interface MailboxCalls {
  status(): Promise<MailboxStatus>;
  disconnect(): Promise<MailboxStatus>;
  connectUrl(from: 'profile' | 'emails' | 'campaign'): string;
}

export interface MailboxTexts {
  title: string;
  notConfigured: string;
  notConfiguredHint: string;
  notConnected: string;
  connectedAs(email: string | null): string;
  reconnect: string;
  connect: string;
  reconnectButton: string;
  disconnect: string;
  disconnected: string;
  statusFailed: string;
  disconnectFailed: string;
  gateTitle: string;
  gateCancel: string;
  gateConnect: string;
  results: Record<string, string>;
}

export interface GmailCardProps {
  calls: MailboxCalls;
  texts: MailboxTexts;
  /** The query parameter Google's redirect comes back with (`?gmail=<result>`). */
  resultParam: string;
  onStatus?: (status: MailboxStatus) => void;
  /** Leaves the app for Google's consent (a full navigation; replaceable in tests). */
  navigate?: (url: string) => void;
}

/**
 * The member's own Gmail in the profile's integrations tab: not set up (said plainly, nothing to press), not
 * connected (Connect Gmail), connected as {email} (Disconnect after a confirmation), reconnect needed (Reconnect
 * Gmail). Google's redirect comes back with ?gmail=<result>, said once as a toast.
 */
export function GmailCard({
  calls,
  texts: M,
  resultParam,
  onStatus,
  navigate = (url) => window.location.assign(url),
}: GmailCardProps) {
  const [status, setStatus] = useState<MailboxStatus | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [params, setParams] = useSearchParams();

  const learn = useCallback(
    (s: MailboxStatus) => {
      setStatus(s);
      setLoadError(null);
      onStatus?.(s);
      return s;
    },
    [onStatus],
  );
  const load = useCallback(async () => {
    try {
      learn(await calls.status());
    } catch (error) {
      setLoadError(error as Error);
    }
  }, [calls, learn]);
  useEffect(() => {
    void load();
    // Loaded once per mount (and on Try again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calls]);

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
    try {
      learn(await calls.status());
    } catch (error) {
      setBusy(null);
      handleError(error, { message: M.statusFailed });
      return;
    }
    navigate(calls.connectUrl('profile'));
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
  if (loadError && !status) {
    return frame(null, <LoadError title={M.statusFailed} message={loadError.message} onRetry={() => void load()} />);
  }
  if (!status) return frame(null, <Skeleton height={40} />);
  if (status.state === 'not_configured') {
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
  if (status.state === 'not_connected') {
    return frame(
      <Badge color="gray" variant="light">
        Not connected
      </Badge>,
      <>
        <Text size="sm">{M.notConnected}</Text>
        <Group>
          <Button onClick={() => void connect()} loading={busy === 'connect'}>
            {M.connect}
          </Button>
        </Group>
      </>,
    );
  }
  const dialog = (
    <ConfirmDialog
      opened={confirming}
      title="Disconnect Gmail?"
      message="Atrium stops sending from your mailbox and forgets its access. Emails already kept with projects stay."
      confirmLabel={M.disconnect}
      danger
      loading={busy === 'disconnect'}
      onConfirm={() => void drop()}
      onCancel={() => setConfirming(false)}
    />
  );
  if (status.state === 'reconnect') {
    return frame(
      <Badge color="yellow" variant="light">
        Reconnect needed
      </Badge>,
      <>
        <Alert color="yellow" title="Gmail is not sending">
          <Text size="sm">{M.reconnect}</Text>
        </Alert>
        <Group>
          <Button onClick={() => void connect()} loading={busy === 'connect'}>
            {M.reconnectButton}
          </Button>
          <Button variant="default" onClick={() => setConfirming(true)}>
            {M.disconnect}
          </Button>
        </Group>
        {dialog}
      </>,
    );
  }
  return frame(
    <Badge color="teal" variant="light">
      Connected
    </Badge>,
    <>
      <Text size="sm">{M.connectedAs(status.email)}</Text>
      <Group>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          {M.disconnect}
        </Button>
      </Group>
      {dialog}
    </>,
  );
}

export interface GmailGateModalProps {
  opened: boolean;
  onClose: () => void;
  /** Where Connect Gmail goes (the slice's `gmail.connectUrl(from)`: Google's consent, then back to `from`). */
  connectHref: string;
  /** The spec's texts: GMAIL_MESSAGES.gateTitle / gateCancel / gateConnect. */
  texts: Pick<MailboxTexts, 'gateTitle' | 'gateCancel' | 'gateConnect' | 'notConnected'>;
  navigate?: (url: string) => void;
}

/** The Gmail gate modal: 'Connect Google Workspace to continue' with Cancel and Connect Gmail (spec §2). */
export function GmailGateModal({
  opened,
  onClose,
  connectHref,
  texts: M,
  navigate = (url) => window.location.assign(url),
}: GmailGateModalProps) {
  return (
    <DraggableModal modalId="gmail-gate" opened={opened} onClose={onClose} title={M.gateTitle}>
      <Text size="sm">{M.notConnected}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {M.gateCancel}
        </Button>
        <Button onClick={() => navigate(connectHref)}>{M.gateConnect}</Button>
      </Group>
    </DraggableModal>
  );
}
