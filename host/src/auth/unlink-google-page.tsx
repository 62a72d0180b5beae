import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Anchor, Button, Center, Group, Loader, Notice, Stack, Text, CardPage } from '@atrium/ui/core';
import { google, type GoogleStatus } from '@atrium/domain-identity';
import { GoogleSignInButton, googleErrorText } from './google-button';
import { useSession } from './use-session';

type Load = { kind: 'loading' } | { kind: 'ready'; status: GoogleStatus } | { kind: 'error'; message: string };

/**
 * /unlink-google (docs/requirements.md §2, public route): a signed-in user confirms removing the Google account
 * from their Atrium account. Without a password that would lock them out, so the page says how to set one
 * first (the server refuses it too). Not signed in: the way to sign in first.
 */
export function UnlinkGooglePage() {
  const { status: sessionStatus } = useSession();
  const location = useLocation();
  const handedOver = (location.state as { message?: string } | null)?.message ?? null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (sessionStatus !== 'authenticated') return undefined;
    let live = true;
    google.status().then(
      (status) => live && setLoad({ kind: 'ready', status }),
      (e: unknown) => live && setLoad({ kind: 'error', message: googleErrorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [sessionStatus]);

  if (sessionStatus === 'unknown' || (sessionStatus === 'authenticated' && load.kind === 'loading')) {
    return (
      <Center mih="100vh" aria-label="Loading">
        <Loader />
      </Center>
    );
  }

  if (sessionStatus === 'anonymous') {
    return (
      <CardPage title="Unlink Google">
        <Stack>
          <Text>Sign in first to manage the Google account linked to your Atrium account.</Text>
          <Button component={Link} to="/signin" state={{ from: '/unlink-google' }}>
            Sign in
          </Button>
        </Stack>
      </CardPage>
    );
  }

  const back = (
    <Anchor component={Link} to="/" size="sm">
      Back to Atrium
    </Anchor>
  );

  if (load.kind === 'error') {
    return (
      <CardPage title="Unlink Google">
        <Stack>
          <Notice tone="error">{load.message}</Notice>
          {back}
        </Stack>
      </CardPage>
    );
  }

  const status = (load as { status: GoogleStatus }).status;

  const unlink = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await google.unlink();
      setLoad({ kind: 'ready', status: next });
      setDone(true);
    } catch (e) {
      setError(googleErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <CardPage title="Google account unlinked">
        <Stack>
          <Notice tone="success">
            Your Google account is no longer linked. From now on, sign in with your email address ({status.email}) and
            your password.
          </Notice>
          {back}
        </Stack>
      </CardPage>
    );
  }

  if (!status.linked) {
    return (
      <CardPage title="Unlink Google">
        <Stack>
          <Text>No Google account is linked to your Atrium account ({status.email}).</Text>
          {status.enabled && <GoogleSignInButton mode="link" />}
          {back}
        </Stack>
      </CardPage>
    );
  }

  return (
    <CardPage title="Unlink Google">
      <Stack>
        {handedOver && <Notice tone="success">{handedOver}</Notice>}
        <Text>A Google account is linked to your Atrium account ({status.email}).</Text>
        {status.hasPassword ? (
          <>
            <Text size="sm" c="dimmed">
              After unlinking you can no longer use “Continue with Google”; you sign in with your email address and
              password instead. You can link Google again later.
            </Text>
            {error && <Notice tone="error">{error}</Notice>}
            <Group justify="space-between">
              <Button component={Link} to="/" variant="default">
                Cancel
              </Button>
              <Button color="red" loading={busy} onClick={() => void unlink()}>
                Unlink Google
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Notice tone="info">
              Your account has no password yet, so unlinking Google would lock you out. Set a password first: use
              “Forgot password” with your email address, then come back here.
            </Notice>
            <Group justify="space-between">
              {back}
              <Button component={Link} to="/forgot-password" variant="light">
                Set a password
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </CardPage>
  );
}
