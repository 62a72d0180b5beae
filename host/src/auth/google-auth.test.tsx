import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { GOOGLE_AUTH_COOLDOWN_MS, GOOGLE_CALLBACK_WINDOW_MS } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { google, IDENTITY_MESSAGES } from '@atrium/domain-identity';
import { GOOGLE_LAST_ATTEMPT_KEY, GoogleSignInButton, googleRedirect } from './google-button';
import { GOOGLE_CALLBACK_KEY, GoogleCallbackPage, resetGoogleCallbacks } from './google-callback-page';
import { UnlinkGooglePage } from './unlink-google-page';

function renderAt(path: string, element: ReactElement, routePath: string, strict = false) {
  const tree = (
    <UiProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/signin" element={<p>sign-in page</p>} />
          <Route path="/forgot-password" element={<p>forgot page</p>} />
          <Route path="/unlink-google" element={<UnlinkGooglePage />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </UiProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

const user = { id: 'u1', email: 'grace@example.com' } as never;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetGoogleCallbacks();
  setTestSession({ status: 'anonymous', user: null });
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('GoogleSignInButton', () => {
  it('configured: "Continue with Google" gets the start URL and leaves for it', async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    const start = jest.spyOn(google, 'start').mockResolvedValue('https://issuer.example/authorize?state=s');
    const to = jest.spyOn(googleRedirect, 'to').mockImplementation(() => {});
    renderAt('/signin', <GoogleSignInButton />, '/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(to).toHaveBeenCalledWith('https://issuer.example/authorize?state=s'));
    expect(start).toHaveBeenCalledWith('signin');
    expect(Number(localStorage.getItem(GOOGLE_LAST_ATTEMPT_KEY))).toBeGreaterThan(0);
  });

  it('not configured: a disabled button and the plain explanation', async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: false });
    const start = jest.spyOn(google, 'start');
    renderAt('/signin', <GoogleSignInButton />, '/signin');
    expect(await screen.findByText(IDENTITY_MESSAGES.googleNotConfigured)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(start).not.toHaveBeenCalled();
  });

  it('a second attempt within 60 s shows the cooldown with the seconds left and does not start again', async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    const start = jest.spyOn(google, 'start').mockResolvedValue('https://issuer.example/authorize');
    jest.spyOn(googleRedirect, 'to').mockImplementation(() => {});
    localStorage.setItem(GOOGLE_LAST_ATTEMPT_KEY, String(Date.now() - 15_000));
    renderAt('/signin', <GoogleSignInButton />, '/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Authentication cooldown active\. Try again in (45|46) seconds\.$/,
    );
    expect(start).not.toHaveBeenCalled();
  });

  it('after the cooldown a new attempt starts', async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    const start = jest.spyOn(google, 'start').mockResolvedValue('https://issuer.example/authorize');
    jest.spyOn(googleRedirect, 'to').mockImplementation(() => {});
    localStorage.setItem(GOOGLE_LAST_ATTEMPT_KEY, String(Date.now() - GOOGLE_AUTH_COOLDOWN_MS - 1));
    renderAt('/signin', <GoogleSignInButton />, '/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(start).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("a refused start shows the server's reason and does not count for the cooldown", async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    jest
      .spyOn(google, 'start')
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', IDENTITY_MESSAGES.googleNotConfigured));
    renderAt('/signin', <GoogleSignInButton />, '/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MESSAGES.googleNotConfigured);
    expect(localStorage.getItem(GOOGLE_LAST_ATTEMPT_KEY)).toBeNull();
  });

  it('link mode says so and starts a link', async () => {
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    const start = jest.spyOn(google, 'start').mockResolvedValue('https://issuer.example/authorize');
    jest.spyOn(googleRedirect, 'to').mockImplementation(() => {});
    renderAt('/x', <GoogleSignInButton mode="link" />, '/x');
    fireEvent.click(await screen.findByRole('button', { name: 'Link Google account' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('link'));
  });
});

describe('GoogleCallbackPage', () => {
  it('posts code and state once (even under StrictMode) and goes home signed in', async () => {
    localStorage.setItem(GOOGLE_LAST_ATTEMPT_KEY, String(Date.now()));
    const complete = jest.spyOn(google, 'complete').mockImplementation(async () => {
      setTestSession({ status: 'authenticated' });
      return { user, linked: false };
    });
    renderAt('/auth/google/callback?code=c1&state=s1', <GoogleCallbackPage />, '/auth/google/callback', true);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith({ code: 'c1', state: 's1' });
    // A finished attempt does not hold the next one back.
    expect(localStorage.getItem(GOOGLE_LAST_ATTEMPT_KEY)).toBeNull();
  });

  it("forwards the issuer's iss parameter", async () => {
    const complete = jest.spyOn(google, 'complete').mockResolvedValue({ user, linked: false });
    renderAt(
      '/auth/google/callback?code=c&state=s&iss=https%3A%2F%2Fissuer',
      <GoogleCallbackPage />,
      '/auth/google/callback',
    );
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(complete).toHaveBeenCalledWith({ code: 'c', state: 's', iss: 'https://issuer' });
  });

  it("failure: 'Google sign in failed', the server's reason, and the way back to /signin", async () => {
    jest
      .spyOn(google, 'complete')
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', 'Your Google account’s email address is not verified.'));
    renderAt('/auth/google/callback?code=c&state=s', <GoogleCallbackPage />, '/auth/google/callback');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.googleSignInFailed);
    expect(alert).toHaveTextContent('Your Google account’s email address is not verified.');
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });

  it('a network failure shows only the spec text', async () => {
    jest.spyOn(google, 'complete').mockRejectedValue(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'));
    renderAt('/auth/google/callback?code=c&state=s', <GoogleCallbackPage />, '/auth/google/callback');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.googleSignInFailed);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('Google reporting an error (cancelled) fails without posting', async () => {
    const complete = jest.spyOn(google, 'complete');
    renderAt('/auth/google/callback?error=access_denied&state=s', <GoogleCallbackPage />, '/auth/google/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in was cancelled at Google.');
    expect(complete).not.toHaveBeenCalled();
  });

  it('the same callback again within 30 s (a reload) is not posted again; the session decides', async () => {
    sessionStorage.setItem(GOOGLE_CALLBACK_KEY, JSON.stringify({ state: 's2', at: Date.now() - 5_000 }));
    const complete = jest.spyOn(google, 'complete');
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'authenticated' });
      return user;
    });
    renderAt('/auth/google/callback?code=c2&state=s2', <GoogleCallbackPage />, '/auth/google/callback');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(complete).not.toHaveBeenCalled();
    expect(auto).toHaveBeenCalled();
  });

  it('after the 30 s window the same state is checked with the server again', async () => {
    sessionStorage.setItem(
      GOOGLE_CALLBACK_KEY,
      JSON.stringify({ state: 's3', at: Date.now() - GOOGLE_CALLBACK_WINDOW_MS - 1 }),
    );
    const complete = jest
      .spyOn(google, 'complete')
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', IDENTITY_MESSAGES.googleSignInFailed));
    renderAt('/auth/google/callback?code=c3&state=s3', <GoogleCallbackPage />, '/auth/google/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MESSAGES.googleSignInFailed);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('a link lands on /unlink-google, which shows the new link', async () => {
    setTestSession({ status: 'authenticated' });
    jest.spyOn(google, 'complete').mockResolvedValue({ user, linked: true });
    jest
      .spyOn(google, 'status')
      .mockResolvedValue({ enabled: true, linked: true, hasPassword: true, email: 'grace@example.com' });
    renderAt('/auth/google/callback?code=c&state=s4', <GoogleCallbackPage />, '/auth/google/callback');
    expect(await screen.findByText('Your Google account is now linked.')).toBeInTheDocument();
  });
});

describe('UnlinkGooglePage', () => {
  const status = { enabled: true, linked: true, hasPassword: true, email: 'grace@example.com' };

  it('a signed-in user with a password confirms, and the outcome is explained', async () => {
    setTestSession({ status: 'authenticated' });
    jest.spyOn(google, 'status').mockResolvedValue(status);
    const unlink = jest.spyOn(google, 'unlink').mockResolvedValue({ ...status, linked: false });
    renderAt('/unlink-google', <UnlinkGooglePage />, '/unlink-google');
    expect(await screen.findByText(/A Google account is linked to your Atrium account/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your Google account is no longer linked. From now on, sign in with your email address (grace@example.com) and your password.',
    );
    expect(unlink).toHaveBeenCalledTimes(1);
  });

  it('without a password it explains the lock-out and offers to set one instead of unlinking', async () => {
    setTestSession({ status: 'authenticated' });
    jest.spyOn(google, 'status').mockResolvedValue({ ...status, hasPassword: false });
    const unlink = jest.spyOn(google, 'unlink');
    renderAt('/unlink-google', <UnlinkGooglePage />, '/unlink-google');
    expect(await screen.findByText(/unlinking Google would lock you out/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink Google' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Set a password' }));
    expect(await screen.findByText('forgot page')).toBeInTheDocument();
    expect(unlink).not.toHaveBeenCalled();
  });

  it("a refused unlink shows the server's reason", async () => {
    setTestSession({ status: 'authenticated' });
    jest.spyOn(google, 'status').mockResolvedValue(status);
    jest.spyOn(google, 'unlink').mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', 'Set a password first.'));
    renderAt('/unlink-google', <UnlinkGooglePage />, '/unlink-google');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Set a password first.');
  });

  it('not linked: says so and offers to link', async () => {
    setTestSession({ status: 'authenticated' });
    jest.spyOn(google, 'status').mockResolvedValue({ ...status, linked: false });
    jest.spyOn(google, 'config').mockResolvedValue({ enabled: true });
    renderAt('/unlink-google', <UnlinkGooglePage />, '/unlink-google');
    expect(await screen.findByText(/No Google account is linked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Google account' })).toBeInTheDocument();
  });

  it('not signed in: asks to sign in first', async () => {
    setTestSession({ status: 'unknown' });
    jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'anonymous' });
      return null;
    });
    const statusCall = jest.spyOn(google, 'status');
    renderAt('/unlink-google', <UnlinkGooglePage />, '/unlink-google');
    await act(async () => {});
    expect(await screen.findByText(/Sign in first/)).toBeInTheDocument();
    expect(statusCall).not.toHaveBeenCalled();
  });
});
