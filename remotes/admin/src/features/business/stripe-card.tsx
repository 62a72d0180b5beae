import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Group,
  LoadError,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  handleError,
  useSearchParams,
} from '@atrium/ui';
import {
  STRIPE_CONNECT_RESULT_PARAM,
  stripe,
  stripeKeys,
  type StripeAccountStatus,
} from '@atrium/domain-documents/public';

/** Texts only this card shows (its test asserts them word for word). */
export const STRIPE_CARD_TEXTS = {
  title: 'Stripe',
  loadFailed: 'Stripe status could not be loaded',
  notConfigured: 'Card payments through Stripe are not set up on this installation.',
  notConfiguredHint:
    'Whoever runs this installation turns them on with its Stripe keys. Until then, invoices paid another way can be marked paid by hand.',
  notConnected: 'Connect a Stripe account so clients can pay your invoices by card from their invoice link.',
  incomplete: 'Stripe needs more details before this account can take card payments.',
  connected: 'Clients can pay your invoices by card from their invoice link.',
  payoutsPending: 'Stripe has not enabled payouts to your bank yet; payments still arrive in your Stripe balance.',
  disconnected: 'Stripe disconnected',
  returnedConnected: 'Stripe connected: clients can now pay invoices by card',
  returnedIncomplete: 'Stripe onboarding is not finished yet',
  linkExpired: 'The Stripe onboarding link expired. Continue onboarding to get a new one.',
  notCurrent: (business: string) =>
    `The Stripe account is connected per business. Switch to ${business} to see or change its connection.`,
} as const;

type View = 'not_configured' | 'not_connected' | 'incomplete' | 'connected';

/** Which of the four states the account status is in. */
export function stripeView(s: StripeAccountStatus): View {
  if (!s.configured) return 'not_configured';
  if (!s.connected) return 'not_connected';
  return s.chargesEnabled ? 'connected' : 'incomplete';
}

export interface StripeCardProps {
  /** False when the page is about another business than the member's current one (the calls act on the current). */
  current?: boolean;
  businessName?: string;
  /** Leaves the app for Stripe's onboarding (a full navigation; replaceable in tests). */
  navigate?: (url: string) => void;
}

/**
 * The business's Stripe account on the integrations tab: not set up on this installation (said plainly, nothing to
 * press), not connected (Connect Stripe → Stripe's onboarding), onboarding incomplete (Continue onboarding, Check
 * again), connected (charges enabled, the account id, Disconnect after a confirmation). Stripe's onboarding comes
 * back with ?stripe=return (the flags are read again from Stripe and said once) or ?stripe=refresh (its link
 * expired). A failed status read (its 500 is passed quietly by the client, spec §8) shows here with Try again.
 */
export function StripeCard({
  current = true,
  businessName = '',
  navigate = (url) => window.location.assign(url),
}: StripeCardProps) {
  const T = STRIPE_CARD_TEXTS;
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [params, setParams] = useSearchParams();
  const result = params.get(STRIPE_CONNECT_RESULT_PARAM);

  const learn = (s: StripeAccountStatus | undefined) => {
    if (s) qc.setQueryData(stripeKeys.status, s);
  };

  const connect = useMutation({
    mutationFn: () => stripe.connect(),
    onSuccess: ({ url }) => navigate(url),
    onError: (e) => handleError(e),
  });
  const refresh = useMutation({
    mutationFn: () => stripe.refresh(),
    onSuccess: learn,
    onError: (e) => handleError(e),
  });
  const status = useQuery({
    queryKey: stripeKeys.status,
    queryFn: () => stripe.status(),
    // After the onboarding's return the flags come from POST /stripe/refresh (below) first.
    enabled: current && result !== 'return' && !refresh.isPending,
  });
  const disconnect = useMutation({
    mutationFn: () => stripe.disconnect(),
    onSuccess: (s) => {
      learn(s);
      setConfirming(false);
      toast.success(T.disconnected);
    },
    onError: (e) => handleError(e),
  });

  // Back from Stripe's onboarding: read the flags again from Stripe, say the outcome once, drop the parameter.
  const { mutateAsync: refreshNow } = refresh;
  useEffect(() => {
    if (!current || (result !== 'return' && result !== 'refresh')) return;
    const next = new URLSearchParams(params);
    next.delete(STRIPE_CONNECT_RESULT_PARAM);
    setParams(next, { replace: true });
    if (result === 'refresh') {
      toast.info(T.linkExpired);
      return;
    }
    refreshNow().then(
      (s) => (s.chargesEnabled ? toast.success(T.returnedConnected) : toast.info(T.returnedIncomplete)),
      () => undefined,
    );
  }, [current, result, params, setParams, refreshNow, T]);

  const frame = (badge: React.ReactNode, body: React.ReactNode) => (
    <Paper withBorder p="lg" radius="md" aria-label={T.title} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {T.title}
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
        {T.notCurrent(businessName)}
      </Text>,
    );
  }
  const s = status.data;
  if (!s) {
    if (status.isError && !refresh.isPending) {
      return frame(
        null,
        <LoadError title={T.loadFailed} message={status.error.message} onRetry={() => void status.refetch()} />,
      );
    }
    if (refresh.isError) {
      return frame(null, <LoadError title={T.loadFailed} onRetry={() => refresh.mutate()} />);
    }
    return frame(null, <Skeleton height={40} />);
  }

  const view = stripeView(s);
  const disconnectButton = (
    <Button variant="default" color="red" onClick={() => setConfirming(true)}>
      Disconnect
    </Button>
  );
  const dialog = (
    <ConfirmDialog
      opened={confirming}
      title="Disconnect Stripe?"
      message="Clients can no longer pay invoices by card until a Stripe account is connected again. Your Stripe account and the payments already made stay as they are."
      confirmLabel="Disconnect"
      danger
      loading={disconnect.isPending}
      onConfirm={() => disconnect.mutate()}
      onCancel={() => setConfirming(false)}
    />
  );
  const account = s.accountId && (
    <Text size="xs" c="dimmed">
      Stripe account: {s.accountId}
    </Text>
  );

  if (view === 'not_configured') {
    return frame(
      <Badge color="gray" variant="light">
        Not set up
      </Badge>,
      <>
        <Text size="sm">{T.notConfigured}</Text>
        <Text size="xs" c="dimmed">
          {T.notConfiguredHint}
        </Text>
      </>,
    );
  }
  if (view === 'not_connected') {
    return frame(
      <Badge color="gray" variant="light">
        Not connected
      </Badge>,
      <>
        <Text size="sm">{T.notConnected}</Text>
        <Group>
          <Button onClick={() => connect.mutate()} loading={connect.isPending}>
            Connect Stripe
          </Button>
        </Group>
      </>,
    );
  }
  if (view === 'incomplete') {
    return frame(
      <Badge color="yellow" variant="light">
        Onboarding incomplete
      </Badge>,
      <>
        <Alert color="yellow" title="Card payments are not on yet">
          <Text size="sm">{T.incomplete}</Text>
        </Alert>
        {account}
        <Group>
          <Button onClick={() => connect.mutate()} loading={connect.isPending}>
            Continue onboarding
          </Button>
          <Button variant="default" onClick={() => refresh.mutate()} loading={refresh.isPending}>
            Check again
          </Button>
          {disconnectButton}
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
      <Text size="sm">{T.connected}</Text>
      {account}
      {!s.payoutsEnabled && (
        <Text size="xs" c="dimmed">
          {T.payoutsPending}
        </Text>
      )}
      <Group>{disconnectButton}</Group>
      {dialog}
    </>,
  );
}
