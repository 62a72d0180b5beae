import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@atrium/api-client';
import { GOOGLE_CALLBACK_WINDOW_MS } from '@atrium/contracts';
import { Button, Center, Loader, Notice, Stack, Text, CardPage } from '@atrium/ui/core';
import { google, type GoogleCallback, IDENTITY_MESSAGES } from '@atrium/domain-identity';
import { clearGoogleAttempt, googleErrorText } from './google-button';

/** sessionStorage: the callback this tab last handled ({ state, at }), for the 30 s check window. */
export const GOOGLE_CALLBACK_KEY = 'googleCallbackHandled';

type Outcome = { kind: 'signedIn' } | { kind: 'linked' } | { kind: 'failed'; detail: string | null };

/** One POST per callback even when React runs the effect twice (StrictMode) or the page re-mounts. */
const inFlight = new Map<string, Promise<Outcome>>();

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function handledRecently(state: string, now: number): boolean {
  try {
    const raw = tabStorage()?.getItem(GOOGLE_CALLBACK_KEY);
    const seen = raw ? (JSON.parse(raw) as { state?: unknown; at?: unknown }) : null;
    return (
      seen?.state === state &&
      typeof seen.at === 'number' &&
      now - seen.at >= 0 &&
      now - seen.at < GOOGLE_CALLBACK_WINDOW_MS
    );
  } catch {
    return false;
  }
}

async function exchange(callback: GoogleCallback): Promise<Outcome> {
  try {
    const { linked } = await google.complete(callback);
    clearGoogleAttempt();
    return linked ? { kind: 'linked' } : { kind: 'signedIn' };
  } catch (e) {
    const text = googleErrorText(e);
    return { kind: 'failed', detail: text === IDENTITY_MESSAGES.googleSignInFailed ? null : text };
  }
}

/**
 * The same callback seen again within GOOGLE_CALLBACK_WINDOW_MS (a reload, back button, a second mount):
 * its code was already spent, so it is not posted again; the session, if the first try opened one, decides.
 */
async function alreadyHandled(): Promise<Outcome> {
  const user = await api.auth.autoLogin();
  return user ? { kind: 'signedIn' } : { kind: 'failed', detail: null };
}

export function completeGoogleCallback(callback: GoogleCallback, now = Date.now()): Promise<Outcome> {
  const running = inFlight.get(callback.state);
  if (running) return running;
  let outcome: Promise<Outcome>;
  if (handledRecently(callback.state, now)) {
    outcome = alreadyHandled();
  } else {
    tabStorage()?.setItem(GOOGLE_CALLBACK_KEY, JSON.stringify({ state: callback.state, at: now }));
    outcome = exchange(callback);
  }
  inFlight.set(callback.state, outcome);
  // Forget it once the window closes, so the map does not grow for the life of the tab.
  setTimeout(() => inFlight.delete(callback.state), GOOGLE_CALLBACK_WINDOW_MS);
  return outcome;
}

/** For tests: forget every callback seen. */
export function resetGoogleCallbacks(): void {
  inFlight.clear();
  tabStorage()?.removeItem(GOOGLE_CALLBACK_KEY);
}

/**
 * /auth/google/callback (docs/requirements.md §2): Google sends the browser back here with code and state (or an
 * error). The code goes to POST /auth/google once; success lands on home (a link on /unlink-google, which
 * shows the link), failure says 'Google sign in failed' with the way back to /signin.
 */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);

  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  const providerError = params.get('error');

  useEffect(() => {
    if (providerError || !code || !state) {
      setFailure({
        detail:
          providerError === 'access_denied'
            ? 'The sign-in was cancelled at Google.'
            : providerError
              ? `Google answered: ${providerError}.`
              : 'The link back from Google is incomplete.',
      });
      return undefined;
    }
    let live = true;
    void completeGoogleCallback({ code, state, ...(iss ? { iss } : {}) }).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'signedIn') navigate('/', { replace: true });
      else if (outcome.kind === 'linked')
        navigate('/unlink-google', { replace: true, state: { message: 'Your Google account is now linked.' } });
      else setFailure({ detail: outcome.detail });
    });
    return () => {
      live = false;
    };
  }, [code, state, iss, providerError, navigate]);

  if (!failure) {
    return (
      <Center mih="100vh" aria-label="Signing in with Google">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            Signing in with Google…
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <CardPage title="Signing in with Google">
      <Stack>
        <Notice tone="error" title={IDENTITY_MESSAGES.googleSignInFailed}>
          {failure.detail ?? 'Please try again.'}
        </Notice>
        <Button component={Link} to="/signin" variant="light">
          Back to sign in
        </Button>
      </Stack>
    </CardPage>
  );
}
