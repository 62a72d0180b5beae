import { screen } from '@testing-library/react';
import { api } from '@atrium/api-client';
import { HOME_AUTO_LOGIN_STOP_MS } from '@atrium/contracts/constants';
import { setTestSession } from '@atrium/api-client/testing';
import { act } from '@testing-library/react';
import { renderAt } from '../test-utils';
import { connectivity } from '../offline/connectivity';
import { RequireAuth } from './require-auth';

describe('RequireAuth', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    connectivity.offline = false;
    localStorage.clear();
  });

  it('sends a visitor without a session to /signin after the auto-login attempt fails', async () => {
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'anonymous' });
      return null;
    });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(auto).toHaveBeenCalled();
  });

  it('on the home route the auto-login is told to stop after 3 s; elsewhere it keeps its own 5 s limit', async () => {
    expect(HOME_AUTO_LOGIN_STOP_MS).toBe(3_000);
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'anonymous' });
      return null;
    });
    renderAt('/', <RequireAuth>home</RequireAuth>);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(auto).toHaveBeenCalledWith({ stopAfterMs: HOME_AUTO_LOGIN_STOP_MS });
    auto.mockClear();
    setTestSession({ status: 'unknown' });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findAllByText('sign-in page')).not.toHaveLength(0);
    expect(auto).toHaveBeenCalledWith({});
  });

  it('renders the page for a signed-in user', async () => {
    setTestSession({ status: 'authenticated' });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('offline, a browser that was signed in gets the page without a session check, which runs once back online', async () => {
    localStorage.setItem('token', 'cookie-session');
    connectivity.offline = true;
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'authenticated' });
      return null;
    });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
    expect(auto).not.toHaveBeenCalled();
    await act(async () => {
      connectivity.offline = false;
    });
    expect(auto).toHaveBeenCalledWith({});
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('offline, a browser that was not signed in waits for the connection (no page, no redirect)', async () => {
    connectivity.offline = true;
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin');
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByLabelText('Checking your session')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(auto).not.toHaveBeenCalled();
  });
});
