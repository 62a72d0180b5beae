import { useEffect, useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { GOOGLE_AUTH_COOLDOWN_MS } from '@atrium/contracts/constants';
import { Button, Notice, Stack, Text } from '@atrium/ui/core';
import { google, type GoogleMode, IDENTITY_MESSAGES } from '@atrium/domain-identity';

/** localStorage: when the last Google attempt started (docs/requirements.md §9 cooldown, across tabs). */
export const GOOGLE_LAST_ATTEMPT_KEY = 'googleAuthLastAttempt';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Milliseconds of cooldown left (0 when a new attempt may start). */
export function googleCooldownLeft(now = Date.now()): number {
  const last = Number(storage()?.getItem(GOOGLE_LAST_ATTEMPT_KEY) ?? NaN);
  if (!Number.isFinite(last) || last > now) return 0;
  return Math.max(0, last + GOOGLE_AUTH_COOLDOWN_MS - now);
}

export function markGoogleAttempt(now = Date.now()): void {
  storage()?.setItem(GOOGLE_LAST_ATTEMPT_KEY, String(now));
}

/** A finished (or never started) attempt does not hold the next one back. */
export function clearGoogleAttempt(): void {
  storage()?.removeItem(GOOGLE_LAST_ATTEMPT_KEY);
}

/** The server's refusal (4xx) as it worded it; anything else (network, server fault) is the spec's text. */
export function googleErrorText(e: unknown): string {
  return isApiError(e) && e.status >= 400 && e.status < 500 && e.message
    ? e.message
    : IDENTITY_MESSAGES.googleSignInFailed;
}

/** Leaving the app for the issuer; an object so tests can replace it (jsdom does not navigate). */
export const googleRedirect = {
  to(url: string): void {
    window.location.assign(url);
  },
};

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

type Availability = 'checking' | 'enabled' | 'disabled';

/**
 * "Continue with Google" on the sign-in and sign-up pages (and "Link Google account" with mode="link").
 * Asks the server whether Google is configured and says so plainly when it is not. A second attempt within
 * 60 s (GOOGLE_AUTH_COOLDOWN_MS) shows the cooldown message instead of leaving for Google again.
 */
export function GoogleSignInButton({ mode = 'signin' }: { mode?: GoogleMode }) {
  const [availability, setAvailability] = useState<Availability>('checking');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cooldownLeft, setCooldownLeft] = useState(0);

  useEffect(() => {
    let live = true;
    google.config().then(
      ({ enabled }) => live && setAvailability(enabled ? 'enabled' : 'disabled'),
      // Unknown (network): let the user try; starting reports what went wrong.
      () => live && setAvailability('enabled'),
    );
    return () => {
      live = false;
    };
  }, []);

  // While the cooldown message shows, it counts down and disappears at zero.
  useEffect(() => {
    if (cooldownLeft <= 0) return undefined;
    const timer = setInterval(() => setCooldownLeft(googleCooldownLeft()), 1000);
    return () => clearInterval(timer);
  }, [cooldownLeft > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  const label = mode === 'link' ? 'Link Google account' : 'Continue with Google';

  if (availability === 'disabled') {
    return (
      <Stack gap={6}>
        <Button variant="default" fullWidth disabled leftSection={<GoogleMark />}>
          {label}
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          {IDENTITY_MESSAGES.googleNotConfigured}
        </Text>
      </Stack>
    );
  }

  const start = async () => {
    setError(null);
    const left = googleCooldownLeft();
    if (left > 0) {
      setCooldownLeft(left);
      return;
    }
    markGoogleAttempt();
    setStarting(true);
    try {
      googleRedirect.to(await google.start(mode));
    } catch (e) {
      // The attempt never reached Google: it does not count for the cooldown.
      clearGoogleAttempt();
      setError(googleErrorText(e));
      setStarting(false);
    }
  };

  return (
    <Stack gap="xs">
      {cooldownLeft > 0 && (
        <Notice tone="info">{IDENTITY_MESSAGES.googleCooldown(Math.ceil(cooldownLeft / 1000))}</Notice>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <Button variant="default" fullWidth leftSection={<GoogleMark />} loading={starting} onClick={() => void start()}>
        {label}
      </Button>
    </Stack>
  );
}
